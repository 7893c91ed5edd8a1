/// A set of versions written in the range syntax of node-semver, in its default mode.
///
/// The grammar: comparators `<`, `<=`, `>`, `>=`, `=` (or none), separated by spaces (AND) and `||`
/// (OR); hyphen ranges `1.2.3 - 2.3.4`; x-ranges and partial versions (`1.2.x`, `1.2`, `*`); tilde
/// (`~1.2.3`, `~>1.2`) and caret (`^1.2.3`). Each form means what it means in node-semver, for example
/// `^0.2.3` is `>=0.2.3 <0.3.0-0` and `1.2 - 2` is `>=1.2.0 <3.0.0-0`.
///
/// Pre-releases follow node-semver's rule: a version with a pre-release tag satisfies a range only
/// where a comparator in the same `||` set names a pre-release on the same numeric release
/// (`1.2.3-beta.2` satisfies `>=1.2.3-beta.1`, but not `>=1.2.0`).
///
/// Beyond node-semver, as the feed contract asks: versions with more than three components compare on
/// all of them with zero padding (`1.2.3.4` satisfies `>=1.2.3 <1.2.4`), a range may name such versions
/// (`>=1.2.3.4`), and numeric components are read as integers (`1.02` is `1.2`).
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    /// The text as written.
    public let source: String
    /// The comparator sets: a version is in the range when it satisfies every comparator of one set.
    public let comparatorSets: [[Comparator]]

    /// One comparison with a version, such as `>=1.2.0`.
    public struct Comparator: Sendable, Hashable, CustomStringConvertible {
        public enum Operator: String, Sendable, Hashable {
            case lessThan = "<"
            case lessThanOrEqual = "<="
            case greaterThan = ">"
            case greaterThanOrEqual = ">="
            case equal = "="
        }

        public var op: Operator
        public var version: Version

        public init(_ op: Operator, _ version: Version) {
            self.op = op
            self.version = version
        }

        public func isSatisfied(by candidate: Version) -> Bool {
            let order = candidate.compare(version)
            switch op {
            case .lessThan: return order < 0
            case .lessThanOrEqual: return order <= 0
            case .greaterThan: return order > 0
            case .greaterThanOrEqual: return order >= 0
            case .equal: return order == 0
            }
        }

        public var description: String {
            op == .equal ? version.description : op.rawValue + version.description
        }
    }

    /// Reads a range, or throws a ``VersionRangeError`` saying what is wrong.
    public init(parsing string: String) throws(VersionRangeError) {
        self.source = string
        self.comparatorSets = try RangeParser(source: string).parse()
    }

    /// Reads a range; `nil` when it is invalid.
    public init?(_ string: String) {
        guard let range = try? VersionRange(parsing: string) else { return nil }
        self = range
    }

    /// Whether `version` is in the range.
    public func contains(_ version: Version) -> Bool {
        comparatorSets.contains { Self.set($0, contains: version) }
    }

    static func set(_ comparators: [Comparator], contains version: Version) -> Bool {
        for comparator in comparators where !comparator.isSatisfied(by: version) {
            return false
        }
        guard version.isPrerelease else { return true }
        // A pre-release only gets in when the set names a pre-release of the same release.
        return comparators.contains {
            $0.version.isPrerelease && $0.version.compareRelease(version) == 0
        }
    }

    /// Whether the range contains every release (it was written as `*`, `x` or empty).
    public var matchesEveryRelease: Bool {
        comparatorSets.contains { $0.isEmpty }
    }

    /// The range as written.
    public var description: String { source }

    /// The range in plain comparators, as node-semver reports it: `^1.2.3` is `>=1.2.3 <2.0.0-0`.
    public var normalized: String {
        comparatorSets.map { set in set.isEmpty ? "*" : set.map(\.description).joined(separator: " ") }
            .joined(separator: " || ")
    }
}

extension VersionRange: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        do {
            self = try VersionRange(parsing: string)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(source)
    }
}

/// Why a string is not a version range.
public struct VersionRangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole range as written.
    public var input: String
    /// What is wrong, in words.
    public var reason: String

    public init(input: String, reason: String) {
        self.input = input
        self.reason = reason
    }

    public var description: String { "invalid range \"\(input)\": \(reason)" }
}

/// A version in a range with some components possibly left out or written as `x`, `X` or `*`.
struct PartialVersion {
    /// The numeric components before the first wildcard (or all of them).
    var numbers: [Int]
    /// Whether the version is partial: a wildcard was written, or fewer than three components.
    var isPartial: Bool
    var prerelease: [Version.PrereleaseIdentifier]

    var full: Version { Version(numbers, prerelease: prerelease) }

    /// The version with component `index` increased by one and everything after it dropped (zero),
    /// marked `-0` so that no pre-release of it gets in: the exclusive upper bound of a range.
    func bumped(at index: Int) -> Version {
        var components = Array(numbers.prefix(index + 1))
        while components.count < max(3, index + 1) { components.append(0) }
        components[index] += 1
        for position in (index + 1)..<components.count { components[position] = 0 }
        return Version(components, prerelease: [.numeric(0)])
    }

    /// The lowest version the partial version names: missing components are zero.
    var floor: Version {
        var components = numbers
        while components.count < 3 { components.append(0) }
        return Version(components, prerelease: isPartial ? [] : prerelease)
    }
}

struct RangeParser {
    let source: String
    typealias Comparator = VersionRange.Comparator

    func fail(_ reason: String) -> VersionRangeError {
        VersionRangeError(input: source, reason: reason)
    }

    func parse() throws(VersionRangeError) -> [[Comparator]] {
        var sets: [[Comparator]] = []
        for part in source.split(separator: "||", omittingEmptySubsequences: false) {
            sets.append(try parseSet(String(part)))
        }
        return sets
    }

    static func isWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\n" || character == "\r"
    }

    func parseSet(_ text: String) throws(VersionRangeError) -> [Comparator] {
        let words = text.split(whereSeparator: Self.isWhitespace).map(String.init)
        if words.isEmpty { return [] }
        // A hyphen range is the whole set: PARTIAL - PARTIAL.
        if words.count == 3, words[1] == "-" {
            return try hyphen(from: try partial(stripPrefix(words[0])), to: try partial(stripPrefix(words[2])))
        }
        // Join an operator written apart from its version (">= 1.2.3", "~ 1.2", "^ 1").
        var tokens: [String] = []
        var pendingOperator: String?
        for word in words {
            if let op = pendingOperator {
                tokens.append(op + word)
                pendingOperator = nil
            } else if ["<", "<=", ">", ">=", "=", "~", "~>", "^"].contains(word) {
                pendingOperator = word
            } else {
                tokens.append(word)
            }
        }
        if let op = pendingOperator { throw fail("operator \"\(op)\" has no version after it") }
        var comparators: [Comparator] = []
        for token in tokens {
            comparators.append(contentsOf: try comparator(token))
        }
        return comparators
    }

    /// Strips the `v` and `=` characters node-semver allows before a version.
    func stripPrefix(_ text: String) -> Substring {
        text.drop { $0 == "v" || $0 == "=" }
    }

    func comparator(_ token: String) throws(VersionRangeError) -> [Comparator] {
        if token.hasPrefix("~") {
            let rest = token.dropFirst(token.hasPrefix("~>") ? 2 : 1)
            return tilde(try partial(rest.drop { $0 == "v" || $0 == "=" }))
        }
        if token.hasPrefix("^") {
            return caret(try partial(token.dropFirst().drop { $0 == "v" || $0 == "=" }))
        }
        var rest = Substring(token)
        var op = ""
        if rest.hasPrefix("<") || rest.hasPrefix(">") {
            op = String(rest.prefix(1))
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("=") {
            op += "="
            rest = rest.dropFirst()
        }
        if rest.hasPrefix("-") || rest.hasPrefix("|") {
            throw fail("\"\(token)\" is not a comparator")
        }
        return try xRange(op: op, try partial(rest.drop { $0 == "v" || $0 == "=" }), token: token)
    }

    func partial(_ text: Substring) throws(VersionRangeError) -> PartialVersion {
        guard !text.isEmpty else { throw fail("a version is missing") }
        // Split off pre-release and build: the first "-" or "+".
        let coreEnd = text.firstIndex { $0 == "-" || $0 == "+" } ?? text.endIndex
        let core = text[..<coreEnd]
        var numbers: [Int] = []
        var sawWildcard = false
        for part in core.split(separator: ".", omittingEmptySubsequences: false) {
            if part == "x" || part == "X" || part == "*" {
                sawWildcard = true
                continue
            }
            if part.isEmpty { throw fail("\"\(text)\" has an empty component") }
            guard part.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw fail("\"\(part)\" in \"\(text)\" is not a number or x")
            }
            guard let value = Int(part) else { throw fail("\"\(part)\" in \"\(text)\" is too large") }
            if !sawWildcard { numbers.append(value) }
        }
        let isPartial = sawWildcard || numbers.count < 3
        var prerelease: [Version.PrereleaseIdentifier] = []
        if coreEnd < text.endIndex {
            if isPartial {
                throw fail("\"\(text)\": a pre-release or build needs a full version (major.minor.patch)")
            }
            do {
                let version = try Version(parsing: "0" + String(text[coreEnd...]))
                prerelease = version.prerelease
            } catch {
                throw fail("\"\(text)\": \(error.reason)")
            }
        }
        return PartialVersion(numbers: numbers, isPartial: isPartial, prerelease: prerelease)
    }

    func xRange(op: String, _ version: PartialVersion, token: String) throws(VersionRangeError) -> [Comparator] {
        let count = version.numbers.count
        if !version.isPartial {
            let full = version.full
            switch op {
            case "<": return [Comparator(.lessThan, full)]
            case "<=": return [Comparator(.lessThanOrEqual, full)]
            case ">": return [Comparator(.greaterThan, full)]
            case ">=": return [Comparator(.greaterThanOrEqual, full)]
            default: return [Comparator(.equal, full)]
            }
        }
        if count == 0 {
            // "*", ">=*": every release; ">*", "<*": nothing.
            if op == "<" || op == ">" { return [Comparator(.lessThan, Version([0, 0, 0], prerelease: [.numeric(0)]))] }
            return []
        }
        let last = count - 1
        switch op {
        case ">": return [Comparator(.greaterThanOrEqual, version.bumped(at: last).release)]
        case ">=": return [Comparator(.greaterThanOrEqual, version.floor)]
        case "<": return [Comparator(.lessThan, Version(version.floor.components, prerelease: [.numeric(0)]))]
        case "<=": return [Comparator(.lessThan, version.bumped(at: last))]
        default:
            return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: last))]
        }
    }

    func tilde(_ version: PartialVersion) -> [Comparator] {
        switch version.numbers.count {
        case 0: return []
        case 1: return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: 0))]
        default:
            return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: 1))]
        }
    }

    func caret(_ version: PartialVersion) -> [Comparator] {
        let numbers = version.numbers
        switch numbers.count {
        case 0: return []
        case 1: return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: 0))]
        case 2:
            let index = numbers[0] == 0 ? 1 : 0
            return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: index))]
        default:
            // The first non-zero of major, minor, patch is the one that may not change.
            let index = numbers[0] != 0 ? 0 : (numbers[1] != 0 ? 1 : 2)
            return [Comparator(.greaterThanOrEqual, version.floor), Comparator(.lessThan, version.bumped(at: index))]
        }
    }

    func hyphen(from: PartialVersion, to: PartialVersion) throws(VersionRangeError) -> [Comparator] {
        var comparators: [Comparator] = []
        if !from.numbers.isEmpty {
            comparators.append(Comparator(.greaterThanOrEqual, from.floor))
        }
        if !to.numbers.isEmpty {
            if to.isPartial {
                comparators.append(Comparator(.lessThan, to.bumped(at: to.numbers.count - 1)))
            } else {
                comparators.append(Comparator(.lessThanOrEqual, to.full))
            }
        }
        return comparators
    }
}

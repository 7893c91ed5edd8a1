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

    /// Reads a range, or throws a ``VersionRange/ParseError`` saying what is wrong.
    public init(parsing string: String) throws(VersionRange.ParseError) {
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

    /// Whether some release in the range lies after `lower` and at or before `upper`: did an update
    /// from `lower` to `upper` pass through the range? (What's-new messages catch up on versions an
    /// install skipped.) The answer checks the upper end and each comparator's version and the patch
    /// after it, which is exact for comparators, x-ranges, tildes, carets and hyphen ranges.
    public func containsRelease(after lower: Version, upTo upper: Version) -> Bool {
        guard lower < upper else { return false }
        for set in comparatorSets {
            var candidates = [upper.release]
            for comparator in set {
                let point = comparator.version.release
                candidates.append(point)
                var next = Array(point.components.prefix(3))
                while next.count < 3 { next.append(0) }
                next[2] += 1
                candidates.append(Version(next))
            }
            for candidate in candidates where lower < candidate && candidate <= upper {
                if Self.set(set, contains: candidate) { return true }
            }
        }
        return false
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

extension VersionRange: CodableAsText {
    init(codingText: String) throws { try self.init(parsing: codingText) }
    var codingText: String { source }
}

extension VersionRange {
    /// Why a string is not a version range.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
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
    typealias Bytes = ArraySlice<UInt8>

    func fail(_ reason: String) -> VersionRange.ParseError {
        VersionRange.ParseError(input: source, reason: reason)
    }

    static func text(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    func parse() throws(VersionRange.ParseError) -> [[Comparator]] {
        let bytes = Array(source.utf8)[...]
        var sets: [[Comparator]] = []
        var start = bytes.startIndex
        var index = start
        // Split on "||".
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "|"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "|") {
                sets.append(try parseSet(bytes[start..<index]))
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        sets.append(try parseSet(bytes[start..<bytes.endIndex]))
        return sets
    }

    /// Whether `word` is an operator on its own: `<`, `<=`, `>`, `>=`, `=`, `~`, `~>` or `^`. (Byte
    /// tests, not a lookup in a list of strings: that was a sixth of a debug build's time for a range
    /// of 900 alternatives, HostileFeedTests.)
    static func isOperator(_ word: Bytes) -> Bool {
        guard let first = word.first else { return false }
        switch word.count {
        case 1:
            return first == UInt8(ascii: "<") || first == UInt8(ascii: ">") || first == UInt8(ascii: "=")
                || first == UInt8(ascii: "~") || first == UInt8(ascii: "^")
        case 2:
            let second = word[word.startIndex + 1]
            return ((first == UInt8(ascii: "<") || first == UInt8(ascii: ">")) && second == UInt8(ascii: "="))
                || (first == UInt8(ascii: "~") && second == UInt8(ascii: ">"))
        default:
            return false
        }
    }

    func parseSet(_ text: Bytes) throws(VersionRange.ParseError) -> [Comparator] {
        let words = text.split(whereSeparator: Self.isWhitespace)
        if words.isEmpty { return [] }
        // A hyphen range is the whole set: PARTIAL - PARTIAL.
        if words.count == 3, words[1].elementsEqual([UInt8(ascii: "-")]) {
            return try hyphen(from: try partial(stripPrefix(words[0])), to: try partial(stripPrefix(words[2])))
        }
        // Join an operator written apart from its version (">= 1.2.3", "~ 1.2", "^ 1").
        var comparators: [Comparator] = []
        var pendingOperator: Bytes?
        for (position, word) in words.enumerated() {
            try checkOperatorOrder(word, next: position + 1 < words.count ? words[position + 1] : nil)
            if let op = pendingOperator {
                comparators.append(contentsOf: try comparator(Array(op + word)[...]))
                pendingOperator = nil
            } else if Self.isOperator(word) {
                pendingOperator = word
            } else {
                comparators.append(contentsOf: try comparator(word))
            }
        }
        if let op = pendingOperator { throw fail("operator \"\(Self.text(op))\" has no version after it") }
        return comparators
    }

    /// `=>` and `=<` are `>=` and `<=` written backwards: an error that says so, with the comparator
    /// meant (`"=>" is not an operator (did you mean ">=2.0"?)`), rather than what reading them as `=`
    /// before `>2.0` would say (`">2" in ">2.0" is not a number or x`).
    func checkOperatorOrder(_ word: Bytes, next: Bytes?) throws(VersionRange.ParseError) {
        guard word.count >= 2, word.first == UInt8(ascii: "="),
            case let second = word[word.startIndex + 1], second == UInt8(ascii: ">") || second == UInt8(ascii: "<")
        else { return }
        let written = Self.text(word.prefix(2))
        let meant = Self.text([second, UInt8(ascii: "=")][...])
        // The version is in the same word ("=>2.0") or, written apart, the next one ("=> 2.0").
        let version = word.count > 2 ? Self.text(word.dropFirst(2)) : next.map(Self.text) ?? ""
        // Quoted at most 100 characters long, as every diagnostic quotes.
        let quoted = version.count > 100 ? version.prefix(99) + "…" : version
        throw fail("\"\(written)\" is not an operator (did you mean \"\(meant)\(quoted)\"?)")
    }

    /// Strips the `v` and `=` characters node-semver allows before a version.
    func stripPrefix(_ text: Bytes) -> Bytes {
        text.drop { $0 == UInt8(ascii: "v") || $0 == UInt8(ascii: "=") }
    }

    func comparator(_ token: Bytes) throws(VersionRange.ParseError) -> [Comparator] {
        var rest = token
        if rest.first == UInt8(ascii: "~") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: ">") { rest = rest.dropFirst() }
            return tilde(try partial(stripPrefix(rest)))
        }
        if rest.first == UInt8(ascii: "^") {
            return caret(try partial(stripPrefix(rest.dropFirst())))
        }
        var op = ""
        if let first = rest.first, first == UInt8(ascii: "<") || first == UInt8(ascii: ">") {
            op = first == UInt8(ascii: "<") ? "<" : ">"
            rest = rest.dropFirst()
        }
        if rest.first == UInt8(ascii: "=") {
            op += "="
            rest = rest.dropFirst()
        }
        if rest.first == UInt8(ascii: "-") || rest.first == UInt8(ascii: "|") {
            throw fail("\"\(Self.text(token))\" is not a comparator")
        }
        return try xRange(op: op, try partial(stripPrefix(rest)))
    }

    func partial(_ text: Bytes) throws(VersionRange.ParseError) -> PartialVersion {
        guard !text.isEmpty else { throw fail("a version is missing") }
        // Split off pre-release and build: the first "-" or "+".
        let coreEnd = text.firstIndex { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") } ?? text.endIndex
        var numbers: [Int] = []
        var sawWildcard = false
        for part in text[..<coreEnd].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            if part.count == 1, let byte = part.first,
                byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "*")
            {
                sawWildcard = true
                continue
            }
            if part.isEmpty { throw fail("\"\(Self.text(text))\" has an empty component") }
            var value = 0
            for byte in part {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                    throw fail("\"\(Self.text(part))\" in \"\(Self.text(text))\" is not a number or x")
                }
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if o1 || o2 { throw fail("\"\(Self.text(part))\" in \"\(Self.text(text))\" is too large") }
                value = plus
            }
            if !sawWildcard { numbers.append(value) }
        }
        let isPartial = sawWildcard || numbers.count < 3
        var prerelease: [Version.PrereleaseIdentifier] = []
        if coreEnd < text.endIndex {
            if isPartial {
                throw fail("\"\(Self.text(text))\": a pre-release or build needs a full version (major.minor.patch)")
            }
            do {
                let version = try Version(parsing: "0" + Self.text(text[coreEnd...]))
                prerelease = version.prerelease
            } catch {
                throw fail("\"\(Self.text(text))\": \(error.reason)")
            }
        }
        return PartialVersion(numbers: numbers, isPartial: isPartial, prerelease: prerelease)
    }

    func xRange(op: String, _ version: PartialVersion) throws(VersionRange.ParseError) -> [Comparator] {
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

    func hyphen(from: PartialVersion, to: PartialVersion) throws(VersionRange.ParseError) -> [Comparator] {
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

/// An app or OS version, as the feed contract defines it.
///
/// A version is one or more dot-separated non-negative integers, optionally followed by
/// `-prerelease` and `+build` as in Semantic Versioning 2.0:
///
/// - Missing trailing components are zero: `1.2` == `1.2.0` == `1.2.0.0`.
/// - Components are read as integers, as Apple reads bundle versions: `1.02` == `1.2`.
/// - A pre-release is lower than its release, and pre-releases are ordered as in semver.org §11.
/// - Build metadata never affects order or equality.
///
/// Anything else is invalid, and ``init(parsing:)`` says why; nothing is guessed.
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numeric components as written (at least one).
    public let components: [Int]
    /// The pre-release identifiers; empty for a release.
    public let prerelease: [PrereleaseIdentifier]
    /// The build metadata identifiers; they never affect order or equality.
    public let build: [String]

    /// One dot-separated part of a pre-release.
    public enum PrereleaseIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
        case numeric(UInt64)
        case alphanumeric(String)

        public var description: String {
            switch self {
            case .numeric(let value): String(value)
            case .alphanumeric(let value): value
            }
        }

        /// semver.org §11.4: numeric identifiers compare numerically and are lower than alphanumeric
        /// ones; alphanumeric identifiers compare in ASCII order.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.numeric(let a), .numeric(let b)): a < b
            case (.numeric, .alphanumeric): true
            case (.alphanumeric, .numeric): false
            case (.alphanumeric(let a), .alphanumeric(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
            }
        }
    }

    /// Makes a version from its parts. Components must not be empty or negative.
    public init(_ components: [Int], prerelease: [PrereleaseIdentifier] = [], build: [String] = []) {
        precondition(!components.isEmpty && components.allSatisfy { $0 >= 0 }, "invalid version components")
        self.components = components
        self.prerelease = prerelease
        self.build = build
    }

    public init(_ major: Int, _ minor: Int, _ patch: Int, prerelease: [PrereleaseIdentifier] = []) {
        self.init([major, minor, patch], prerelease: prerelease)
    }

    /// Reads a version, or throws a ``Version/ParseError`` saying what is wrong and where.
    public init(parsing string: String) throws(Version.ParseError) {
        self = try VersionParser.parse(string)
    }

    /// Reads a version; `nil` when it is invalid.
    public init?(_ string: String) {
        guard let version = try? VersionParser.parse(string) else { return nil }
        self = version
    }

    public var major: Int { components[0] }
    public var minor: Int { components.count > 1 ? components[1] : 0 }
    public var patch: Int { components.count > 2 ? components[2] : 0 }
    public var isPrerelease: Bool { !prerelease.isEmpty }

    /// The component at `index`, zero past the written ones.
    public subscript(component index: Int) -> Int {
        index < components.count ? components[index] : 0
    }

    /// The same version without pre-release and build.
    public var release: Version { Version(components) }

    public var description: String {
        var text = components.map(String.init).joined(separator: ".")
        if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
        if !build.isEmpty { text += "+" + build.joined(separator: ".") }
        return text
    }

    /// Compares only the numeric components, zero-padded.
    func compareRelease(_ other: Version) -> Int {
        let count = max(components.count, other.components.count)
        for index in 0..<count {
            let a = self[component: index]
            let b = other[component: index]
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// -1, 0 or 1, by the precedence of the feed contract.
    public func compare(_ other: Version) -> Int {
        let release = compareRelease(other)
        if release != 0 { return release }
        switch (prerelease.isEmpty, other.prerelease.isEmpty) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return -1
        case (false, false):
            for (a, b) in zip(prerelease, other.prerelease) where a != b {
                return a < b ? -1 : 1
            }
            if prerelease.count == other.prerelease.count { return 0 }
            return prerelease.count < other.prerelease.count ? -1 : 1
        }
    }

    public static func == (lhs: Version, rhs: Version) -> Bool { lhs.compare(rhs) == 0 }
    public static func < (lhs: Version, rhs: Version) -> Bool { lhs.compare(rhs) < 0 }

    public func hash(into hasher: inout Hasher) {
        var significant = components[...]
        while significant.count > 1, significant.last == 0 { significant = significant.dropLast() }
        hasher.combine(significant.count)
        for component in significant { hasher.combine(component) }
        hasher.combine(prerelease)
    }
}

extension Version: CodableAsText {
    init(codingText: String) throws { self = try VersionParser.parse(codingText) }
    var codingText: String { description }
}

/// A value stored in JSON as the text it is read from (a version, a range).
protocol CodableAsText: Codable {
    init(codingText: String) throws
    var codingText: String { get }
}

extension CodableAsText {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Self(codingText: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(codingText)
    }
}

extension Version {
    /// Why a string is not a version.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text that was read.
        public var input: String
        /// What is wrong, in words.
        public var reason: String

        public init(input: String, reason: String) {
            self.input = input
            self.reason = reason
        }

        public var description: String { "invalid version \"\(input)\": \(reason)" }
    }
}

enum VersionParser {
    static func parse(_ string: String) throws(Version.ParseError) -> Version {
        let bytes = Array(string.utf8)
        var index = 0
        let fail = { (reason: String) in Version.ParseError(input: string, reason: reason) }
        guard !bytes.isEmpty else { throw fail("it is empty") }
        let (components, end) = try parseComponents(bytes, from: 0, input: string)
        index = end
        var prerelease: [Version.PrereleaseIdentifier] = []
        var build: [String] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            let (identifiers, next) = try parseIdentifiers(bytes, from: index + 1, part: "pre-release", input: string)
            // A loop, not a typed-throws `map`: Xcode 15's standard library (scripts/apple-sdk-typecheck
            // checks against it) has only the untyped one.
            prerelease.reserveCapacity(identifiers.count)
            for identifier in identifiers {
                let text = String(decoding: identifier, as: UTF8.self)
                guard identifier.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                    prerelease.append(.alphanumeric(text))
                    continue
                }
                if identifier.count > 1, identifier.first == UInt8(ascii: "0") {
                    throw fail("numeric pre-release identifier \"\(text)\" has a leading zero")
                }
                guard let value = UInt64(text) else { throw fail("pre-release identifier \"\(text)\" is too large") }
                prerelease.append(.numeric(value))
            }
            index = next
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") {
            let (identifiers, next) = try parseIdentifiers(bytes, from: index + 1, part: "build", input: string)
            build = identifiers.map { String(decoding: $0, as: UTF8.self) }
            index = next
        }
        if index < bytes.count {
            throw fail("unexpected \(describe(bytes[index])) at position \(index + 1)")
        }
        return Version(components, prerelease: prerelease, build: build)
    }

    /// Reads `N(.N)*` from `start`; returns the components and the index after them. Stops at the
    /// first byte that is neither a digit nor a dot that continues the components.
    static func parseComponents(
        _ bytes: [UInt8], from start: Int, input: String
    ) throws(Version.ParseError) -> ([Int], Int) {
        let fail = { (reason: String) in Version.ParseError(input: input, reason: reason) }
        var components: [Int] = []
        var index = start
        while true {
            let componentStart = index
            var value = 0
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
                if o1 || o2 { throw fail("component \(components.count + 1) is too large") }
                value = plus
                index += 1
            }
            if index == componentStart {
                if index >= bytes.count {
                    throw fail(components.isEmpty ? "it is empty" : "component \(components.count + 1) is empty")
                }
                let byte = bytes[index]
                if componentStart == start && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) {
                    throw fail("a version has no sign; it starts with a number")
                }
                if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                    throw fail("component \(components.count + 1) is empty")
                }
                throw fail("\(describe(byte)) at position \(index + 1) where a number was expected")
            }
            components.append(value)
            guard index < bytes.count else { return (components, index) }
            switch bytes[index] {
            case UInt8(ascii: "."):
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"):
                return (components, index)
            default:
                throw fail("\(describe(bytes[index])) at position \(index + 1) in a numeric component")
            }
        }
    }

    /// Reads dot-separated identifiers of `[0-9A-Za-z-]` up to a `+` or the end.
    static func parseIdentifiers(
        _ bytes: [UInt8], from start: Int, part: String, input: String
    ) throws(Version.ParseError) -> ([ArraySlice<UInt8>], Int) {
        var identifiers: [ArraySlice<UInt8>] = []
        var index = start
        var identifierStart = start
        while true {
            let atEnd = index >= bytes.count || bytes[index] == UInt8(ascii: "+") && part == "pre-release"
            if atEnd || bytes[index] == UInt8(ascii: ".") {
                if index == identifierStart {
                    throw Version.ParseError(input: input, reason: "empty \(part) identifier")
                }
                identifiers.append(bytes[identifierStart..<index])
                if atEnd { return (identifiers, index) }
                index += 1
                identifierStart = index
                continue
            }
            let byte = bytes[index]
            let allowed =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
            guard allowed else {
                throw Version.ParseError(
                    input: input, reason: "\(describe(byte)) at position \(index + 1) in the \(part) part")
            }
            index += 1
        }
    }

    static func describe(_ byte: UInt8) -> String {
        if byte == 0x20 { return "a space" }
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "a non-ASCII character"
    }
}

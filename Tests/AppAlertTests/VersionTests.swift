import AppAlert
import Foundation
import Testing

struct VersionTests {
    /// (lower, higher): every pair must compare in this order, both ways.
    static let ascending: [(String, String)] = [
        // semver.org §11's precedence example, pair by pair.
        ("1.0.0-alpha", "1.0.0-alpha.1"),
        ("1.0.0-alpha.1", "1.0.0-alpha.beta"),
        ("1.0.0-alpha.beta", "1.0.0-beta"),
        ("1.0.0-beta", "1.0.0-beta.2"),
        ("1.0.0-beta.2", "1.0.0-beta.11"),
        ("1.0.0-beta.11", "1.0.0-rc.1"),
        ("1.0.0-rc.1", "1.0.0"),
        ("1.0.0", "2.0.0"),
        ("2.0.0", "2.1.0"),
        ("2.1.0", "2.1.1"),
        // Numbers, not strings: the classic bug.
        ("1.9", "1.10"),
        ("1.9.9", "1.10.0"),
        ("9", "10"),
        ("2.1", "2.1.1"),
        // More than three components compare on all of them.
        ("1.2.3", "1.2.3.4"),
        ("1.2.3.4", "1.2.4"),
        ("1.2.3.4", "1.2.3.10"),
        ("1.2.3.4.5", "1.2.3.4.6"),
        // Pre-releases: lower than their release, higher than the one before.
        ("1.2", "1.3-beta"),
        ("1.3-beta", "1.3"),
        ("1.0.0-1", "1.0.0-alpha"),
        ("1.0.0-alpha", "1.0.0-alpha-1"),
        ("1.0.0-Beta", "1.0.0-beta"),
        ("1.0.0-2", "1.0.0-10"),
        ("0.0.0-0", "0.0.0"),
        ("0", "0.0.1"),
        ("4294967295", "4294967296"),
    ]

    @Test(arguments: ascending)
    func comparesInPrecedenceOrder(lower: String, higher: String) throws {
        let a = try Version(parsing: lower)
        let b = try Version(parsing: higher)
        #expect(a < b)
        #expect(b > a)
        #expect(a.compare(b) == -1)
        #expect(b.compare(a) == 1)
        #expect(a != b)
    }

    static let equal: [(String, String)] = [
        ("1.0", "1.0.0"),
        ("1.2", "1.2.0.0"),
        ("1", "1.0.0.0.0"),
        ("2.1", "2.1.0"),
        ("1.02", "1.2"),
        ("01.002.0003", "1.2.3"),
        ("1.0.0+build.1", "1.0.0"),
        ("1.0.0+build.1", "1.0.0+other"),
        ("1.0.0-alpha+001", "1.0.0-alpha"),
        ("1.0-rc.1", "1.0.0-rc.1"),
        ("0", "0.0"),
        ("17.2", "17.2.0"),
    ]

    @Test(arguments: equal)
    func equalVersionsAreEqualAndHashAlike(_ first: String, _ second: String) throws {
        let a = try Version(parsing: first)
        let b = try Version(parsing: second)
        #expect(a == b)
        #expect(a.compare(b) == 0)
        #expect(!(a < b) && !(b < a))
        #expect(Set([a, b]).count == 1)
    }

    static let invalid: [(String, String)] = [
        ("", "it is empty"),
        ("1..2", "component 2 is empty"),
        (".1", "component 1 is empty"),
        ("1.", "component 2 is empty"),
        ("v1.0", "'v' at position 1 where a number was expected"),
        ("-1.0", "a version has no sign"),
        ("+1", "a version has no sign"),
        ("1.0a", "'a' at position 4 in a numeric component"),
        ("1.0-", "empty pre-release identifier"),
        ("1.0+", "empty build identifier"),
        ("1.0-a..b", "empty pre-release identifier"),
        ("1.0.0-01", "leading zero"),
        ("1.0-a$b", "'$' at position 6 in the pre-release part"),
        (" 1.0", "a space at position 1"),
        ("1.0 ", "a space at position 4"),
        ("1.0+a+b", "'+' at position 6 in the build part"),
        ("99999999999999999999", "component 1 is too large"),
        ("1,0", "',' at position 2"),
        ("١.٠", "a non-ASCII character"),
        ("1.x", "'x' at position 3"),
    ]

    @Test(arguments: invalid)
    func invalidVersionsAreReportedNotGuessed(_ text: String, _ expectedReason: String) {
        #expect(Version(text) == nil)
        do {
            _ = try Version(parsing: text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            #expect(error.input == text)
            #expect(error.reason.contains(expectedReason), "\(error.reason)")
            #expect(error.description.hasPrefix("invalid version \"\(text)\""))
        }
    }

    @Test
    func descriptionKeepsTheWrittenComponentsAsIntegers() throws {
        #expect(try Version(parsing: "1.02.0-beta.1+exp.sha").description == "1.2.0-beta.1+exp.sha")
        #expect(try Version(parsing: "17.2").description == "17.2")
    }

    @Test
    func exposesComponentsWithZeroPadding() throws {
        let version = try Version(parsing: "3.1")
        #expect(version.major == 3)
        #expect(version.minor == 1)
        #expect(version.patch == 0)
        #expect(version[component: 7] == 0)
        #expect(try Version(parsing: "3.1.0-rc.2").release == Version(3, 1, 0))
    }

    @Test
    func sortsAMixedList() throws {
        let sorted = try ["1.10", "1.9", "1.0.0-rc.1", "1.0", "1.9.1", "0.9"].map { try Version(parsing: $0) }.sorted()
        #expect(sorted.map(\.description) == ["0.9", "1.0.0-rc.1", "1.0", "1.9", "1.9.1", "1.10"])
    }

    @Test
    func versionsAndRangesAreCodedAsTheirText() throws {
        struct Pair: Codable, Equatable {
            var version: Version
            var range: VersionRange
        }
        let pair = Pair(version: try Version(parsing: "1.2.0-rc.1+b5"), range: try VersionRange(parsing: "^1.2 || 2.x"))
        let data = try JSONEncoder().encode(pair)
        #expect(String(decoding: data, as: UTF8.self).contains("\"1.2.0-rc.1+b5\""))
        #expect(try JSONDecoder().decode(Pair.self, from: data) == pair)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Pair.self, from: Data("{\"version\": \"1..2\", \"range\": \"*\"}".utf8))
        }
    }
}

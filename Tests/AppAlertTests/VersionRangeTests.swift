import AppAlert
import Testing

struct VersionRangeTests {
    /// (range, version, expected): node-semver's meaning in its default mode.
    static let cases: [(String, String, Bool)] = [
        // Primitive comparators.
        (">1.2.3", "1.2.4", true), (">1.2.3", "1.2.3", false),
        ("<1.2.3", "1.2.2", true), ("<1.2.3", "1.2.3", false),
        (">=1.2.3", "1.2.3", true), (">=1.2.3", "1.2.2", false),
        ("<=1.2.3", "1.2.3", true), ("<=1.2.3", "1.2.4", false),
        ("=1.2.3", "1.2.3", true), ("=1.2.3", "1.2.4", false),
        ("1.2.3", "1.2.3", true), ("1.2.3", "1.2.30", false),
        // Intersections and unions.
        (">=1.2.7 <1.3.0", "1.2.7", true), (">=1.2.7 <1.3.0", "1.2.99", true),
        (">=1.2.7 <1.3.0", "1.2.6", false), (">=1.2.7 <1.3.0", "1.3.0", false),
        ("1.2.7 || >=1.2.9 <2.0.0", "1.2.7", true), ("1.2.7 || >=1.2.9 <2.0.0", "1.4.6", true),
        ("1.2.7 || >=1.2.9 <2.0.0", "1.2.8", false), ("1.2.7 || >=1.2.9 <2.0.0", "2.0.0", false),
        // Pre-releases get in only through a comparator naming one on the same release.
        (">1.2.3-alpha.3", "1.2.3-alpha.7", true), (">1.2.3-alpha.3", "3.4.5-alpha.9", false),
        (">1.2.3-alpha.3", "3.4.5", true), (">1.2.3-alpha.3", "1.2.3-alpha.2", false),
        ("^1.0.0", "1.5.0-beta", false), ("*", "1.0.0-beta", false), (">=0.0.0", "1.0.0-beta", false),
        (">=1.0.0-beta <2", "1.0.0-rc", true), (">=1.0.0-beta <2", "1.5.0-beta", false),
        ("<1", "1.0.0-beta", false), ("<2.0.0", "2.0.0-beta", false),
        ("1.2.3-beta.1 || 1.3.0-beta.1", "1.3.0-beta.1", true),
        // Hyphen ranges.
        ("1.2.3 - 2.3.4", "1.2.3", true), ("1.2.3 - 2.3.4", "2.3.4", true), ("1.2.3 - 2.3.4", "2.3.5", false),
        ("1.2 - 2.3.4", "1.2.0", true), ("1.2 - 2.3.4", "1.1.9", false),
        ("1.2.3 - 2.3", "2.3.9", true), ("1.2.3 - 2.3", "2.4.0", false),
        ("1.2.3 - 2", "2.9.9", true), ("1.2.3 - 2", "3.0.0", false),
        ("v1.2.3 - v2.0.0", "2.0.0", true), ("* - 2", "0.0.1", true), ("* - 2", "3.0.0", false),
        ("1.2.3-beta - 2.0.0", "1.2.3-rc", true), ("1.0.0 - 2.0.0-rc.1", "2.0.0-beta", true),
        // X-ranges and partial versions.
        ("*", "1.0.0", true), ("*", "0.0.0", true), ("", "5.6.7", true), ("x", "1.2.3", true),
        ("1.x", "1.9.9", true), ("1.x", "2.0.0", false), ("1.x", "0.9.9", false),
        ("1.2.x", "1.2.9", true), ("1.2.x", "1.3.0", false), ("1.2.*", "1.2.0", true), ("1.X", "1.4", true),
        ("1", "1.9", true), ("1", "2.0", false), ("1.2", "1.2.5", true), ("1.2", "1.3.0", false),
        (">1", "2.0.0", true), (">1", "1.9.9", false), (">=1", "1.0.0", true), ("<1", "0.9.9", true),
        ("<1", "1.0.0", false), ("<=1.2", "1.2.9", true), ("<=1.2", "1.3.0", false), (">1.2", "1.3.0", true),
        (">1.2", "1.2.9", false), ("=1.2", "1.2.5", true), ("<1.2", "1.1.9", true), ("<1.2", "1.2.0", false),
        (">*", "1.0.0", false), ("<*", "0.0.0", false), (">=*", "3.0.0", true),
        // Tilde.
        ("~1.2.3", "1.2.3", true), ("~1.2.3", "1.2.9", true), ("~1.2.3", "1.3.0", false), ("~1.2.3", "1.2.2", false),
        ("~1.2", "1.2.0", true), ("~1.2", "1.3.0", false), ("~1", "1.9", true), ("~1", "2.0", false),
        ("~0.2.3", "0.2.5", true), ("~0.2.3", "0.3.0", false), ("~0", "0.9", true), ("~0", "1.0", false),
        ("~1.2.3-beta.2", "1.2.3-beta.4", true), ("~1.2.3-beta.2", "1.2.4-beta.2", false),
        ("~1.2.3-beta.2", "1.2.4", true), ("~>1.2", "1.2.5", true), ("~>1.2", "1.3.0", false), ("~1.x", "1.7", true),
        // Caret.
        ("^1.2.3", "1.9.9", true), ("^1.2.3", "2.0.0", false), ("^1.2.3", "1.2.2", false),
        ("^0.2.3", "0.2.9", true), ("^0.2.3", "0.3.0", false), ("^0.0.3", "0.0.3", true), ("^0.0.3", "0.0.4", false),
        ("^1.2.3-beta.2", "1.2.3-beta.4", true), ("^1.2.3-beta.2", "1.2.4-beta.2", false),
        ("^1.2.3-beta.2", "1.9.0", true), ("^0.0.3-beta", "0.0.3-pr.2", true), ("^0.0.3-beta", "0.0.4", false),
        ("^1.2.x", "1.2.0", true), ("^1.2.x", "2.0.0", false), ("^0.0.x", "0.0.9", true), ("^0.0.x", "0.1.0", false),
        ("^0.0", "0.0.9", true), ("^1.x", "1.0", true), ("^1.x", "2.0", false), ("^0.x", "0.9", true),
        ("^0.x", "1.0", false), ("^0.0.0", "0.0.0", true), ("^0.0.0", "0.0.1", false),
        // Whitespace and prefixes as node-semver allows them.
        (">= 1.2.3", "1.2.3", true), ("~ 1.2", "1.2.4", true), ("^ 1.2", "1.9", true),
        ("  >=1.0.0   <2.0.0  ", "1.5.0", true), ("v1.2.3", "1.2.3", true), ("=v1.2.3", "1.2.3", true),
        (">=v1.2", "1.2.0", true), ("1.2.3  ||  2.x", "2.5.0", true),
        // Build metadata is ignored.
        ("1.2.3", "1.2.3+build.5", true), (">1.2.3+build", "1.2.3", false), ("1.2.3+build", "1.2.3", true),
        // More than three components, with zero padding.
        (">=1.2.3 <1.2.4", "1.2.3.4", true), ("1.2.3", "1.2.3.4", false), ("1.2.3", "1.2.3.0", true),
        (">=1.2.3.4", "1.2.3.5", true), (">=1.2.3.4", "1.2.3.3", false), ("~1.2.3", "1.2.3.9", true),
        ("^1.2", "1.99.0.1", true), ("1.2.3.x", "1.2.3.7", true), ("1.2.3.x", "1.2.4", false),
        ("<1.2.3.4", "1.2.3", true),
        // Integer reading, as for versions.
        ("1.02", "1.2.5", true), (">=01.0", "1.0.0", true),
        // Two-component OS versions, as apps see them.
        (">=17.0 <17.2", "17.1.2", true), (">=17.0 <17.2", "17.2", false), ("17.x", "17.0.1", true),
    ]

    @Test(arguments: cases)
    func satisfiesAsNodeSemverDoes(range: String, version: String, expected: Bool) throws {
        let parsed = try VersionRange(parsing: range)
        #expect(
            parsed.contains(try Version(parsing: version)) == expected, "\(version) in \(range) → \(parsed.normalized)")
    }

    static let normalized: [(String, String)] = [
        ("^1.2.3", ">=1.2.3 <2.0.0-0"),
        ("^0.2.3", ">=0.2.3 <0.3.0-0"),
        ("^0.0.3", ">=0.0.3 <0.0.4-0"),
        ("^1.2.3-beta.2", ">=1.2.3-beta.2 <2.0.0-0"),
        ("~1.2", ">=1.2.0 <1.3.0-0"),
        ("~1", ">=1.0.0 <2.0.0-0"),
        ("1.2.3 - 2.3", ">=1.2.3 <2.4.0-0"),
        ("1.2 - 2.3.4", ">=1.2.0 <=2.3.4"),
        (">1.2", ">=1.3.0"),
        ("<=1.2", "<1.3.0-0"),
        ("<1", "<1.0.0-0"),
        ("*", "*"),
        ("1.x || >=2.5.0", ">=1.0.0 <2.0.0-0 || >=2.5.0"),
        (">=1.2.7 <1.3.0", ">=1.2.7 <1.3.0"),
        (">*", "<0.0.0-0"),
        ("1.2.3", "1.2.3"),
    ]

    @Test(arguments: normalized)
    func normalizesToTheComparatorsNodeSemverUses(range: String, expected: String) throws {
        #expect(try VersionRange(parsing: range).normalized == expected)
    }

    static let invalid: [(String, String)] = [
        ("1.2.3 -", "\"-\" is not a comparator"),
        (">=", "operator \">=\" has no version"),
        (">=a", "\"a\" in \"a\" is not a number or x"),
        ("1.2.3-", "empty pre-release identifier"),
        ("1.2-beta", "needs a full version"),
        (">=1.2.3<2", "is not a number or x"),
        ("1 | 2", "\"|\" is not a comparator"),
        ("1.2.3 - 2 - 3", "is not a comparator"),
        ("^", "no version"),
        ("1..2", "empty component"),
        ("a.b.c", "is not a number"),
        ("~>", "no version"),
        ("1.2.3 ||| 2", "is not a comparator"),
        ("99999999999999999999", "too large"),
        // >= and <= written backwards: the comparator meant, with its version, in the same word or the next.
        ("=>2.0", "\"=>\" is not an operator (did you mean \">=2.0\"?)"),
        ("=<1.2.3", "\"=<\" is not an operator (did you mean \"<=1.2.3\"?)"),
        (">=1.0 <2.0 || => 3", "\"=>\" is not an operator (did you mean \">=3\"?)"),
        ("=>", "\"=>\" is not an operator (did you mean \">=\"?)"),
    ]

    @Test(arguments: invalid)
    func invalidRangesAreReported(range: String, expectedReason: String) {
        #expect(VersionRange(range) == nil)
        do {
            _ = try VersionRange(parsing: range)
            Issue.record("\"\(range)\" was accepted")
        } catch {
            #expect(error.input == range)
            #expect(error.reason.contains(expectedReason), "\(error.reason)")
        }
    }
}

struct NodeSemverCrossCheckTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var range: String
        var version: String
        var expected: Bool
        var testDescription: String { "\(version) in \"\(range)\"" }
    }

    /// 3,000 random ranges and versions with node-semver's answers (see
    /// scripts/generate-node-semver-cases.py); every one must agree.
    static func loadCases() throws -> [Case] {
        let text = String(decoding: try Fixtures.data("node-semver-cases.tsv"), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Case(range: fields[0], version: fields[1], expected: fields[2] == "true")
        }
    }

    @Test
    func agreesWithNodeSemverOnGeneratedCases() throws {
        let cases = try Self.loadCases()
        #expect(cases.count == 3000)
        var disagreements: [String] = []
        for testCase in cases {
            let range = try VersionRange(parsing: testCase.range)
            let answer = range.contains(try Version(parsing: testCase.version))
            if answer != testCase.expected {
                disagreements.append("\(testCase.testDescription): expected \(testCase.expected) (\(range.normalized))")
            }
        }
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements:\n\(disagreements.prefix(20).joined(separator: "\n"))")
    }
}

@_spi(Authoring) import AppAlert
import PropertyBased
import Testing

/// One of `choices` (never empty).
func oneOf(_ choices: [String]) -> Generator<String, Shrink.None<String>> {
    Generator { rng in choices.randomElement(using: &rng) ?? choices[0] }
}

/// Random versions: 1 to 5 small components (so equal and padded versions are common), sometimes a
/// prerelease.
let versionTexts = zip(
    Gen.int(in: 0...4).array(of: 1...5),
    oneOf(["", "", "", "-alpha", "-alpha.1", "-beta", "-rc.2", "-1"])
).map { components, prerelease in
    components.map(String.init).joined(separator: ".") + prerelease
}

/// Release versions of exactly three components, for range bounds.
let boundTexts = Gen.int(in: 0...3).array(of: 3).map { $0.map(String.init).joined(separator: ".") }

let releaseTexts = Gen.int(in: 0...3).array(of: 1...5).map { $0.map(String.init).joined(separator: ".") }

let operators = oneOf(["<", "<=", ">", ">=", "="])

func parsed(_ text: String) -> Version {
    guard let version = Version(text) else { fatalError("generated an invalid version: \(text)") }
    return version
}

struct VersionOrderPropertyTests {
    @Test
    func compareIsATotalOrder() async {
        await propertyCheck(count: 500, input: versionTexts, versionTexts, versionTexts) { a, b, c in
            let (x, y, z) = (parsed(a), parsed(b), parsed(c))
            // Exactly one of <, ==, >; and the sign flips with the arguments.
            #expect([x < y, x == y, y < x].filter { $0 }.count == 1, "\(a) vs \(b)")
            #expect(x.compare(y) == -y.compare(x), "\(a) vs \(b)")
            #expect(x.compare(x) == 0)
            // Transitive.
            if x <= y && y <= z { #expect(x <= z, "\(a) <= \(b) <= \(c)") }
            // Equal versions hash alike, so they can key a dictionary.
            if x == y { #expect(x.hashValue == y.hashValue, "\(a) == \(b)") }
        }
    }

    @Test
    func trailingZeroComponentsDoNotChangeAVersion() async {
        await propertyCheck(count: 300, input: versionTexts, Gen.int(in: 1...3)) { text, zeros in
            let dash = text.firstIndex(of: "-") ?? text.endIndex
            let padded = text[..<dash] + String(repeating: ".0", count: zeros) + text[dash...]
            #expect(parsed(text) == parsed(String(padded)), "\(text) vs \(padded)")
            #expect(parsed(text).hashValue == parsed(String(padded)).hashValue)
        }
    }

    @Test
    func aPrereleaseComesBeforeItsRelease() async {
        await propertyCheck(count: 200, input: releaseTexts, oneOf(["alpha", "beta.2", "rc.1", "0"])) {
            release, tag in
            #expect(parsed(release + "-" + tag) < parsed(release), "\(release)-\(tag)")
        }
    }

    @Test
    func aVersionReadsBackFromItsDescription() async {
        await propertyCheck(count: 300, input: versionTexts) { text in
            let version = parsed(text)
            #expect(Version(version.description) == version, "\(text) → \(version)")
        }
    }
}

struct VersionRangePropertyTests {
    /// The reference: a comparator set holds when every comparator holds by plain comparison; a range
    /// holds when any of its sets does. Release versions only (node-semver's prerelease rule is
    /// checked separately).
    static func reference(_ sets: [[(String, String)]], contains candidate: Version) -> Bool {
        sets.contains { comparators in
            comparators.allSatisfy { op, bound in
                let order = candidate.compare(parsed(bound))
                switch op {
                case "<": return order < 0
                case "<=": return order <= 0
                case ">": return order > 0
                case ">=": return order >= 0
                default: return order == 0
                }
            }
        }
    }

    static let comparatorSets = zip(operators, boundTexts).array(of: 1...3).array(of: 1...3)

    @Test
    func aRangeContainsExactlyWhatItsComparatorsAllow() async {
        await propertyCheck(count: 500, input: Self.comparatorSets, releaseTexts) { sets, candidateText in
            let text = sets.map { $0.map { $0 + $1 }.joined(separator: " ") }.joined(separator: " || ")
            guard let range = VersionRange(text) else {
                Issue.record("\(text) did not parse")
                return
            }
            let candidate = parsed(candidateText)
            #expect(
                range.contains(candidate) == Self.reference(sets, contains: candidate), "\(candidateText) in \(text)")
        }
    }

    @Test
    func aPrereleaseIsOutsideRangesThatNameNoPrerelease() async {
        await propertyCheck(count: 300, input: Self.comparatorSets, releaseTexts) { sets, release in
            let text = sets.map { $0.map { $0 + $1 }.joined(separator: " ") }.joined(separator: " || ")
            guard let range = VersionRange(text) else { return }
            #expect(!range.contains(parsed(release + "-beta.1")), "\(release)-beta.1 in \(text)")
        }
    }
}

import Testing

@_spi(Authoring) @testable import AppAlert

struct RolloutTests {
    /// Known answers, computed independently with Python's hashlib:
    /// `int.from_bytes(sha256(f"appalert-rollout:{id}:{install}".encode()).digest()[:8], "big") % 1_000_000`.
    static let knownBuckets: [(Int, String, UInt64)] = [
        (1, "A1B2C3", 708_738),
        (2, "A1B2C3", 108_641),
        (42, "install-0001", 279_987),
        (7, "", 392_097),
    ]

    @Test(arguments: knownBuckets)
    func bucketsAreFixedAcrossPlatformsAndReleases(messageID: Int, installID: String, bucket: UInt64) {
        #expect(Rollout.bucket(messageID: messageID, installID: installID) == bucket)
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (String(repeating: "a", count: 200), "c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5"),
    ])
    func sha256MatchesKnownDigests(input: String, hex: String) {
        let digest = ContentHash.sha256(Array(input.utf8))
        #expect(
            digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
                .joined() == hex)
    }

    static let installs = (0..<20_000).map { "install-\($0)" }

    @Test(arguments: [1.0, 10, 30, 50, 90])
    func percentagesReachThatShareOfInstalls(percent: Double) {
        let reached = Self.installs.filter {
            Rollout.includes(bucket: Rollout.bucket(messageID: 9, installID: $0), percent: percent)
        }.count
        let share = Double(reached) / Double(Self.installs.count) * 100
        // 20,000 draws: three standard deviations are under 1.1 points at 50 %.
        #expect(abs(share - percent) < 1.1, "\(share)% reached for \(percent)%")
    }

    @Test
    func raisingThePercentageOnlyAddsInstalls() {
        let steps: [Double] = [0, 0.5, 5, 30, 60, 99.9, 100]
        for install in Self.installs.prefix(2_000) {
            let bucket = Rollout.bucket(messageID: 3, installID: install)
            let membership = steps.map { Rollout.includes(bucket: bucket, percent: $0) }
            // Once in, in at every higher step.
            if let first = membership.firstIndex(of: true) {
                #expect(membership[first...].allSatisfy { $0 }, "\(install) left the rollout")
            }
            #expect(membership.first == false)
            #expect(membership.last == true)
        }
    }

    @Test
    func eachMessageDrawsItsOwnSample() {
        let both = Self.installs.filter {
            Rollout.includes(bucket: Rollout.bucket(messageID: 1, installID: $0), percent: 50)
                && Rollout.includes(bucket: Rollout.bucket(messageID: 2, installID: $0), percent: 50)
        }.count
        let share = Double(both) / Double(Self.installs.count) * 100
        #expect(abs(share - 25) < 1.5, "\(share)% in both")
    }
}

struct LanguageTagTests {
    @Test(arguments: [
        ("pt", "pt-BR", true), ("pt", "pt", true), ("pt-BR", "pt-BR", true), ("pt-BR", "pt-PT", false),
        ("pt-BR", "pt", false), ("PT-br", "pt_BR", true), ("en", "en-US", true), ("en", "eng", false),
        ("zh-Hans", "zh-Hans-CN", true), ("zh-Hant", "zh-Hans-CN", false), ("*", "fr-CA", true),
    ])
    func languageRangesMatchByPrefix(range: String, tag: String, expected: Bool) {
        #expect(LanguageTag(range).matches(LanguageTag(tag)) == expected)
    }

    @Test(arguments: [
        ("en", true), ("pt-BR", true), ("zh-Hans-CN", true), ("en_US", true), ("es-419", true), ("*", true),
        ("", false), ("e", false), ("english", false), ("en--US", false), ("en-", false), ("1a", false),
        ("en-toolongsubtag", false),
    ])
    func wellFormedTagsAreRecognised(tag: String, expected: Bool) {
        #expect(LanguageTag(tag).isWellFormed == expected)
    }

    @Test(arguments: [
        ("zh-TW", "hant"), ("zh-HK", "hant"), ("zh-CN", "hans"), ("zh-Hans-HK", "hans"), ("sr-Latn", "latn"),
    ])
    func chineseRegionsImplyTheirScript(tag: String, script: String) {
        #expect(LanguageTag(tag).script.map(String.init) == script)
    }
}

/// Which of a set of language tags (a table's keys, a feed's `localizations`) serves a device's
/// preferred languages: one rule for the built-in texts and the feed's own texts, so a prompt, a
/// message and its controls always speak the same language.
///
/// For each preferred language in order (the first one served wins: a French device with English
/// second gets French), among the candidates of the same language and script:
/// 1. the same tag;
/// 2. the same region (`zh-HK` for `zh-Hant-HK`);
/// 3. the region's regional variety (`pt-PT` for `pt-AO`, `es-419` for `es-MX`, `zh-HK` for `zh-MO`);
/// 4. the language alone, or the language and script (`es` for `es-MX`, `zh-Hant` for `zh-TW`);
/// 5. for a tag without a region, the language's main variety (`pt-BR` for `pt`);
/// 6. any other region (`pt-BR` for `pt-PT` when only Brazilian is served).
///
/// Scripts are compared as written or as implied (Unicode's likely subtags for the languages written
/// in two scripts): `zh`, `zh-CN`, `zh-SG` are Simplified, `zh-TW`, `zh-HK`, `zh-MO` Traditional;
/// `sr` and `sr-RS` are Cyrillic, `sr-ME` Latin. Withdrawn codes mean their successors (`iw` Hebrew,
/// `in` Indonesian, `ji` Yiddish, `tl` Filipino), and Norwegian (`no`) and Nynorsk (`nn`) are served
/// Bokmål (`nb`) when they are not served themselves.
///
/// Written here, not taken from `Locale`: Foundation on Linux has no `Locale.Language` matching, and
/// the rules must be the same on every platform the core runs on (the feed is decided on Linux tools
/// too).
enum LanguageMatching {
    /// The index in `candidates` that serves `preferred` (most preferred first), or `nil` when none
    /// of the preferred languages is served.
    static func best(of candidates: [LanguageTag], for preferred: [LanguageTag]) -> Int? {
        best(of: Candidates(candidates), for: preferred)
    }

    /// The same for candidates read beforehand: a table that never changes (the built-in texts) is
    /// read once, not at each message it serves, and each language asked for is answered from the
    /// index, without going through the candidates again.
    static func best(of candidates: Candidates, for preferred: [LanguageTag]) -> Int? {
        for language in preferred {
            if let found = best(of: candidates, asking: Key(language)) { return found }
        }
        return nil
    }

    /// The candidate that serves a language asked as `wanted` (read once for a language asked of several
    /// candidate lists): the tag's, else its fallback's (Bokmål for Norwegian and Nynorsk).
    static func best(of candidates: Candidates, asking wanted: Key) -> Int? {
        if let found = candidates.best(for: wanted) { return found }
        switch wanted.language {
        case "no", "nn": return candidates.best(for: bokmål)
        default: return nil
        }
    }

    private static let bokmål = Key(LanguageTag("nb"))

    /// Candidate tags as the matching compares them, indexed by language and script: in each group,
    /// the first candidate of each tag and of each region (`nil`: none), and the group's first.
    struct Candidates: Sendable {
        private struct Group: Sendable {
            var first: Int
            var exact: [String: Int] = [:]
            var byRegion: [Substring?: Int] = [:]

            /// Adds the candidate at `index`; returns the first candidate of its tag.
            mutating func add(_ key: Key, at index: Int) -> Int {
                if byRegion[key.region] == nil { byRegion[key.region] = index }
                if let first = exact[key.exact] { return first }
                exact[key.exact] = index
                return index
            }
        }

        private struct GroupKey: Hashable, Sendable {
            let language: Substring
            let script: Substring?
        }

        private var groups: [GroupKey: Group] = [:]
        /// Each candidate's tag as the matching compares it, in the candidates' order: what asking for
        /// it looks for, without reading the tag again.
        let keys: [Key]
        /// For each candidate, what asking for its own tag answers: the first candidate of the same tag
        /// (itself, unless an earlier one has its tag). Known from the indexing, so a caller asking for
        /// the candidates' own tags needs no look-up.
        let servingOwnTag: [Int]

        init(_ tags: [LanguageTag]) {
            self.init(keys: tags.map(Key.init))
        }

        init(keys: [Key]) {
            self.keys = keys
            var servingOwnTag: [Int] = []
            servingOwnTag.reserveCapacity(keys.count)
            for (index, key) in keys.enumerated() {
                // Changed in place, found once: a copy taken out and put back would copy its tables.
                servingOwnTag.append(
                    groups[GroupKey(language: key.language, script: key.script), default: Group(first: index)].add(
                        key, at: index))
            }
            self.servingOwnTag = servingOwnTag
        }

        /// The candidate that serves `wanted`, the first of the best: among those of its language and
        /// script, the same tag; the same region; the region's variety; no region; for a tag without a
        /// region, the language's main variety; any other. Each step is one look-up.
        func best(for wanted: Key) -> Int? {
            guard let group = groups[GroupKey(language: wanted.language, script: wanted.script)] else { return nil }
            if let found = group.exact[wanted.exact] { return found }
            if let region = wanted.region {
                if let found = group.byRegion[region] { return found }
                if let parent = parentRegion(language: wanted.language, region: region),
                    let found = group.byRegion[parent]
                {
                    return found
                }
            }
            if let found = group.byRegion[nil] { return found }
            if wanted.region == nil, let main = mainRegion[String(wanted.language)], let found = group.byRegion[main] {
                return found
            }
            return group.first
        }
    }

    /// A tag reduced to what the matching compares: the canonical language, the script (written or
    /// implied), the region, and the tag with its canonical language for the exact match.
    struct Key: Sendable {
        let language: Substring
        let script: Substring?
        let region: Substring?
        let exact: String

        init(_ tag: LanguageTag) {
            let language = LanguageMatching.canonicalLanguage(tag.language)
            let rest = tag.subtags.dropFirst()
            let written = rest.first { Self.has($0, count: 4, all: \.isLetter, ascii: LanguageTag.isASCIILetter) }
            let region = rest.first {
                Self.has($0, count: 2, all: \.isLetter, ascii: LanguageTag.isASCIILetter)
                    || Self.has($0, count: 3, all: \.isNumber, ascii: LanguageTag.isASCIIDigit)
            }
            self.language = language
            self.region = region
            script = written ?? LanguageMatching.likelyScript(language: language, region: region)
            // The tag's own normalized string when its language is already the canonical one: no copy.
            exact = language == tag.language ? tag.normalized : ([language] + rest).joined(separator: "-")
        }

        /// Whether `subtag` is `count` characters that are all `property`: read as bytes when it is ASCII
        /// (where `ascii` is the same test), as characters otherwise.
        private static func has(
            _ subtag: Substring, count: Int, all property: (Character) -> Bool, ascii: (UInt8) -> Bool
        ) -> Bool {
            var bytes = 0
            var holds = true
            for byte in subtag.utf8 {
                guard byte < 0x80 else { return subtag.count == count && subtag.allSatisfy(property) }
                bytes += 1
                holds = holds && ascii(byte)
            }
            return holds && bytes == count
        }
    }

    /// Withdrawn ISO 639 codes that devices and old feeds still send.
    static func canonicalLanguage(_ language: Substring) -> Substring {
        switch language {
        case "iw": "he"
        case "in": "id"
        case "ji": "yi"
        case "tl": "fil"
        default: language
        }
    }

    /// The script a tag without one implies, for the languages the tables serve in two scripts.
    static func likelyScript(language: Substring, region: Substring?) -> Substring? {
        switch language {
        case "zh": ["tw", "hk", "mo"].contains(region ?? "") ? "hant" : "hans"
        case "sr": region == "me" ? "latn" : "cyrl"
        default: nil
        }
    }

    /// The regional variety a region's speakers are served before the language alone: European
    /// Portuguese outside Brazil, Latin-American Spanish in the Americas, Hong Kong's Traditional
    /// Chinese in Macao (Unicode CLDR's parent locales).
    static func parentRegion(language: Substring, region: Substring) -> Substring? {
        switch language {
        case "pt": region == "br" ? nil : "pt"
        case "es": latinAmerica.contains(region) ? "419" : nil
        case "zh": region == "mo" ? "hk" : nil
        default: nil
        }
    }

    private static let latinAmerica: Set<Substring> = [
        "ar", "bo", "br", "bz", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "pr",
        "py", "sv", "us", "uy", "ve",
    ]

    /// The variety a tag without a region gets when only regional ones are served: `pt` is Brazilian
    /// Portuguese, as Apple's `pt` localization is.
    private static let mainRegion: [String: Substring] = ["pt": "br", "es": "es", "fr": "fr", "en": "us"]
}

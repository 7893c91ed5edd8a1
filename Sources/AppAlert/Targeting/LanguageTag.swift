/// A BCP 47 language tag such as `pt-BR` or `zh-Hans-CN`, compared without regard to case and with
/// `_` read as `-` (so `en_US`, as `Locale` identifiers are written, is `en-US`).
public struct LanguageTag: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given.
    public let original: String
    /// The lowercased subtags.
    public let subtags: [Substring]
    /// The tag lowercased, with `-` for `_`: what the matching compares for an exact match, one string
    /// (hashed as bytes) rather than its subtags (each hashed through Unicode normalization).
    let normalized: String

    public init(_ tag: String) {
        self.original = tag
        // A tag already in lowercase ASCII letters, digits and hyphens (as feeds write most) is split as
        // it is: lowercasing it would give the same string.
        let normalized = tag.utf8.allSatisfy(Self.isNormalized) ? tag : tag.lowercased().replacingUnderscores()
        self.normalized = normalized
        self.subtags = normalized.split(separator: "-", omittingEmptySubsequences: false)
    }

    private static func isNormalized(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || isASCIIDigit(byte) || byte == UInt8(ascii: "-")
    }

    /// Whether `byte` is an ASCII letter, of either case (``isWellFormed`` and the matching read tags as bytes).
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
    }

    static func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether the tag is well formed: subtags of 1 to 8 letters or digits, a language of 2 to 3
    /// letters (or `*`). Read as bytes: a subtag of ASCII letters and digits has as many characters as
    /// bytes, and any other byte makes the tag ill-formed.
    public var isWellFormed: Bool {
        guard let language = subtags.first, !language.isEmpty else { return false }
        if language == "*" { return subtags.count == 1 }
        guard (2...3).contains(language.utf8.count) || language == "x" || language == "i",
            language.utf8.allSatisfy(Self.isASCIILetter)
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count)
                && subtag.utf8.allSatisfy { Self.isASCIILetter($0) || Self.isASCIIDigit($0) }
        }
    }

    public var language: Substring { subtags.first ?? "" }

    /// The script subtag, written or implied by the region for Chinese (TW, HK and MO use Hant;
    /// CN and SG use Hans).
    public var script: Substring? {
        if let written = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return written
        }
        guard language == "zh" else { return nil }
        let region = subtags.dropFirst().first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        switch region {
        case "tw", "hk", "mo": return "hant"
        case "cn", "sg": return "hans"
        default: return nil
        }
    }

    /// RFC 4647 basic filtering: `self`, used as a language range, matches `tag` when it equals it or
    /// is a prefix of it ending at a subtag boundary ("pt" matches "pt-BR"; "pt-BR" matches only
    /// "pt-BR" and its extensions). `*` matches every tag.
    public func matches(_ tag: LanguageTag) -> Bool {
        if subtags == ["*"] { return true }
        guard subtags.count <= tag.subtags.count else { return false }
        return zip(subtags, tag.subtags).allSatisfy { $0 == $1 }
    }

    /// Whether the two tags are the same language in a compatible script: `pt` and `pt-BR` are;
    /// `zh-Hans` and `zh-TW` are not.
    public func sharesLanguage(with other: LanguageTag) -> Bool {
        guard language == other.language else { return false }
        guard let script, let otherScript = other.script else { return true }
        return script == otherScript
    }

    /// The key of a table of built-in texts (keys are language tags: `en`, `pt-BR`, `zh-Hant`) that
    /// serves the preferred `languages` (most preferred first), by ``LanguageMatching``'s rules; `nil`
    /// when no preferred language is served (the caller falls back to English).
    static func bestKey(of keys: some Collection<String>, for languages: [LanguageTag]) -> String? {
        let sorted = keys.sorted()
        return LanguageMatching.best(of: sorted.map(LanguageTag.init), for: languages).map { sorted[$0] }
    }

    /// Whether text in this language is written right to left: by its script when the tag names one
    /// (`az-Arab` is, `uz-Latn` is not), else by its language (Arabic, Hebrew, Persian, Urdu, Pashto,
    /// Sindhi, Uyghur, Yiddish, Dhivehi, Central Kurdish; `iw` is Hebrew's old code).
    public var isRightToLeft: Bool {
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains(script)
        }
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb"].contains(language)
    }

    public var description: String { original }

    public static func == (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.subtags == rhs.subtags }
    public func hash(into hasher: inout Hasher) { hasher.combine(subtags) }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        contains("_") ? String(map { $0 == "_" ? "-" : $0 }) : self
    }
}

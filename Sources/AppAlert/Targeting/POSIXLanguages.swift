/// The languages a Linux (or other POSIX) user prefers, read from the environment as gettext reads
/// them, for command-line tools: Foundation's `Locale.preferredLanguages` on Linux answers `en-001`
/// whatever `LANG` or `LANGUAGE` say (measured with Swift 6.3.1), so a tool would speak English to a
/// user whose whole system speaks French. On Apple platforms `Locale` is right and this is not used.
package enum POSIXLanguages {
    /// The preferred languages, most preferred first: the message locale is the first set of
    /// `LC_ALL`, `LC_MESSAGES` and `LANG`; when it is unset, `C` or `POSIX`, none (English, as gettext
    /// does, which then ignores `LANGUAGE`); else `LANGUAGE`'s list (`pt_BR:pt:en`) when it has one,
    /// else the locale alone. Names that are not locales are left out.
    package static func preferred(in environment: [String: String]) -> [LanguageTag] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, let localeTag = tag(forLocale: locale) else { return [] }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").compactMap { tag(forLocale: String($0)) }
        return list.isEmpty ? [localeTag] : list
    }

    /// The language tag of a POSIX locale name, `language[_TERRITORY][.codeset][@modifier]`:
    /// `pt_BR.UTF-8` is `pt-BR`, `sr_RS@latin` is `sr-Latn-RS`, `uz_UZ@cyrillic` is `uz-Cyrl-UZ`,
    /// `ca_ES@valencia` is `ca-ES-valencia`; `C`, `POSIX` and anything not a locale name are `nil`.
    static func tag(forLocale name: String) -> LanguageTag? {
        var rest = Substring(name)
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard let language = parts.first, language != "C", language != "POSIX" else { return nil }
        var subtags = [language.lowercased()]
        switch modifier?.lowercased() {
        case "latin": subtags.append("Latn")
        case "cyrillic": subtags.append("Cyrl")
        case "devanagari": subtags.append("Deva")
        default: break
        }
        if parts.count == 2 { subtags.append(parts[1].uppercased()) }
        if let modifier, ["valencia", "saaho"].contains(modifier.lowercased()) {
            subtags.append(modifier.lowercased())
        }
        let tag = LanguageTag(subtags.joined(separator: "-"))
        return tag.isWellFormed && tag.language != "*" ? tag : nil
    }
}

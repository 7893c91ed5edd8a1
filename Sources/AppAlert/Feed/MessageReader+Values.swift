import Foundation

// The readers of single values (strings, numbers, lists, versions, ranges, dates, URLs, links,
// localizations) that every key of a message goes through.
extension MessageReader {
    mutating func wrongType(
        _ value: JSONValue, key: String, expected: String, path: @autoclosure () -> String? = nil
    ) {
        report(
            .error, .wrongType, path: path(), key: key, value: value.compactDescription,
            reason: "\"\(key)\" must be \(expected), not \(value.typeDescription)")
    }

    mutating func string(_ value: JSONValue, key: String, path: @autoclosure () -> String? = nil) -> String? {
        if case .string(let string) = value {
            if string.utf8.count > maximumStringLength {
                let limit = maximumStringLength
                report(
                    .error, .limit, path: path(), key: key, value: "\"" + string.prefix(40) + "…\"",
                    reason: "\"\(key)\" is \(string.utf8.count) bytes long; the limit is \(limit) "
                        + "(FeedLimits.maximumStringLength)")
                return nil
            }
            return string
        }
        wrongType(value, key: key, expected: "a string", path: path())
        return nil
    }

    mutating func nonEmptyString(_ value: JSONValue, key: String) -> String? {
        guard let string = string(value, key: key) else { return nil }
        if string.isEmpty {
            report(.error, .invalidValue, key: key, value: "\"\"", reason: "\"\(key)\" must not be empty")
            return nil
        }
        return string
    }

    mutating func requiredString(_ value: JSONValue?, _ key: String) -> String? {
        guard let value else {
            let written = unknownKeysWritten
            report(
                .error, .missingKey, key: key, reason: "\"\(key)\" is missing" + Self.misspelling(of: key, in: written))
            return nil
        }
        return string(value, key: key)
    }

    /// A number within `range`, or an error that says which range.
    mutating func number(_ value: JSONValue, key: String, in range: ClosedRange<Double>) -> Double? {
        guard let number = value.doubleValue else {
            wrongType(value, key: key, expected: "a number")
            return nil
        }
        guard range.contains(number) else {
            let bounds =
                range.upperBound == .greatestFiniteMagnitude
                ? "at least \(JSONValue.number(range.lowerBound).compactDescription)"
                : "from \(JSONValue.number(range.lowerBound).compactDescription) to "
                    + JSONValue.number(range.upperBound).compactDescription
            report(
                .error, .outOfRange, key: key, value: value.compactDescription, reason: "\"\(key)\" must be \(bounds)")
            return nil
        }
        return number
    }

    mutating func integer(_ value: JSONValue, key: String, minimum: Int?) -> Int? {
        guard let number = value.integerValue else {
            if value.doubleValue != nil {
                report(
                    .error, .invalidValue, key: key, value: value.compactDescription,
                    reason: "\"\(key)\" must be a whole number")
            } else {
                wrongType(value, key: key, expected: "a whole number")
            }
            return nil
        }
        if let minimum, number < minimum {
            report(
                .error, .outOfRange, key: key, value: value.compactDescription,
                reason: "\"\(key)\" must be at least \(minimum)")
            return nil
        }
        return number
    }

    mutating func stringArray(_ value: JSONValue, key: String) -> [String]? {
        guard case .array(let elements) = value else {
            wrongType(value, key: key, expected: "an array of strings")
            return nil
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        var valid = true
        for (position, element) in elements.enumerated() {
            if case .string = element {
                let base = messagePathParts
                if let string = string(
                    element, key: key, path: JSONPath.appending(key, to: base.path) + "[\(position)]")
                {
                    strings.append(string)
                } else {
                    valid = false
                }
            } else {
                valid = false
                let base = messagePath
                report(
                    .error, .wrongType, path: JSONPath.appending(key, to: base) + "[\(position)]", key: key,
                    value: element.compactDescription,
                    reason: "\"\(key)\" must hold strings, not \(element.typeDescription)")
            }
        }
        return valid ? strings : nil
    }

    mutating func versionList(_ value: JSONValue, key: String) -> [Version]? {
        guard let strings = stringArray(value, key: key) else { return nil }
        if strings.isEmpty {
            report(.warning, .matchesNothing, key: key, value: "[]", reason: "an empty \"\(key)\" matches no version")
        }
        var versions: [Version] = []
        versions.reserveCapacity(strings.count)
        for (position, string) in strings.enumerated() {
            do {
                versions.append(try Version(parsing: string))
            } catch {
                let base = messagePath
                report(
                    .error, .invalidVersion, path: JSONPath.appending(key, to: base) + "[\(position)]", key: key,
                    value: JSONValue.string(string).compactDescription, reason: error.description)
            }
        }
        return versions.count == strings.count ? versions : nil
    }

    mutating func range(_ value: JSONValue, key: String) -> VersionRange? {
        guard let string = string(value, key: key) else { return nil }
        do {
            let range: VersionRange
            // Only short texts are looked up or kept: a long one is rarely repeated, and hashing it only
            // to miss is a cost hostile ranges of thousands of alternatives do not need.
            let memoized = string.utf8.count <= 64
            if memoized, let parsed = parsedRanges[string] {
                range = parsed
            } else {
                range = try VersionRange(parsing: string)
                if memoized, parsedRanges.count < Self.parsedRangeLimit { parsedRanges[string] = range }
            }
            // Bytes, not Characters: grapheme breaking over a 10 KB range cost more than parsing it.
            if range.matchesEveryRelease, string.utf8.allSatisfy(RangeParser.isWhitespace) {
                report(
                    .warning, .noEffect, key: key, value: "\"\(string)\"",
                    reason: "an empty \"\(key)\" matches every release")
            }
            return range
        } catch {
            report(
                .error, .invalidRange, key: key, value: JSONValue.string(string).compactDescription,
                reason: error.description)
            return nil
        }
    }

    mutating func date(_ value: JSONValue, key: String) -> Date? {
        guard let string = string(value, key: key) else { return nil }
        do {
            return try RFC3339.parse(string)
        } catch {
            report(
                .error, .invalidDate, key: key, value: JSONValue.string(string).compactDescription,
                reason: error.description + " (RFC 3339 with an offset, e.g. 2026-03-01T09:00:00Z)")
            return nil
        }
    }

    mutating func readPlatforms(_ value: JSONValue) -> [Platform]? {
        guard let strings = stringArray(value, key: "platforms") else { return nil }
        if strings.isEmpty {
            report(
                .warning, .matchesNothing, key: "platforms", value: "[]",
                reason: "an empty \"platforms\" matches no device")
        }
        let platforms = strings.map { Platform(rawValue: $0) }
        for (position, platform) in platforms.enumerated() where !platform.isKnown {
            let base = messagePath
            report(
                .warning, .unknownPlatform, path: base + ".platforms[\(position)]", key: "platforms",
                value: JSONValue.string(strings[position]).compactDescription,
                reason: "unknown platform \"\(strings[position])\" matches no device (known: "
                    + Platform.known.map(\.rawValue).joined(separator: ", ") + ")")
        }
        return platforms
    }

    mutating func readLocales(_ value: JSONValue) -> [LanguageTag]? {
        guard let strings = stringArray(value, key: "locales") else { return nil }
        if strings.isEmpty {
            report(
                .warning, .matchesNothing, key: "locales", value: "[]", reason: "an empty \"locales\" matches no device"
            )
        }
        var tags: [LanguageTag] = []
        for (position, string) in strings.enumerated() {
            let tag = LanguageTag(string)
            if tag.isWellFormed {
                tags.append(tag)
            } else {
                let base = messagePath
                report(
                    .error, .invalidLanguageTag, path: base + ".locales[\(position)]", key: "locales",
                    value: JSONValue.string(string).compactDescription,
                    reason: "\"\(string)\" is not a BCP 47 language tag (e.g. \"pt\" or \"pt-BR\")")
            }
        }
        return tags.count == strings.count ? tags : nil
    }

    mutating func readLink(_ value: JSONValue, path: @autoclosure () -> String) -> Message.Link? {
        guard case .object(let object) = value else {
            wrongType(value, key: "link", expected: "an object with \"title\" and \"url\"", path: path())
            return nil
        }
        checkKeys(of: object, known: Self.linkKeys, path: path())
        var title: String?
        if let titleValue = present(object, "title") {
            title = string(titleValue, key: "title", path: path() + ".title")
        } else {
            report(
                .error, .missingKey, path: path() + ".title", key: "title", reason: "the link's \"title\" is missing")
        }
        guard let urlValue = present(object, "url") else {
            report(.error, .missingKey, path: path() + ".url", key: "url", reason: "the link's \"url\" is missing")
            return nil
        }
        guard let urlString = string(urlValue, key: "url", path: path() + ".url") else { return nil }
        guard let url = checkedURL(urlString, value: urlValue, path: path() + ".url") else { return nil }
        guard let title else { return nil }
        return Message.Link(title: title, url: url)
    }

    /// The URL of a link or store page, or an error: absolute, and not a scheme that runs code or reads
    /// local data; `http:` is a warning.
    mutating func checkedURL(
        _ text: String, value: JSONValue, key: String = "url", path: @autoclosure () -> String
    ) -> URL? {
        guard let (url, scheme) = Self.absoluteURL(text) else {
            report(
                .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
                reason: Self.whyNotAbsolute(text, example: "https://example.com/help"))
            return nil
        }
        if LinkPolicy.forbiddenSchemes.contains(scheme) {
            report(
                .error, .invalidURL, path: path(), key: key, value: value.compactDescription,
                reason: "a link may not open a \(scheme): URL")
            return nil
        }
        if scheme == "http" {
            report(
                .warning, .insecureLink, path: path(), key: key, value: value.compactDescription,
                reason:
                    "the link uses http:, not https:; apps with the default link policy (https: only) do not show it")
        }
        return url
    }

    /// A URL with a scheme and, for http(s), a host; with its scheme in lower case.
    static func absoluteURL(_ string: String) -> (url: URL, scheme: String)? {
        guard !string.isEmpty, !string.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
            let scheme = scheme(of: string), let url = URL(string: string)
        else { return nil }
        if scheme == "http" || scheme == "https", !hasAuthority(string, schemeLength: scheme.utf8.count) {
            return nil
        }
        return (url, scheme)
    }

    /// The scheme a URL string starts with (RFC 3986: a letter, then letters, digits, `+`, `-` or `.`,
    /// then `:`), in lower case; nil when it has none. Read from the bytes rather than `URL.scheme`,
    /// which parses again: asking it twice per link was a twentieth of a launch from a cached feed
    /// (LaunchBenchmark, perf).
    static func scheme(of string: String) -> String? {
        var length = 0
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                guard length > 0 else { return nil }
                return String(string.utf8.prefix(length))!.lowercased()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return nil }
                length += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// Why `text` is not a URL that ``absoluteURL(_:)`` accepts, in the words an author needs to fix it:
    /// a space (at an end, or inside: `%20`), another control character, no scheme, no host.
    static func whyNotAbsolute(_ text: String, example: String) -> String {
        let quoted = "\"\(text)\""
        let bytes = text.utf8
        if bytes.isEmpty { return "the URL is empty (e.g. \(example))" }
        if bytes.first == 0x20 || bytes.last == 0x20 {
            return "\(quoted) \(bytes.first == 0x20 ? "starts" : "ends") with a space; remove it"
        }
        if bytes.contains(0x20) { return "\(quoted) contains a space; write a space in a URL as %20" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            return "\(quoted) contains a tab, a line break or another control character; remove it"
        }
        guard let scheme = scheme(of: text) else {
            return "\(quoted) has no scheme; a URL starts with one, as in \(example)"
        }
        if (scheme == "http" || scheme == "https"), URL(string: text) != nil {
            return "\(quoted) names no host after \"\(scheme)://\" (e.g. \(example))"
        }
        return "\(quoted) is not an absolute URL (e.g. \(example))"
    }

    /// Whether an http(s) URL that `URL(string:)` accepted names a host: `//` after the scheme and a
    /// host character after it (the bytes, rather than `url.host`, which decodes a new string: a third
    /// of this function's time on a feed of image URLs, FeedBenchmark --rich).
    private static func hasAuthority(_ string: String, schemeLength: Int) -> Bool {
        var bytes = string.utf8.dropFirst(schemeLength + 1).makeIterator()
        guard bytes.next() == UInt8(ascii: "/"), bytes.next() == UInt8(ascii: "/"), let first = bytes.next() else {
            return false
        }
        // An empty host: the path, query or fragment, or the port or user part, starts at once.
        return ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "@")]
            .contains(first)
    }

    mutating func readLocalizations(_ value: JSONValue, path base: (@Sendable () -> String)? = nil)
        -> [Message.Localization]?
    {
        let messagePath = messagePathParts
        // Paths are built only for a diagnostic: a feed of 100,000 clean localizations builds none.
        func basePath() -> String { base?() ?? JSONPath.appending("localizations", to: messagePath.path) }
        guard case .object(let object) = value else {
            wrongType(value, key: "localizations", expected: "an object of language tags")
            return nil
        }
        var localizations: [Message.Localization] = []
        for member in object.members {
            let key = member.key
            func path() -> String { JSONPath.appending(key, to: basePath()) }
            let tag = LanguageTag(member.key)
            guard tag.isWellFormed else {
                report(
                    .error, .invalidLanguageTag, path: path(), key: "localizations",
                    value: JSONValue.string(member.key).compactDescription,
                    reason: "\"\(member.key)\" is not a BCP 47 language tag (e.g. \"pt\" or \"pt-BR\")")
                continue
            }
            guard case .object(let fields) = member.value else {
                wrongType(member.value, key: member.key, expected: "an object", path: path())
                continue
            }
            checkKeys(of: fields, known: Self.localizationKeys, path: path())
            // Each known key's value in one pass (the last one wins; null is absent): seven lookups in
            // the object cost a fifth of decoding a feed of 100,000 localizations.
            var title, text, confirmLabel, link, buttons, image, features: JSONValue?
            for field in fields.members {
                let value = field.value == .null ? nil : field.value
                switch field.key {
                case "title": title = value
                case "text": text = value
                case "confirmLabel": confirmLabel = value
                case "link": link = value
                case "buttons": buttons = value
                case "image": image = value
                case "features": features = value
                default: break
                }
            }
            var localization = Message.Localization(tag: tag)
            if let title { localization.title = string(title, key: "title", path: path() + ".title") }
            if let text { localization.text = string(text, key: "text", path: path() + ".text") }
            if let confirmLabel {
                localization.confirmLabel = string(confirmLabel, key: "confirmLabel", path: path() + ".confirmLabel")
            }
            if let link { localization.link = readLink(link, path: path() + ".link") }
            readRichContent(buttons: buttons, image: image, features: features, into: &localization, path: path)
            localizations.append(localization)
        }
        return localizations
    }
}

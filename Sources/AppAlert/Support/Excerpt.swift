/// Input as messages quote it: at most ``limit`` characters, then `…`. A hostile feed's 2 MB key or
/// million-digit number costs its reader one short line, not megabytes of diagnostics.
enum Excerpt {
    static let limit = 100

    /// `text` when it has at most `limit` characters, else its first `limit` and `…`. Looks at no
    /// more than `limit + 1` characters, whatever the length of `text`.
    static func of<Text: StringProtocol>(_ text: Text, limit: Int = Excerpt.limit) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        return end == text.endIndex ? String(text) : String(text[..<end]) + "…"
    }

    /// `text` with every run between double quotes cut to `limit` characters (then `…"`): for
    /// reasons built around a value, such as `invalid version "1..2"`. One pass over `text`.
    static func shorteningQuotes(in text: String, limit: Int = Excerpt.limit) -> String {
        // Most reasons quote short values: a scan of the bytes says so without building anything.
        var inQuotesByte = false
        var run = 0
        var longest = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") {
                inQuotesByte.toggle()
                run = 0
            } else if inQuotesByte {
                run += 1
                longest = max(longest, run)
            }
        }
        guard longest > limit else { return text }
        var result = ""
        var inQuotes = false
        var quotedCount = 0
        var cut = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                quotedCount = 0
                if cut {
                    result += "…"
                    cut = false
                }
                result.append(character)
            } else if inQuotes {
                quotedCount += 1
                if quotedCount <= limit { result.append(character) } else { cut = true }
            } else {
                result.append(character)
            }
        }
        if cut { result += "…" }
        return result
    }
}

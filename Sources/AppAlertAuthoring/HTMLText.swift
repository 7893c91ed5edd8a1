/// Text put into HTML by the author's tools (the preview page, the report's page): one escaping for
/// both, safe in element content and in quoted attribute values.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

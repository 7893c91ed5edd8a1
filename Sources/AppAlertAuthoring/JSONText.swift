@_spi(Authoring) import AppAlert
import Foundation

// The library's own JSON reader and writer and its RFC 3339 timestamps, for the author's tools: the
// tools print and read exactly what the library reads, with the same errors. In `AppAlert` these are
// `package` (no app calls them); these are their public faces.

/// A strict JSON reader (RFC 8259) over UTF-8 bytes: exactly JSON, valid UTF-8, nesting at most
/// `maximumDepth` deep; object members keep their order and repeated keys.
public struct JSONParser: Sendable {
    /// The default limit on nested arrays and objects.
    public static let defaultMaximumDepth = AppAlert.JSONParser.defaultMaximumDepth

    public var maximumDepth: Int

    public init(maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumDepth = maximumDepth
    }

    public func parse(_ data: Data) throws(JSONValue.SyntaxError) -> JSONValue {
        try AppAlert.JSONParser(maximumDepth: maximumDepth).parse(data)
    }

    public func parse(_ string: String) throws(JSONValue.SyntaxError) -> JSONValue {
        try AppAlert.JSONParser(maximumDepth: maximumDepth).parse(string)
    }
}

extension JSONValue {
    /// The value as JSON text. Object members keep their order, so the same value always gives the
    /// same bytes. With `pretty`, members and elements go on lines of their own, indented by two spaces.
    /// With `scriptSafe`, `<`, `>`, `&` and `'` are escaped too, so the text can stand inside an HTML
    /// `<script>` and JavaScript source.
    public func serialized(pretty: Bool = false, scriptSafe: Bool = false) -> String {
        jsonText(pretty: pretty, scriptSafe: scriptSafe)
    }
}

/// JSON text that can stand inside an HTML `<script>` element and JavaScript source.
public enum ScriptSafeJSON {
    public static func serialize(_ value: JSONValue) -> String {
        AppAlert.ScriptSafeJSON.serialize(value)
    }
}

/// Timestamps as the feed writes them: RFC 3339 with a time zone (`2026-05-01T09:00:00Z`).
public enum RFC3339 {
    /// Why a text is not an RFC 3339 timestamp.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        public var input: String
        public var reason: String
        public var description: String { "invalid timestamp \"\(input)\": \(reason)" }
    }

    public static func parse(_ string: String) throws(ParseError) -> Date {
        do {
            return try AppAlert.RFC3339.parse(string)
        } catch {
            throw ParseError(input: error.input, reason: error.reason)
        }
    }

    /// The date in UTC, to the second (`2026-03-01T09:00:00Z`), or to the millisecond when it has a
    /// fraction of a second.
    public static func format(_ date: Date) -> String {
        AppAlert.RFC3339.format(date)
    }
}

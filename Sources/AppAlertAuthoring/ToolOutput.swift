import AppAlert

// The JSON the author's tools print: `appalert evaluate --json`, `validate --json`, the server's
// preview. Apps never print these, so they live here.

extension ResolvedMessage {
    /// The message as the JSON object `appalert evaluate --json` prints.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("id", .integer(Int64(id)))
        object.set("title", .string(title))
        object.set("text", .string(text))
        object.set("confirmLabel", .string(confirmLabel))
        if let link {
            object.set("link", ["title": .string(link.title), "url": .string(link.url.absoluteString)])
        } else {
            object.set("link", .null)
        }
        object.set("dismissible", .bool(dismissible))
        object.set("localization", localization.map { .string($0.original) } ?? .null)
        return .object(object)
    }
}

extension FeedDiagnostic {
    /// The diagnostic as a JSON object, for machine-readable output.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("severity", .string(severity.rawValue))
        object.set("code", .string(code.rawValue))
        object.set("path", .string(path))
        object.set("messageIndex", messageIndex.map { .integer(Int64($0)) } ?? .null)
        object.set("messageId", messageID.map { .integer(Int64($0)) } ?? .null)
        object.set("key", key.map { .string($0) } ?? .null)
        object.set("value", value.map { .string($0) } ?? .null)
        object.set("reason", .string(reason))
        return .object(object)
    }
}

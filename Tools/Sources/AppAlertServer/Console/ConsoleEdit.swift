@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird

/// The console's edits of a feed's text: one message replaced, added or removed, every other byte of
/// the file as it was (``JSONTextEdit``), with the refusals a page can act on (an id in use, an id
/// that is not there).
enum ConsoleEdit {
    /// The feed's messages: the document itself (format 1) or its `messages` (format 2).
    static func messages(of document: JSONValue) -> [JSONValue] {
        switch document {
        case .array(let messages): messages
        case .object(let object):
            if case .array(let messages)? = object["messages"] { messages } else { [] }
        default: []
        }
    }

    /// The message a request carries: an object.
    static func message(in body: JSONValue) throws(ConsoleFailure) -> JSONValue {
        guard case .object = body else {
            throw ConsoleFailure(.badRequest, "a message is a JSON object, not \(body.typeDescription)")
        }
        return body
    }

    static func id(of message: JSONValue) -> Int? {
        guard case .object(let object) = message else { return nil }
        return object["id"]?.integerValue
    }

    private static func document(_ data: Data) throws(ConsoleFailure) -> JSONValue {
        do {
            return try JSONParser().parse(data)
        } catch {
            throw ConsoleFailure(
                .conflict, "the file on disk is not JSON (\(error.description)): mend it in an editor first")
        }
    }

    private static func edited(_ make: () throws(JSONTextEdit.EditError) -> Data) throws(ConsoleFailure) -> Data {
        do {
            return try make()
        } catch {
            // A message without a whole-number id, a key repeated where the edit lands: the author
            // mends the draft, as a validation error.
            var failure = ConsoleFailure(.unprocessableContent, error.reason)
            failure.extra.set(
                "diagnostics",
                [
                    ConsoleCheck.json(
                        FeedDiagnostic(severity: .error, code: .invalidValue, path: "$", reason: error.reason))
                ])
            throw failure
        }
    }

    /// The feed with `message` added last, for a draft (an id in use is the validator's to report).
    static func appending(_ message: JSONValue, in data: Data) throws(ConsoleFailure) -> Data {
        try edited { () throws(JSONTextEdit.EditError) in try JSONTextEdit.appendingMessage(message, in: data) }
    }

    /// The feed with `message` added last; 409 when its id is in use.
    static func creating(_ message: JSONValue, in data: Data) throws(ConsoleFailure)
        -> (data: Data, status: HTTPResponse.Status)
    {
        if let id = id(of: message), messages(of: try document(data)).contains(where: { self.id(of: $0) == id }) {
            throw ConsoleFailure(.conflict, "id \(id) is in use by another message; give the new message a free id")
        }
        return (try appending(message, in: data), .created)
    }

    /// The feed with message `id` replaced by `message`; 404 when no message has that id, 409 when the
    /// message is given an id another message has.
    static func replacing(id: Int, with message: JSONValue, in data: Data) throws(ConsoleFailure)
        -> (data: Data, status: HTTPResponse.Status)
    {
        (try replaced(id: id, with: message, in: data), .ok)
    }

    static func replaced(id: Int, with message: JSONValue, in data: Data) throws(ConsoleFailure) -> Data {
        let ids = messages(of: try document(data)).map(self.id(of:))
        guard ids.contains(id) else {
            throw ConsoleFailure(.notFound, "no message has id \(id) (it was deleted or renamed?); reload")
        }
        if let new = self.id(of: message), new != id, ids.contains(new) {
            throw ConsoleFailure(.conflict, "id \(new) is in use by another message; keep \(id) or choose a free id")
        }
        return try edited { () throws(JSONTextEdit.EditError) in
            try JSONTextEdit.replacingMessage(id: id, with: message, in: data)
        }
    }

    /// The feed without message `id`; 404 when no message has it.
    static func removing(id: Int, in data: Data) throws(ConsoleFailure) -> (data: Data, status: HTTPResponse.Status) {
        guard messages(of: try document(data)).contains(where: { self.id(of: $0) == id }) else {
            throw ConsoleFailure(.notFound, "no message has id \(id) (already deleted?); reload")
        }
        return (
            try edited { () throws(JSONTextEdit.EditError) in try JSONTextEdit.removingMessage(id: id, in: data) }, .ok
        )
    }

    /// A signed feed's `sequence` raised by one when it has one (as `sign --bump-sequence` does), so
    /// apps that accepted the previous signed version accept this one over it, and never the reverse.
    static func raisingSequence(_ data: Data) throws(ConsoleFailure) -> Data {
        guard case .object(let object) = try document(data), let sequence = object["sequence"]?.integerValue,
            sequence >= 0, sequence < Int(Int64.max)
        else { return data }
        return try edited { () throws(JSONTextEdit.EditError) in
            try JSONTextEdit.settingTopLevelMember("sequence", to: .integer(Int64(sequence + 1)), in: data)
        }
    }
}

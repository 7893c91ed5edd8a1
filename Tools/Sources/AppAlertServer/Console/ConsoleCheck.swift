@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

/// A feed's text as the console shows it: its document, what `validate` says of it (and what would keep
/// `serve` from serving it), each message's line in the list, and a message drawn as the preview draws it.
struct ConsoleCheck {
    let document: JSONValue?
    let decoded: FeedDecoder.Output?
    let diagnostics: [FeedDiagnostic]

    /// Checked as the server checks a feed before serving it: decoded as apps decode it, then built as a
    /// site (limits, per-app views), so a feed the console saves is one the server serves. With the
    /// feed's `file`, a picture on this machine that its `images/` folder does not have is warned of, as
    /// `validate` warns (`publish` refuses it).
    init(name: String, data: Data, file: URL? = nil) {
        document = try? JSONParser().parse(data)
        do {
            let decoded = try FeedDecoder().decode(data)
            self.decoded = decoded
            var diagnostics = decoded.diagnostics
            if decoded.errors.isEmpty {
                do {
                    _ = try FeedSite.build(name: name, data: data)
                } catch {
                    diagnostics += error.diagnostics
                    if error.diagnostics.isEmpty {
                        diagnostics.append(
                            FeedDiagnostic(severity: .error, code: .format, path: "$", reason: error.reason))
                    }
                }
            }
            if let document {
                diagnostics = FeedAdvice.merging(
                    FeedAdvice.warnings(for: decoded.feed, document: document), into: diagnostics)
            }
            if let file, let document {
                let folder = FeedSite.folder(of: file).appendingPathComponent("images")
                let images = Set(FeedSite.images(in: folder).files.map(\.path))
                diagnostics += FeedSite.missingPictures(in: document, images: images, severity: .warning)
            }
            self.diagnostics = diagnostics
        } catch {
            decoded = nil
            diagnostics = [
                FeedDiagnostic(
                    severity: .error, code: FeedDiagnostic.Code(rawValue: error.kind.rawValue), path: "$",
                    reason: error.reason)
            ]
        }
    }

    /// `validate --json`'s object of the diagnostic, with `message`, the reason, under the name the
    /// console's contract gives it.
    static func json(_ diagnostic: FeedDiagnostic) -> JSONValue {
        guard case .object(var object) = diagnostic.jsonValue else { return diagnostic.jsonValue }
        object.set("message", .string(diagnostic.reason))
        return .object(object)
    }

    /// Where `message` (by its id) sits in the feed's messages.
    func index(of message: JSONValue) -> Int? {
        guard let document, let id = ConsoleEdit.id(of: message) else { return nil }
        return ConsoleEdit.messages(of: document).lastIndex { ConsoleEdit.id(of: $0) == id }
    }

    /// Each message's line in the console's list, from the text (a message with errors is listed too):
    /// id, title, layout, apps, placement, variants, and its state at `now`: `errors` (apps leave it
    /// out), `scheduled` (before `startDate`), `ended` (from `endDate`) or `live`.
    func summaries(now: Date) -> [JSONValue] {
        guard let document else { return [] }
        var failing = Set<Int>()
        for diagnostic in diagnostics where diagnostic.severity == .error {
            if let index = diagnostic.messageIndex { failing.insert(index) }
        }
        var decodedByID: [Int: Message] = [:]
        for message in decoded?.feed.messages ?? [] { decodedByID[message.id] = message }
        var lines: [JSONValue] = []
        for (index, element) in ConsoleEdit.messages(of: document).enumerated() {
            guard case .object(let object) = element else {
                lines.append(["index": .integer(Int64(index)), "id": .null, "state": "errors"])
                continue
            }
            var line = JSONObject()
            line.set("index", .integer(Int64(index)))
            line.set("id", object["id"]?.integerValue.map { .integer(Int64($0)) } ?? .null)
            line.set("title", object["title"]?.stringValue.map(JSONValue.string) ?? .null)
            line.set("layout", .string(object["layout"]?.stringValue ?? "alert"))
            var apps: [JSONValue] = []
            if let one = object["bundleId"]?.stringValue { apps.append(.string(one)) }
            if case .array(let many)? = object["bundleIds"] { apps += many.filter { $0.stringValue != nil } }
            line.set("apps", .array(apps))
            line.set("placement", .string(object["placement"]?.stringValue ?? "launch"))
            let message = object["id"]?.integerValue.flatMap { decodedByID[$0] }
            let state: String
            if failing.contains(index) || message == nil {
                state = "errors"
            } else if let start = message?.startDate, now < start {
                state = "scheduled"
            } else if let end = message?.endDate, now >= end {
                state = "ended"
            } else {
                state = "live"
            }
            line.set("state", .string(state))
            line.set(
                "variants",
                .array((message?.variants.indices).map { $0.map { .string(message!.words(forVariant: $0)) } } ?? []))
            lines.append(.object(line))
        }
        return lines
    }

    /// `message` (by its id) drawn as the preview page draws it, one card per variant and localization:
    /// `{"html", "entries"}` for `AppAlertPhones.fillPhones()`; with why instead when apps would leave
    /// it out.
    func preview(of message: JSONValue) -> JSONValue {
        guard let id = ConsoleEdit.id(of: message), let shown = decoded?.feed.messages.last(where: { $0.id == id })
        else {
            return [
                "html": "", "entries": [],
                "unavailable": "apps leave this message out as it is: mend its errors to see it drawn",
            ]
        }
        var entries: [JSONValue] = []
        let html = PreviewPage.cards(shown, entries: &entries)
        return ["html": .string(html), "entries": .array(entries)]
    }
}

@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The port the server is bound to, known once it listens (`--port 0` picks one): what a request's
/// `Host` must name in development mode.
final class ListeningAddress: @unchecked Sendable {
    private let lock = NSLock()
    private var bound: Int?

    var port: Int? {
        get { lock.withLock { bound } }
        set { lock.withLock { bound = newValue } }
    }
}

/// The console's HTTP side (`/console`, `/api/…`; the contract is in docs/server.md): the page, the
/// feeds as they are on disk with their diagnostics, a draft tried without saving, and the saves.
/// Every request names this server in `Host` (checked before, as every request of development mode
/// is); every write must come from the page's own origin.
struct Console: Sendable {
    let configuration: ConsoleConfiguration
    let server: FeedServerConfiguration
    let content: ServedContent
    let feeds: ConsoleFeeds
    let logger: Logger

    /// The answer to a console request; nil for any other path. A HEAD gets a GET's status and
    /// headers, without its body.
    func respond(to request: Request) async -> Response? {
        guard let response = await route(request) else { return nil }
        return request.method == .head ? Response(status: response.status, headers: response.headers) : response
    }

    private func route(_ request: Request) async -> Response? {
        let path = request.uri.path
        let isPage = path == "/console" || path.hasPrefix("/console/")
        guard isPage || path == "/api" || path.hasPrefix("/api/") else { return nil }
        // Host was checked before (FeedServer.responder, as for every request in development mode).
        let authority = request.head.authority
        let method = request.method
        if isPage {
            guard method == .get || method == .head else {
                return ConsoleResponse.error(.methodNotAllowed, "\(path) answers GET and HEAD", allow: "GET, HEAD")
            }
            guard let asset = ConsoleResponse.asset(path) else {
                return ConsoleResponse.error(.notFound, "no \(Simulator.excerpt(path))")
            }
            return asset
        }
        if method != .get && method != .head {
            if let refusal = ConsoleGuard.originRefusal(request.headers[.origin], host: authority) {
                return ConsoleResponse.error(.forbidden, refusal)
            }
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2).map(String.init)
        guard parts.first == "feeds" else { return ConsoleResponse.error(.notFound, "no \(Simulator.excerpt(path))") }
        let rest = Array(parts.dropFirst())
        if rest.isEmpty || rest == [""] {
            guard method == .get || method == .head else {
                return ConsoleResponse.error(.methodNotAllowed, "/api/feeds answers GET", allow: "GET, HEAD")
            }
            return ConsoleResponse.json(.ok, list())
        }
        let name = rest[0]
        guard let file = feeds.file(named: name) else {
            return ConsoleResponse.error(
                .notFound,
                "\"\(Simulator.excerpt(name))\" is not a served feed (served: \(feeds.names.joined(separator: ", ")))")
        }
        let tail = Array(rest.dropFirst())
        let ifMatch = request.headers[.ifMatch]
        switch tail.count {
        case 0:
            guard method == .get || method == .head else {
                return ConsoleResponse.error(.methodNotAllowed, "/api/feeds/NAME answers GET", allow: "GET, HEAD")
            }
            return await read(name: name, file: file)
        case 1 where tail[0] == "check":
            guard method == .post else {
                return ConsoleResponse.error(.methodNotAllowed, "a check is a POST of a draft", allow: "POST")
            }
            // git runs as a process: waited for on a thread of its own, not on the server's.
            let committed = configuration.committed
            let before = await Self.onAThreadOfItsOwn { committed(file) }
            return await body(of: request) { (body) throws(ConsoleFailure) in
                try check(name: name, file: file, body: body, committed: before)
            }
        case 1 where tail[0] == "images":
            guard method == .get || method == .head else {
                return ConsoleResponse.error(
                    .methodNotAllowed,
                    "/api/feeds/NAME/images answers GET; a new picture is a POST to "
                        + "/api/feeds/NAME/images/FILE-NAME", allow: "GET, HEAD")
            }
            return pictures(file: file, host: authority)
        case 2 where tail[0] == "images":
            guard method == .post else {
                return ConsoleResponse.error(.methodNotAllowed, "a new picture is a POST of its bytes", allow: "POST")
            }
            return await addPicture(named: tail[1], file: file, request: request)
        case 1 where tail[0] == "messages":
            guard method == .post else {
                return ConsoleResponse.error(.methodNotAllowed, "a new message is a POST", allow: "POST")
            }
            return await body(of: request) { (body) throws(ConsoleFailure) in
                try save(name: name, file: file, ifMatch: ifMatch, required: false, what: "message added") {
                    (data) throws(ConsoleFailure) in
                    try ConsoleEdit.creating(ConsoleEdit.message(in: body), in: data)
                }
            }
        case 2 where tail[0] == "messages":
            guard let id = Int(tail[1]) else {
                return ConsoleResponse.error(
                    .notFound, "message ids are whole numbers, not \"\(Simulator.excerpt(tail[1]))\"")
            }
            if method == .put {
                return await body(of: request) { (body) throws(ConsoleFailure) in
                    try save(name: name, file: file, ifMatch: ifMatch, required: true, what: "message \(id) saved") {
                        (data) throws(ConsoleFailure) in
                        try ConsoleEdit.replacing(id: id, with: ConsoleEdit.message(in: body), in: data)
                    }
                }
            }
            guard method == .delete else {
                return ConsoleResponse.error(
                    .methodNotAllowed, "a message answers PUT (save) and DELETE", allow: "PUT, DELETE")
            }
            do {
                return try save(name: name, file: file, ifMatch: ifMatch, required: true, what: "message \(id) deleted")
                {
                    (data) throws(ConsoleFailure) in
                    try ConsoleEdit.removing(id: id, in: data)
                }
            } catch {
                return error.response
            }
        default:
            return ConsoleResponse.error(.notFound, "no \(Simulator.excerpt(path))")
        }
    }

    // MARK: Reading

    private func list() -> JSONValue {
        var list: [JSONValue] = []
        for name in feeds.names {
            guard let file = feeds.file(named: name), let data = try? Data(contentsOf: file) else { continue }
            let messages = (try? JSONParser().parse(data)).map(ConsoleEdit.messages(of:))?.count ?? 0
            var item = JSONObject()
            item.set("name", .string(name))
            item.set("etag", .string(ConsoleFeeds.etag(data)))
            item.set("messages", .integer(Int64(messages)))
            item.set("signed", .bool(ConsoleFeeds.isSigned(file)))
            let cannotSave = cannotSave(file)
            item.set("canSave", .bool(cannotSave == nil))
            item.set("cannotSave", cannotSave.map(JSONValue.string) ?? .null)
            item.set(
                "reportCommand",
                configuration.results == nil ? .null : configuration.reportCommand.map { .string($0(name)) } ?? .null)
            list.append(.object(item))
        }
        var answer = JSONObject()
        answer.set("feeds", .array(list))
        answer.set("editing", .bool(configuration.editingOff == nil))
        answer.set("editingOff", configuration.editingOff.map(JSONValue.string) ?? .null)
        answer.set("results", .bool(configuration.results != nil))
        answer.set(
            "resultsCommand",
            configuration.results == nil ? configuration.resultsCommand.map(JSONValue.string) ?? .null : .null)
        return .object(answer)
    }

    /// Why the feed at `file` cannot be saved from the console, or nil.
    private func cannotSave(_ file: URL) -> String? {
        if let off = configuration.editingOff { return off }
        if ConsoleFeeds.isSigned(file) && server.signingKey == nil {
            return "\(file.lastPathComponent) is signed (\(file.lastPathComponent).sig) and this server was started "
                + "without --key: a save would leave a signature that no longer matches the feed. Start "
                + "appalert serve --dev with --key FILE to save and sign again."
        }
        return nil
    }

    private func read(name: String, file: URL) async -> Response {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            return ConsoleResponse.error(
                .internalServerError, "cannot read \(file.path): \(error.localizedDescription)")
        }
        let checked = ConsoleCheck(name: name, data: data, file: file)
        var answer = JSONObject()
        let etag = ConsoleFeeds.etag(data)
        answer.set("name", .string(name))
        answer.set("etag", .string(etag))
        answer.set("feed", checked.document ?? .null)
        answer.set("shape", checked.document.map { if case .array = $0 { "array" } else { "object" } } ?? .null)
        answer.set("diagnostics", .array(checked.diagnostics.map(ConsoleCheck.json)))
        answer.set("messages", .array(checked.summaries(now: Date())))
        // A new message's id goes above every id the file had: as it is, as committed, as it was at the
        // start. Installs remember what they saw by id: a deleted message's id used again is never shown
        // to those who saw the old one.
        let (committed, history) = (configuration.committed, configuration.highestCommittedID)
        let (committedData, highestCommitted) = await Self.onAThreadOfItsOwn { (committed(file), history(file)) }
        let versions = [data, committedData, feeds.openedBytes(of: name)]
        let highest =
            (versions.compactMap { $0.flatMap { try? JSONParser().parse($0) } }
            .flatMap(ConsoleEdit.messages(of:)).compactMap(ConsoleEdit.id(of:)) + [highestCommitted].compactMap { $0 })
            .max()
        answer.set("highestId", highest.map { .integer(Int64($0)) } ?? .null)
        if let results = configuration.results {
            answer.set("results", await results(data))
        } else {
            answer.set("results", .null)
        }
        answer.set("signed", .bool(ConsoleFeeds.isSigned(file)))
        let cannotSave = cannotSave(file)
        answer.set("canSave", .bool(cannotSave == nil))
        answer.set("cannotSave", cannotSave.map(JSONValue.string) ?? .null)
        return ConsoleResponse.json(.ok, .object(answer), etag: etag)
    }

    // MARK: A draft

    /// Runs `work`, which blocks (a process, a file), on a thread of its own: the cooperative pool
    /// has as many threads as cores, and every connection's answers wait on it.
    static func onAThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }

    private func check(name: String, file: URL, body: JSONValue, committed: Data?) throws(ConsoleFailure)
        -> Response
    {
        guard case .object(let request) = body else {
            throw ConsoleFailure(.badRequest, "the body is \(body.typeDescription), not {\"message\": {…}}")
        }
        let message = try ConsoleEdit.message(in: request["message"] ?? .null)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw ConsoleFailure(.internalServerError, "cannot read \(file.path): \(error.localizedDescription)")
        }
        var replacing: Int?
        if let value = request["replacing"], value != .null {
            guard let id = value.integerValue else {
                throw ConsoleFailure(.badRequest, "\"replacing\" is \(value.typeDescription), not a message id")
            }
            replacing = id
        }
        let draft: Data
        do throws(ConsoleFailure) {
            if let replacing {
                draft = try ConsoleEdit.replaced(id: replacing, with: message, in: data)
            } else {
                draft = try ConsoleEdit.appending(message, in: data)
            }
        } catch let failure where failure.status == .conflict || failure.status == .unprocessableContent {
            // The draft cannot take its place (its id is another message's, it has none): a finding
            // at its id for the author to mend, not a failed request.
            return ConsoleResponse.json(.ok, Self.unplaced(failure, replacing: replacing, in: data))
        }
        let checked = ConsoleCheck(name: name, data: draft, file: file)
        var answer = JSONObject()
        answer.set("diagnostics", .array(checked.diagnostics.map(ConsoleCheck.json)))
        let index = checked.index(of: message)
        answer.set("messageIndex", index.map { .integer(Int64($0)) } ?? .null)
        answer.set("preview", checked.preview(of: message))
        let before = committed ?? feeds.openedBytes(of: name) ?? data
        let diff = configuration.diff(before, draft)
        answer.set(
            "diff",
            [
                "text": .string(diff.text), "json": diff.json,
                "changesWhatInstallsSee": .bool(diff.changesWhatInstallsSee),
                "against": .string(committed != nil ? "git HEAD" : "the file as it was when the server started"),
            ])
        let audience = configuration.audience
        let now = try Self.moment(request["moment"])
        answer.set(
            "audience",
            ConsoleEdit.id(of: message).flatMap { id in audience?(draft, id, now ?? Date()) } ?? .null)
        answer.set("explain", explain(draft, request["install"]))
        return ConsoleResponse.json(.ok, .object(answer))
    }

    /// The moment the page asks "who sees it first" for (`"moment"`, RFC 3339), or nil (now) without one.
    static func moment(_ value: JSONValue?) throws(ConsoleFailure) -> Date? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, text.utf8.count <= 64 else {
            throw ConsoleFailure(.badRequest, "\"moment\" is not a date and time (RFC 3339, e.g. 2026-03-01T09:00:00Z)")
        }
        do {
            return try RFC3339.parse(text)
        } catch {
            throw ConsoleFailure(.badRequest, "\"moment\": \(error)")
        }
    }

    /// The check's answer for a draft that cannot take its place in the feed: the reason as an error
    /// at the draft's id, nothing drawn, compared or evaluated.
    static func unplaced(_ failure: ConsoleFailure, replacing: Int?, in data: Data) -> JSONValue {
        let document = try? JSONParser().parse(data)
        let messages = document.map(ConsoleEdit.messages(of:)) ?? []
        let index = replacing.flatMap { id in messages.firstIndex { ConsoleEdit.id(of: $0) == id } } ?? messages.count
        let prefix = if case .array? = document { "$" } else { "$.messages" }
        let diagnostic = FeedDiagnostic(
            severity: .error, code: .invalidValue, path: document == nil ? "$" : "\(prefix)[\(index)].id",
            messageIndex: document == nil ? nil : index, messageID: replacing, key: document == nil ? nil : "id",
            reason: failure.reason)
        return [
            "diagnostics": [ConsoleCheck.json(diagnostic)],
            "messageIndex": document == nil ? .null : .integer(Int64(index)),
            "preview": ["html": "", "entries": [], "unavailable": .string(failure.reason)],
            "diff": .null, "audience": .null, "explain": .null,
        ]
    }

    /// `evaluate --json --explain` of the draft for the install the page describes.
    private func explain(_ draft: Data, _ install: JSONValue?) -> JSONValue {
        guard let evaluator = server.evaluator, case .object(let fields)? = install else { return .null }
        var parameters: [(name: String, value: String)] = []
        for member in fields.members {
            switch member.value {
            case .string(let text): parameters.append((member.key, text))
            case .integer(let number): parameters.append((member.key, String(number)))
            case .array(let items):
                for case .string(let text) in items { parameters.append((member.key, text)) }
            default: continue
            }
        }
        let answer = evaluator(draft, parameters)
        return (try? JSONParser().parse(answer.json)) ?? ["error": .string(answer.json)]
    }

    // MARK: Saving

    /// Reads the file, checks `If-Match`, makes the edit, validates the whole feed, writes it (and its
    /// `.sig` with `--key`), all under the feeds' lock; then the served files reload.
    private func save(
        name: String, file: URL, ifMatch: String?, required: Bool, what: String,
        edit: (Data) throws(ConsoleFailure) -> (data: Data, status: HTTPResponse.Status)
    ) throws(ConsoleFailure) -> Response {
        if let cannotSave = cannotSave(file) { throw ConsoleFailure(.forbidden, cannotSave) }
        if required && ifMatch == nil {
            throw ConsoleFailure(
                .preconditionRequired,
                "a save needs If-Match with the ETag of the version it edits, so that it never overwrites a change it did not see"
            )
        }
        let result: Result<(etag: String, warnings: [FeedDiagnostic], status: HTTPResponse.Status), ConsoleFailure> =
            feeds.exclusively {
                do {
                    let data: Data
                    do {
                        data = try Data(contentsOf: file)
                    } catch {
                        throw ConsoleFailure(
                            .internalServerError, "cannot read \(file.path): \(error.localizedDescription)")
                    }
                    let current = ConsoleFeeds.etag(data)
                    if let ifMatch, !ConsoleGuard.matches(ifMatch, current) {
                        var failure = ConsoleFailure(
                            .preconditionFailed,
                            "\(name) changed since this page read it (on disk or in another tab); nothing was "
                                + "saved. Reload to see the current version, then make the edit again.")
                        failure.extra.set("etag", .string(current))
                        throw failure
                    }
                    var (edited, status) = try edit(data)
                    // Nothing changed (a save of the message as it is): nothing written, nothing signed
                    // again, no sequence raised.
                    if edited == data { return .success((current, [], status)) }
                    let checked = ConsoleCheck(name: name, data: edited, file: file)
                    let errors = checked.diagnostics.filter { $0.severity == .error }
                    if !errors.isEmpty {
                        var failure = ConsoleFailure(
                            .unprocessableContent,
                            "the feed would have \(errors.count) error\(errors.count == 1 ? "" : "s"); nothing was "
                                + "saved. First: \(errors[0].path): \(errors[0].reason)")
                        failure.extra.set("diagnostics", .array(checked.diagnostics.map(ConsoleCheck.json)))
                        throw failure
                    }
                    if let key = server.signingKey, ConsoleFeeds.isSigned(file) {
                        edited = try ConsoleEdit.raisingSequence(edited)
                        try write(edited, to: file)
                        try write(key.signature(for: edited).data, to: URL(fileURLWithPath: file.path + ".sig"))
                    } else {
                        try write(edited, to: file)
                    }
                    return .success(
                        (ConsoleFeeds.etag(edited), checked.diagnostics.filter { $0.severity == .warning }, status))
                } catch let failure as ConsoleFailure {
                    return .failure(failure)
                } catch {
                    return .failure(ConsoleFailure(.internalServerError, "\(error)"))
                }
            }
        let saved = try result.get()
        logger.info("console: \(what) in \(name)")
        content.reloadIfChanged()
        return ConsoleResponse.json(
            saved.status,
            ["etag": .string(saved.etag), "diagnostics": .array(saved.warnings.map(ConsoleCheck.json))],
            etag: saved.etag)
    }

    private func write(_ data: Data, to url: URL) throws(ConsoleFailure) {
        do {
            try AtomicFile.write(data, to: url)
        } catch {
            throw ConsoleFailure(.internalServerError, "nothing was saved: \(error.description)")
        }
    }

    /// The request's JSON body, at most the feed size limit, handed to `handle`.
    private func body(
        of request: Request, _ handle: (JSONValue) throws(ConsoleFailure) -> Response
    ) async -> Response {
        let limit = configuration.maximumBodySize
        let tooLarge = ConsoleResponse.error(
            .contentTooLarge, "the body is larger than \(limit) bytes, the largest feed apps accept; nothing was saved")
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { return tooLarge }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            return tooLarge
        }
        do throws(ConsoleFailure) {
            let value: JSONValue
            do {
                value = try JSONParser().parse(Data(buffer.readableBytesView))
            } catch {
                throw ConsoleFailure(.badRequest, "the body is not JSON: \(error.description)")
            }
            return try handle(value)
        } catch {
            return error.response
        }
    }
}

/// A refusal: its status, why, and what else the answer carries (the diagnostics of a 422, the
/// current ETag of a 412).
struct ConsoleFailure: Error {
    var status: HTTPResponse.Status
    var reason: String
    var extra = JSONObject()

    init(_ status: HTTPResponse.Status, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    var response: Response {
        var body = JSONObject()
        body.set("error", .string(reason))
        for member in extra.members { body.set(member.key, member.value) }
        return ConsoleResponse.json(status, .object(body))
    }
}

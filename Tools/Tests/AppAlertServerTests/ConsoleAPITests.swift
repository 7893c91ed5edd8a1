@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import AppAlertServer
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

/// The console's contract (`/api/…` of `serve --dev`), over a real socket with the exact headers a
/// browser, another site's page or a rebinding page would send.
struct ConsoleAPITests {
    static let feed = """
        {
          "format": 2,
          "messages": [
            {
              "id": 1,
              "bundleId": "com.example.A",
              "title": "Welcome",
              "text": "Hello there.",
              "colors": {"background": "#FFFFFF", "text": "#1C1C1E"}
            },
            {
              "id": 2,
              "bundleId": "*",
              "title": "Sale",
              "text": "Ends soon.",
              "startDate": "2099-01-01T00:00:00Z"
            },
            {
              "id": 3,
              "bundleId": "*",
              "title": "Old",
              "text": "Gone.",
              "endDate": "2001-01-01T00:00:00Z"
            }
          ]
        }

        """

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
        var json: JSONValue? { try? JSONParser().parse(body) }
        func string(_ key: String) -> String? {
            if case .object(let object)? = json { return object[key]?.stringValue }
            return nil
        }
    }

    /// One request as a browser on the console page sends it (Host and Origin of the server itself),
    /// unless the test says otherwise.
    static func send(
        _ method: String, _ path: String, port: Int, body: String? = nil, headers: [String: String?] = [:]
    ) async throws -> Answer {
        var fields: [String: String?] = [
            "Host": "127.0.0.1:\(port)", "Origin": method == "GET" ? nil : "http://127.0.0.1:\(port)",
            "Connection": "close",
        ]
        for (name, value) in headers { fields[name] = value }
        var request = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if let value { request += "\(name): \(value)\r\n" }
        }
        if let body {
            request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        }
        request += "\r\n" + (body ?? "")
        let text = try await RawHTTPClient.exchange(port: port, request)
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let head = text[..<split.lowerBound].components(separatedBy: "\r\n")
        var answerHeaders: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            answerHeaders[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        return Answer(status: status, headers: answerHeaders, body: String(text[split.upperBound...]))
    }

    static func console(
        editingOff: String? = nil, maximumBodySize: Int? = nil, diffs: DiffLog = DiffLog()
    ) -> ConsoleConfiguration {
        var console = ConsoleConfiguration(
            editingOff: editingOff, committed: { _ in nil },
            diff: { old, new in
                diffs.record(old, new)
                return .init(text: "changed", json: ["changed": true], changesWhatInstallsSee: true)
            })
        if let maximumBodySize { console.maximumBodySize = maximumBodySize }
        return console
    }

    final class DiffLog: @unchecked Sendable {
        private let lock = NSLock()
        private var pairs: [(Data, Data)] = []
        func record(_ old: Data, _ new: Data) { lock.withLock { pairs.append((old, new)) } }
        var last: (Data, Data)? { lock.withLock { pairs.last } }
    }

    static func withConsole(
        _ text: String = feed, console: ConsoleConfiguration = console(), signingKey: FeedSigningKey? = nil,
        signed: Bool = false, host: String = "127.0.0.1", development: Bool = true, source: URL? = nil,
        _ body: @Sendable (_ port: Int, _ file: URL) async throws -> Void
    ) async throws {
        let file = try source ?? makeFeedFile(text)
        if signed {
            try FeedSigningKey().signature(for: Data(text.utf8)).data.write(
                to: URL(fileURLWithPath: file.path + ".sig"))
        }
        var configuration = FeedServerConfiguration()
        configuration.host = host
        configuration.port = 0
        configuration.development = development
        configuration.console = console
        configuration.signingKey = signingKey
        configuration.headerTimeout = .seconds(120)
        configuration.reloadInterval = .seconds(3600)
        try await FeedServer(source: file, configuration: configuration).application().test(.live) { client in
            try await body(try #require(client.port), file)
        }
    }

    static func etag(_ port: Int) async throws -> String {
        try #require(try await send("GET", "/api/feeds/messages.json", port: port).headers["etag"])
    }

    static let edited = """
        {"id": 1, "bundleId": "com.example.A", "title": "Welcome back", "text": "Hello there.",
         "colors": {"background": "#FFFFFF", "text": "#1C1C1E"}}
        """

    // MARK: Reading

    @Test
    func aFeedIsReadWithItsETagDiagnosticsAndEachMessagesState() async throws {
        try await Self.withConsole(
            Self.feed.replacingOccurrences(of: "\"title\": \"Old\"", with: "\"title\": \"Old\", \"colour\": 1")
        ) { port, file in
            let list = try await Self.send("GET", "/api/feeds", port: port)
            #expect(list.status == 200)
            let feeds = try #require(list.json.flatMap { if case .object(let o) = $0 { o["feeds"] } else { nil } })
            guard case .array(let items) = feeds, case .object(let first)? = items.first else {
                Issue.record("no feeds in \(list.body)")
                return
            }
            #expect(first["name"] == "messages.json")
            #expect(first["messages"] == 3)
            #expect(first["canSave"] == true)

            let answer = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            #expect(answer.status == 200)
            let bytes = try Data(contentsOf: file)
            #expect(answer.headers["etag"] == FeedSite.File(path: "", data: bytes).etag)
            #expect(answer.string("etag") == answer.headers["etag"])
            guard case .object(let object)? = answer.json, case .array(let messages)? = object["messages"],
                case .array(let diagnostics)? = object["diagnostics"]
            else {
                Issue.record("unexpected answer \(answer.body)")
                return
            }
            #expect(object["feed"] == (try JSONParser().parse(bytes)))
            let states = messages.compactMap { line -> String? in
                if case .object(let o) = line { return o["state"]?.stringValue }
                return nil
            }
            #expect(states == ["live", "scheduled", "ended"])
            #expect(
                diagnostics.contains {
                    if case .object(let o) = $0 {
                        return o["path"] == "$.messages[2].colour" && o["severity"] == "warning"
                    }
                    return false
                })
        }
    }

    // MARK: Saving

    @Test
    func aSaveRewritesOnlyThatMessageAnswersTheNewETagAndIsServedAtOnce() async throws {
        try await Self.withConsole { port, file in
            let etag = try await Self.etag(port)
            let saved = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited, headers: ["If-Match": etag]
            )
            #expect(saved.status == 200, "\(saved.body)")
            let bytes = try Data(contentsOf: file)
            #expect(
                String(decoding: bytes, as: UTF8.self)
                    == Self.feed.replacingOccurrences(of: "\"Welcome\"", with: "\"Welcome back\""))
            #expect(saved.headers["etag"] == FeedSite.File(path: "", data: bytes).etag)
            #expect(saved.string("etag") == saved.headers["etag"])
            let served = try await Self.send("GET", "/messages.json", port: port)
            #expect(served.body.contains("Welcome back"))
        }
    }

    @Test(arguments: [
        // An invalid color: the whole feed would have an error.
        (
            "color",
            ##"{"id": 1, "bundleId": "com.example.A", "title": "Hi", "text": "x", "colors": {"background": "#12345"}}"##,
            422, "$.messages[0].colors.background"
        ),
        // Another message's id.
        ("rename", #"{"id": 2, "bundleId": "*", "title": "Hi", "text": "x"}"#, 409, "id 2 is in use"),
        ("not an object", #"[1, 2]"#, 400, "a message is a JSON object"),
        ("no id", #"{"bundleId": "*", "title": "Hi", "text": "x"}"#, 422, #"no \"id\" that is a whole number"#),
        ("not JSON", #"{"id": 1,"#, 400, "not JSON"),
    ])
    func aRefusedSaveSaysWhyAndChangesNothing(refusal: (String, String, Int, String)) async throws {
        let (_, body, status, why) = refusal
        try await Self.withConsole { port, file in
            let before = try Data(contentsOf: file)
            let etag = try await Self.etag(port)
            let answer = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: body, headers: ["If-Match": etag])
            #expect(answer.status == status, "\(answer.body)")
            #expect(answer.body.contains(why), "\(answer.body)")
            #expect(answer.string("error")?.isEmpty == false)
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test
    func aStaleETagIsRefusedWith412AndTheCurrentETagAndAMissingOneWith428() async throws {
        try await Self.withConsole { port, file in
            let opened = try await Self.etag(port)
            // Another tab saves first.
            let first = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": opened])
            #expect(first.status == 200)
            let afterFirst = try Data(contentsOf: file)
            let second = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port,
                body: Self.edited.replacingOccurrences(of: "Welcome back", with: "Hi"), headers: ["If-Match": opened])
            #expect(second.status == 412)
            #expect(second.body.contains("changed since this page read it"))
            #expect(second.string("etag") == first.headers["etag"])
            #expect(try Data(contentsOf: file) == afterFirst)
            // Changed on disk by an editor.
            try Data((Self.feed + " ").utf8).write(to: file)
            let third = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": first.headers["etag"]])
            #expect(third.status == 412)
            let unconditional = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited)
            #expect(unconditional.status == 428)
            #expect(try Data(contentsOf: file) == Data((Self.feed + " ").utf8))
        }
    }

    @Test
    func aBodyOverTheFeedSizeLimitIs413WhateverItDeclares() async throws {
        try await Self.withConsole(console: Self.console(maximumBodySize: 2_000)) { port, file in
            let before = try Data(contentsOf: file)
            let etag = try await Self.etag(port)
            let big =
                #"{"id": 1, "bundleId": "*", "title": "t", "text": ""#
                + String(repeating: "x", count: 3_000) + #""}"#
            let answer = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: big, headers: ["If-Match": etag])
            #expect(answer.status == 413)
            #expect(answer.body.contains("larger than 2000 bytes"))
            // Sent in chunks, with no length declared.
            let chunk = String(big.utf8.count, radix: 16)
            let chunked = try await RawHTTPClient.exchange(
                port: port,
                "PUT /api/feeds/messages.json/messages/1 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "Origin: http://127.0.0.1:\(port)\r\nIf-Match: \(etag)\r\nConnection: close\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n\(chunk)\r\n\(big)\r\n0\r\n\r\n")
            #expect(chunked.hasPrefix("HTTP/1.1 413"), "\(chunked.prefix(200))")
            #expect(try Data(contentsOf: file) == before)
        }
    }

    // MARK: Who may call

    @Test(arguments: [
        ("another site", ["Origin": "https://evil.example"] as [String: String?], "is not this console's"),
        ("no origin", ["Origin": nil], "has no Origin"),
        ("the right origin on another port", ["Origin": "http://127.0.0.1:1"], "is not this console's"),
        ("a rebinding name", ["Host": "evil.example:PORT", "Origin": "http://evil.example:PORT"], "DNS rebinding"),
        ("another port", ["Host": "127.0.0.1:1", "Origin": "http://127.0.0.1:1"], "not the address"),
    ])
    func aWriteFromAnotherOriginOrHostIsRefused(refusal: (String, [String: String?], String)) async throws {
        let (_, headers, why) = refusal
        try await Self.withConsole { port, file in
            let before = try Data(contentsOf: file)
            let etag = try await Self.etag(port)
            var sent = headers.mapValues { $0?.replacingOccurrences(of: "PORT", with: String(port)) }
            sent["If-Match"] = etag
            for (method, path, body) in [
                ("PUT", "/api/feeds/messages.json/messages/1", Self.edited as String?),
                ("DELETE", "/api/feeds/messages.json/messages/1", nil),
                (
                    "POST", "/api/feeds/messages.json/messages",
                    #"{"id": 9, "bundleId": "*", "title": "t", "text": "x"}"#
                ),
            ] {
                let answer = try await Self.send(method, path, port: port, body: body, headers: sent)
                #expect(answer.status == 403, "\(method): \(answer.body)")
                #expect(answer.body.contains(why), "\(method): \(answer.body)")
            }
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test
    func aRebindingPageCannotEvenReadAndLocalhostNamesALoopbackServer() async throws {
        try await Self.withConsole { port, _ in
            let rebound = try await Self.send(
                "GET", "/api/feeds/messages.json", port: port, headers: ["Host": "evil.example:\(port)"])
            #expect(rebound.status == 403)
            let page = try await Self.send("GET", "/console", port: port, headers: ["Host": "evil.example:\(port)"])
            #expect(page.status == 403)
            let local = try await Self.send("GET", "/api/feeds", port: port, headers: ["Host": "localhost:\(port)"])
            #expect(local.status == 200)
            let head = try await Self.send("HEAD", "/api/feeds/messages.json", port: port)
            #expect(head.status == 200 && head.body.isEmpty && head.headers["etag"] != nil)
            #expect(
                head.headers["content-length"]
                    == (try await Self.send("GET", "/api/feeds/messages.json", port: port)).headers["content-length"])
        }
    }

    @Test
    func listeningOnEveryAddressTheConsoleAnswersAtAnIPAddressNeverAtAName() async throws {
        try await Self.withConsole(host: "0.0.0.0") { port, _ in
            let named = try await Self.send("GET", "/api/feeds", port: port, headers: ["Host": "myhost.local:\(port)"])
            #expect(named.status == 403)
            #expect(named.body.contains("is a name"), "\(named.body)")
            let address = try await Self.send("GET", "/api/feeds", port: port)
            #expect(address.status == 200)
        }
    }

    @Test
    func whenEditingIsOffTheConsoleReadsAndRefusesEveryWriteSayingWhy() async throws {
        try await Self.withConsole(console: Self.console(editingOff: "listening on 0.0.0.0")) { port, file in
            let before = try Data(contentsOf: file)
            let list = try await Self.send("GET", "/api/feeds", port: port)
            #expect(list.body.contains(#""editing":false"#) && list.body.contains("listening on 0.0.0.0"))
            let answer = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": try await Self.etag(port)])
            #expect(answer.status == 403 && answer.body.contains("listening on 0.0.0.0"))
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test
    func withAResultsDatabaseEachFeedCarriesItsFiguresAndWithoutOneNull() async throws {
        var console = Self.console()
        console.results = { feed in
            ["1": ["counts": ["shown": .integer(Int64(feed.count))]]]
        }
        try await Self.withConsole(console: console) { port, file in
            let answer = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            let size = try Data(contentsOf: file).count
            #expect(answer.body.contains(#""results":{"1":{"counts":{"shown":\#(size)}}}"#), "\(answer.body)")
            let list = try await Self.send("GET", "/api/feeds", port: port)
            #expect(list.body.contains(#""results":true"#))
        }
        try await Self.withConsole { port, _ in
            let answer = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            #expect(answer.body.contains(#""results":null"#))
        }
    }

    @Test
    func withoutDevThereIsNoConsole() async throws {
        try await Self.withConsole(development: false) { port, _ in
            let api = try await Self.send("GET", "/api/feeds", port: port)
            let page = try await Self.send("GET", "/console", port: port)
            #expect(api.status == 404 && page.status == 404)
        }
    }

    // MARK: Signed feeds

    @Test
    func aSignedFeedWithoutTheKeyIsNeverSaved() async throws {
        try await Self.withConsole(signed: true) { port, file in
            let before = try Data(contentsOf: file)
            let signature = try Data(contentsOf: URL(fileURLWithPath: file.path + ".sig"))
            let read = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            #expect(read.body.contains(#""canSave":false"#))
            let answer = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": try await Self.etag(port)])
            #expect(answer.status == 403)
            #expect(answer.body.contains("--key"))
            #expect(try Data(contentsOf: file) == before)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".sig")) == signature)
        }
    }

    @Test
    func aSignedFeedSavedWithTheKeyIsSignedAgainWithItsSequenceRaised() async throws {
        let key = FeedSigningKey()
        let sequenced = Self.feed.replacingOccurrences(of: "\"format\": 2,", with: "\"format\": 2,\n  \"sequence\": 4,")
        try await Self.withConsole(sequenced, signingKey: key, signed: true) { port, file in
            let answer = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": try await Self.etag(port)])
            #expect(answer.status == 200, "\(answer.body)")
            let bytes = try Data(contentsOf: file)
            #expect(String(decoding: bytes, as: UTF8.self).contains("\"sequence\": 5,"))
            let signature = try Data(contentsOf: URL(fileURLWithPath: file.path + ".sig"))
            #expect((try? FeedTrust(publicKeys: [key.publicKey]).verify(bytes, signatureFile: signature)) != nil)
            // Saved again as it is: nothing written, signed or raised.
            let again = try await Self.send(
                "PUT", "/api/feeds/messages.json/messages/1", port: port, body: Self.edited,
                headers: ["If-Match": answer.headers["etag"]])
            #expect(again.status == 200 && again.headers["etag"] == answer.headers["etag"])
            #expect(try Data(contentsOf: file) == bytes)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".sig")) == signature)
        }
    }

    // MARK: Creating, deleting, trying

    @Test
    func aMessageIsCreatedOnceAndDeletedWithTheCurrentETag() async throws {
        try await Self.withConsole { port, file in
            let new = #"{"id": 7, "bundleId": "*", "title": "New", "text": "Fresh."}"#
            let created = try await Self.send("POST", "/api/feeds/messages.json/messages", port: port, body: new)
            #expect(created.status == 201, "\(created.body)")
            let again = try await Self.send("POST", "/api/feeds/messages.json/messages", port: port, body: new)
            #expect(again.status == 409)
            #expect(again.body.contains("id 7 is in use"))
            let document = try JSONParser().parse(Data(contentsOf: file))
            #expect(Self.ids(document) == [1, 2, 3, 7])
            let deleted = try await Self.send(
                "DELETE", "/api/feeds/messages.json/messages/2", port: port,
                headers: ["If-Match": created.headers["etag"]])
            #expect(deleted.status == 200, "\(deleted.body)")
            #expect(Self.ids(try JSONParser().parse(Data(contentsOf: file))) == [1, 3, 7])
            let missing = try await Self.send(
                "DELETE", "/api/feeds/messages.json/messages/2", port: port,
                headers: ["If-Match": deleted.headers["etag"]])
            #expect(missing.status == 404)
        }
    }

    @Test
    func aDraftIsCheckedDrawnAndComparedWithoutAByteWritten() async throws {
        let diffs = DiffLog()
        try await Self.withConsole(console: Self.console(diffs: diffs)) { port, file in
            let before = try Data(contentsOf: file)
            // A modal draws its colors: white on white is too faint to read.
            let draft = Self.edited.replacingOccurrences(of: "#1C1C1E", with: "#FFFFFE")
                .replacingOccurrences(of: "\"colors\"", with: "\"layout\": \"modal\", \"colors\"")
            let answer = try await Self.send(
                "POST", "/api/feeds/messages.json/check", port: port, body: #"{"message": \#(draft), "replacing": 1}"#)
            #expect(answer.status == 200, "\(answer.body)")
            guard case .object(let object)? = answer.json, case .object(let preview)? = object["preview"] else {
                Issue.record("unexpected \(answer.body)")
                return
            }
            #expect(object["messageIndex"] == 0)
            #expect(answer.body.contains(#""code":"lowContrast""#))
            #expect(preview["html"]?.stringValue?.contains("data-entry=\"0\"") == true)
            #expect(JSONValue.object(preview).serialized().contains("Welcome back"))
            let (old, new) = try #require(diffs.last)
            #expect(old == before)
            #expect(String(decoding: new, as: UTF8.self).contains("Welcome back"))
            #expect(try Data(contentsOf: file) == before)
        }
    }

    @Test
    func aDraftThatCannotTakeItsPlaceIsAFindingAtItsIdNotAFailedRequest() async throws {
        try await Self.withConsole { port, _ in
            let taken = try await Self.send(
                "POST", "/api/feeds/messages.json/check", port: port,
                body: #"{"message": {"id": 2, "bundleId": "*", "title": "t", "text": "x"}, "replacing": 1}"#)
            #expect(taken.status == 200, "\(taken.body)")
            #expect(taken.body.contains(#""path":"$.messages[0].id""#), "\(taken.body)")
            #expect(taken.body.contains("id 2 is in use") && taken.body.contains(#""diff":null"#))
            let none = try await Self.send(
                "POST", "/api/feeds/messages.json/check", port: port,
                body: #"{"message": {"bundleId": "*", "title": "t", "text": "x"}, "replacing": null}"#)
            #expect(none.status == 200, "\(none.body)")
            #expect(none.body.contains(#""path":"$.messages[3].id""#) && none.body.contains("whole number"))
            #expect(!none.body.contains("nothing was saved"))
        }
    }

    @Test
    func aDeletedMessagesIdStaysTheHighestIdEverUsed() async throws {
        try await Self.withConsole { port, _ in
            let deleted = try await Self.send(
                "DELETE", "/api/feeds/messages.json/messages/3", port: port,
                headers: ["If-Match": try await Self.etag(port)])
            #expect(deleted.status == 200)
            let answer = try await Self.send("GET", "/api/feeds/messages.json", port: port)
            #expect(answer.body.contains(#""highestId":3"#), "\(answer.body.prefix(300))")
            #expect(!answer.body.contains(#""title":"Old""#))
        }
    }

    static func ids(_ document: JSONValue) -> [Int] {
        guard case .object(let object) = document, case .array(let messages)? = object["messages"] else { return [] }
        return messages.compactMap { if case .object(let m) = $0 { m["id"]?.integerValue } else { nil } }
    }
}

import AppAlertResults
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import AppAlertCollector

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a security probe of `appalert collect` found unbounded (issue 42): versions, numbers, the
/// `Content-Type`, forwarded addresses, a port in use. The real binary, on SQLite.
extension CollectCommandTests {
    /// A 21,001-byte run of joined emoji: one grapheme cluster, so one "character".
    static let joinedEmoji = "1" + String(repeating: "\u{200D}\u{1F469}", count: 3000)

    static let unbounded: [Hostile] = {
        let head = #"{"schema": 1, "batch": "\#(Hostile.id)", "app": "\#(Batches.app)", "counts": "#
        func update(_ version: String) -> String {
            #"{"day": "2026-11-25", "version": \#(version), "event": "update.shown", "n": 1}"#
        }
        return [
            .counter("a NUL inside a version", update(#""2.0\u0000evil""#), "holds a control character (U+0000)"),
            .counter("a tab after a version", update(#""2.0\t""#), "holds a control character (U+0009)"),
            .counter("DEL inside a version", update("\"2.0\u{7F}\""), "holds a control character (U+007F)"),
            .counter("free text as a version", update(#""made up""#), #""made up" is not a version"#),
            .counter("a v before a version", update(#""v2.0""#), #""v2.0" is not a version"#),
            .counter("a number as a version", update("2.0"), "$.counts[0].version: expected a string, found a number"),
            .counter(
                "a version of 33 bytes", update(#""1.2.3.4.5.6.7.8.9.10.11.12.13.145""#),
                "is 33 bytes long, more than a version's 32"),
            .counter(
                "a version of 21,001 bytes of joined emoji (one character)", update("\"\(joinedEmoji)\""),
                "is 21001 bytes long, more than a version's 32"),
            .counter(
                "n written with an exponent", #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 1e3}"#,
                "$.counts[0].n: 1e3 is not a count from 1 to 1000 (written as an integer)"),
            .counter(
                "n a whole number with a fraction", #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 7.0}"#,
                "$.counts[0].n: 7.0 is not a count"),
            .counter(
                "n that rounds to 1",
                #"{"day": "2026-11-25", "message": 1, "event": "shown", "n": 0.99999999999999999}"#,
                "0.99999999999999999 is not a count"),
            .counter(
                "a message id that rounds to one in the feed",
                #"{"day": "2026-11-25", "message": 1.0000000000000001, "event": "shown", "n": 1}"#,
                "$.counts[0].message: 1.0000000000000001 is not a message id (written as an integer)"),
            .counter(
                "a message id 7.0000000000000001",
                #"{"day": "2026-11-25", "message": 7.0000000000000001, "event": "shown", "n": 1}"#,
                "7.0000000000000001 is not a message id"),
            .counter(
                "a message id with an exponent", #"{"day": "2026-11-25", "message": 1e0, "event": "shown", "n": 1}"#,
                "1e0 is not a message id"),
            .counter(
                "a variant with a fraction",
                #"{"day": "2026-11-25", "message": 3, "variant": 1.0, "event": "shown", "n": 1}"#,
                "1.0 is not a variant of message 3"),
            Hostile(
                "schema 1.0", #"{"schema": 1.0, "batch": "\#(Hostile.id)", "app": "\#(Batches.app)", "counts": []}"#,
                400, "$.schema: 1.0 is not a schema"),
            Hostile(
                "17 versions in one batch",
                head + "["
                    + (0..<17).map { update(#""3.\#($0)""#) }.joined(separator: ",") + "]}",
                422, #"$.counts[16].version: "3.16" would be a 17th version of "com.example.counts" on 2026-11-25"#),
            Hostile(
                "Content-Type application/json-evil", head + "[" + Hostile.valid + "]}", 415,
                #"Content-Type "application/json-evil" is not application/json"#,
                headers: ["Content-Type": "application/json-evil"]),
            Hostile(
                "Content-Type with another charset", head + "[" + Hostile.valid + "]}", 415,
                "only charset=utf-8 may follow application/json",
                headers: ["Content-Type": "application/json; charset=latin1"]),
            Hostile(
                "Content-Type with another parameter", head + "[" + Hostile.valid + "]}", 415,
                "only charset=utf-8 may follow application/json",
                headers: ["Content-Type": "application/json; evil=1"]),
        ]
    }()

    @Test(arguments: unbounded)
    func stringsNumbersAndTypesNobodyBoundedAreRefused(_ input: Hostile) async throws {
        try await hostileInputIsRefusedSayingWhereAndWhyAndStoresNothing(input)
    }

    /// The answer quotes at most 100 bytes of a value, however few "characters" it has.
    @Test
    func anErrorQuotesAtMost100BytesOfAValue() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        for body in [
            Batches.body([Batches.Counter(version: Self.joinedEmoji, event: "update.shown", n: 1)]),
            Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)], app: Self.joinedEmoji),
            #"{"\#(Self.joinedEmoji)": 1, "schema": 1}"#,
        ] {
            let answer = try await collector.post(body)
            #expect(answer.status == 400)
            #expect(answer.body.utf8.count < 400, "\(answer.body.utf8.count) bytes")
        }
        collector.stop()
    }

    /// `Content-Type` as HTTP spells it (RFC 9110: case-insensitive, spaces around `;`, a quoted
    /// value), sent as it is.
    @Test(
        arguments: [
            (nil, 415, "no Content-Type"),
            ("application/json\r\nContent-Type: application/json", 415, "Content-Type appears 2 times"),
            ("application/json-evil", 415, "is not application/json"),
            ("text/json", 415, "is not application/json"),
            ("application/json;charset=utf-16", 415, "only charset=utf-8"),
            ("application/json", 200, "accepted"),
            ("Application/JSON", 200, "accepted"),
            ("application/json;charset=utf-8", 200, "accepted"),
            ("application/json ; Charset=\"UTF-8\"", 200, "accepted"),
        ] as [(String?, Int, String)])
    func theContentTypeIsApplicationJSONAsHTTPSpellsIt(type: String?, status: Int, answer: String) async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let collector = try await CollectProcess.start(feed: feed, database: database)
        let body = Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)])
        var request = "POST /v1/counts HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
        if let type { request += "Content-Type: \(type)\r\n" }
        request += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        let response = try await RawHTTPClient.exchange(port: collector.port, request)
        #expect(response.hasPrefix("HTTP/1.1 \(status) "), "\(response.prefix(300))")
        #expect(response.contains(answer), "\(response.prefix(300))")
        if status == 415 {
            let metrics = try await collector.get("/metrics").body
            #expect(metrics.contains(#"appalert_collect_batches_refused_total{reason="content_type"} 1"#))
        }
        #expect(collector.stop() == 0)
        #expect(try await storedRows(database).ids == (status == 200 ? 1 : 0))
    }

    @Test
    func aVersionBeyondSixteenADayIsRefusedEvenWhenBatchesArriveTogether() async throws {
        let directory = try TemporaryDirectory()
        try await versionsBeyondSixteenADayAreRefused(
            database: directory.url.appendingPathComponent("results.sqlite").path, collectors: 1)
    }

    @Test
    func aPathThatIsNotTheCollectorsIsCountedAsNotFound() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let collector = try await CollectProcess.start(
            feed: feed, database: directory.url.appendingPathComponent("results.sqlite").path)
        #expect(try await collector.get("/other").status == 404)
        #expect(try await collector.post(Data("{}".utf8), path: "/v1/count").status == 404)
        let metrics = try await collector.get("/metrics").body
        #expect(metrics.contains(#"appalert_collect_batches_refused_total{reason="not_found"} 2"#), "\(metrics)")
        collector.stop()
    }

    /// With `--trust-forwarded-for` and a limit of one batch a minute: each group is one client
    /// however its address is written, so its first batch passes and the others are answered 429.
    static let sameClient: [(name: String, requests: [[String: String]])] = [
        (
            "ports, quotes and the header's spelling",
            [
                ["X-Forwarded-For": "10.0.0.2:4000"], ["X-Forwarded-For": "10.0.0.2:4004"],
                ["X-Forwarded-For": "10.0.0.2"], ["X-Forwarded-For": #""10.0.0.2:4001""#],
                ["Forwarded": "for=10.0.0.2"], ["Forwarded": #"for="10.0.0.2:4000""#],
                ["Forwarded": #"For="10.0.0.2";proto=https"#], ["Forwarded": "proto=http;for=10.0.0.2:_hidden"],
                ["X-Forwarded-For": "::ffff:10.0.0.2"],
            ]
        ),
        (
            "the right-most entry is the proxy's; what the client wrote before it is not read",
            [
                ["X-Forwarded-For": "198.51.100.7, 10.0.0.3"], ["X-Forwarded-For": "203.0.113.1,10.0.0.3"],
                ["Forwarded": "for=198.51.100.7, for=10.0.0.3"], ["Forwarded": #"for="[2001:db8::1]", for=10.0.0.3"#],
            ]
        ),
        (
            "Forwarded is read first",
            [
                ["Forwarded": "for=10.0.0.9", "X-Forwarded-For": "10.0.0.10"],
                ["Forwarded": "for=10.0.0.9", "X-Forwarded-For": "10.0.0.11"], ["Forwarded": "for=10.0.0.9"],
            ]
        ),
        (
            "IPv6 by its /64",
            [
                ["Forwarded": #"for="[2001:db8:cafe::17]:4711""#], ["X-Forwarded-For": "2001:db8:cafe::18"],
                ["X-Forwarded-For": "[2001:db8:cafe:0:ffff:ffff:ffff:1]:80"],
                ["Forwarded": #"for="[2001:DB8:CAFE:0::1]""#],
            ]
        ),
    ]

    @Test(arguments: sameClient.indices)
    func aForwardedAddressIsOneClientHoweverItIsWritten(group: Int) async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let collector = try await CollectProcess.start(
            feed: feed, database: directory.url.appendingPathComponent("results.sqlite").path,
            ["--rate-limit", "1", "--trust-forwarded-for"])
        let body = { Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)]) }
        let requests = Self.sameClient[group].requests
        #expect(try await collector.post(body(), headers: requests[0]).status == 200)
        for headers in requests.dropFirst() {
            let answer = try await collector.post(body(), headers: headers)
            #expect(answer.status == 429, "\(headers): \(answer.body)")
        }
        // Another client still passes.
        #expect(try await collector.post(body(), headers: ["X-Forwarded-For": "192.0.2.200"]).status == 200)
        collector.stop()
    }

    /// What is not an IP address is refused, saying which header and value: it gets no bucket of its
    /// own (`010.000.000.007` is not read as 10.0.0.7: `inet_pton` reads no leading zeros).
    @Test(
        arguments: [
            (["X-Forwarded-For": "010.000.000.007"], #"X-Forwarded-For: "010.000.000.007" is not an IP address"#),
            (["X-Forwarded-For": "10.0.0.007"], "is not an IP address"),
            (["X-Forwarded-For": "10.7"], #""10.7" is not an IP address"#),
            (["X-Forwarded-For": "0x0a.0.0.7"], "is not an IP address"),
            (["X-Forwarded-For": "167772167"], "is not an IP address"),
            (["X-Forwarded-For": "10.0.0.1:99999"], "is not an IP address"),
            (["X-Forwarded-For": "10.0.0.1, "], #"X-Forwarded-For: "" is not an IP address"#),
            (["X-Forwarded-For": "evil.example"], "is not an IP address"),
            (["X-Forwarded-For": "[10.0.0.1]"], "is not an IP address"),
            (["X-Forwarded-For": "fe80::1%eth0"], "is not an IP address"),
            (["Forwarded": "for=unknown"], #"Forwarded: for="unknown" is not an IP address"#),
            (["Forwarded": "for=_hidden"], "is not an IP address"),
            (["Forwarded": #"for="10.0.0.4"#], "is not an IP address"),
            (["Forwarded": #"for="2001:db8::1:80""#], "is not an IP address"),
            (
                ["Forwarded": "proto=https", "X-Forwarded-For": "10.0.0.1"],
                "its last element, \"proto=https\", has no for="
            ),
        ] as [([String: String], String)])
    func aForwardedEntryThatIsNotAnAddressIsRefused(headers: [String: String], error: String) async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let body = Batches.body([Batches.Counter(message: 1, event: "shown", n: 1)])
        let trusting = try await CollectProcess.start(feed: feed, database: database, ["--trust-forwarded-for"])
        let answer = try await trusting.post(body, headers: headers)
        #expect(answer.status == 400)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        #expect((object?["error"] as? String)?.contains(error) == true, "\(answer.body)")
        let metrics = try await trusting.get("/metrics").body
        #expect(metrics.contains(#"appalert_collect_batches_refused_total{reason="forwarded"} 1"#))
        trusting.stop()
        // Without the flag the headers are not read at all.
        let plain = try await CollectProcess.start(feed: feed, database: database)
        #expect(try await plain.post(body, headers: headers).status == 200)
        plain.stop()
    }

    /// A port in use: exit 2 with the reason, at once, the database closed; no hang.
    @Test
    func aPortInUseEndsCollectWithTheReason() async throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("messages.json", Batches.feed)
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let holder = try await CollectProcess.start(
            feed: feed, database: directory.url.appendingPathComponent("other.sqlite").path)
        defer { holder.stop() }
        let (status, errors) = try await offThePool {
            try Self.runToItsEnd(
                ["collect", feed, "--database", database, "--port", String(holder.port)], deadline: Date() + 300)
        }
        #expect(status == 2, "\(errors)")
        #expect(
            errors.contains("appalert: cannot listen on 127.0.0.1:\(holder.port): Address already in use"), "\(errors)")
        // It refused to start before opening the database: no file was created.
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    /// A collector that refuses to start creates no database file: a feed that is not there, a rate
    /// limit below 0 (`-1` is the option's value, refused as such, not read as an option of its own).
    @Test(
        arguments: [
            ("missing.json", ["--rate-limit", "0"], "missing.json"),
            (
                "messages.json", ["--rate-limit", "-1"],
                "appalert: --rate-limit: -1 is not a valid value: give a number of batches a minute, 0 or more "
                    + "(0 turns the limit off)"
            ),
        ] as [(String, [String], String)])
    func aCollectorThatRefusesToStartCreatesNoDatabase(feed name: String, options: [String], error: String)
        async throws
    {
        let directory = try TemporaryDirectory()
        _ = try directory.write("messages.json", Batches.feed)
        let feed = directory.url.appendingPathComponent(name).path
        let database = directory.url.appendingPathComponent("results.sqlite").path
        let (status, errors) = try await offThePool {
            try Self.runToItsEnd(
                ["collect", feed, "--database", database, "--port", "0"] + options, deadline: Date() + 300)
        }
        #expect(status == 2, "\(errors)")
        #expect(errors.contains(error), "\(errors)")
        #expect(!errors.contains("Missing value"), "\(errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["messages.json"])
    }

    /// Runs `appalert ARGUMENTS` and waits for it to end; one that has not ended by `deadline` is
    /// killed and the test fails (it would otherwise hang the suite).
    static func runToItsEnd(_ arguments: [String], deadline: Date) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = AppAlertProcess.executable
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        // Read on a thread of its own: a process that never ends never closes its standard error.
        let read = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var text = Data()
        DispatchQueue.global().async {
            text = (try? errors.fileHandleForReading.bytesToEnd()) ?? Data()
            read.signal()
        }
        if ended.wait(timeout: .now() + deadline.timeIntervalSinceNow) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("appalert \(arguments.joined(separator: " ")) did not end")
        }
        read.wait()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}

/// At most 16 distinct update versions of an app on a day are stored: 40 batches, each with a new
/// version, sent at once (to `collectors` collectors on the same database): exactly 16 pass, the others
/// are answered 422 and store nothing, not even their id; a stored version still counts, and another
/// day has its own 16.
func versionsBeyondSixteenADayAreRefused(database: String, collectors count: Int) async throws {
    let directory = try TemporaryDirectory()
    let feed = try directory.write("messages.json", Batches.feed)
    var started: [CollectProcess] = []
    for _ in 0..<count { started.append(try await CollectProcess.start(feed: feed, database: database)) }
    let collectors = started
    let batches = (0..<40).map { index in
        (id: UUID(), counters: [Batches.Counter(version: "3.\(index)", event: "update.shown", n: 1)])
    }
    let answers = try await withThrowingTaskGroup(of: (Int, CollectProcess.Answer).self) { group in
        for (index, batch) in batches.enumerated() {
            group.addTask {
                (index, try await collectors[index % count].post(Batches.body(batch.counters, id: batch.id)))
            }
        }
        return try await group.reduce(into: [Int: CollectProcess.Answer]()) { $0[$1.0] = $1.1 }
    }
    let accepted = answers.filter { $0.value.status == 200 }.map(\.key)
    #expect(accepted.count == 16)
    let refused = answers.filter { $0.value.status == 422 }
    #expect(refused.count == 24)
    for (_, answer) in refused {
        #expect(answer.body.contains("would be a 17th version of"), "\(answer.body)")
        #expect(answer.body.contains("at most 16 versions an app a day"), "\(answer.body)")
    }
    var metric = 0
    for collector in collectors {
        let text = try await collector.get("/metrics").body
        let prefix = #"appalert_collect_batches_refused_total{reason="too_many_versions"} "#
        metric +=
            text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }
    #expect(metric == 24)
    // A refused batch's id was not kept: sent again with a version already stored, it is accepted.
    let stored = batches[accepted[0]].counters[0].version!
    let again = try #require(refused.first?.key)
    let retried = try await collectors[0].post(
        Batches.body([Batches.Counter(version: stored, event: "update.accepted", n: 2)], id: batches[again].id))
    #expect(retried.body == #"{"accepted":1}"#)
    // Another day has its own bound.
    let nextDay = try await collectors[0].post(
        Batches.body([Batches.Counter(day: "2026-11-24", version: "9.9", event: "update.shown", n: 1)]))
    #expect(nextDay.body == #"{"accepted":1}"#)
    for collector in collectors { #expect(collector.stop() == 0) }
    let (rows, ids) = try await storedRows(database)
    #expect(ids == 18)
    #expect(Set(rows.filter { $0.day == "2026-11-25" }.compactMap(\.version)).count == 16)
}

/// The connection's address is bucketed as a forwarded one is: IPv6 by its /64, an IPv4-mapped
/// address as its IPv4 address (the collector listening on `::`).
@Test(arguments: [
    ("2001:db8:cafe::1", "2001:db8:cafe:0:ffff:ffff:ffff:ffff", true),
    ("2001:db8:cafe::1", "2001:db8:cafe:1::1", false),
    ("::1", "::2", true),
    ("::ffff:10.0.0.1", "10.0.0.1", true),
    ("10.0.0.1", "10.0.0.2", false),
    ("10.0.0.1", "::a00:1", false),
])
func theConnectionsAddressIsOneClientPerIPv4AddressOrIPv6Slash64(first: String, second: String, same: Bool) throws {
    let one = ClientBucket(try SocketAddress(ipAddress: first, port: 40000))
    let two = ClientBucket(try SocketAddress(ipAddress: second, port: 40001))
    #expect((one == two) == same)
}

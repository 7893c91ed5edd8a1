import AppAlertAuthoring
import Foundation
import Testing

/// The check's "which installs see it first" at a moment the page names (issue 41 §5): the moment goes
/// to the engine's audience as a date; one that is not RFC 3339 is refused, saying so.
extension ConsoleAPITests {
    final class MomentLog: @unchecked Sendable {
        private let lock = NSLock()
        private var moments: [Date] = []
        func record(_ now: Date) { lock.withLock { moments.append(now) } }
        var last: Date? { lock.withLock { moments.last } }
    }

    @Test
    func theCheckAsksWhoSeesTheDraftFirstAtTheMomentThePageNamesAndNowWithoutOne() async throws {
        let moments = MomentLog()
        var console = Self.console()
        console.audience = { _, id, now in
            moments.record(now)
            return ["id": .integer(Int64(id)), "at": .string(RFC3339.format(now))]
        }
        try await Self.withConsole(console: console) { port, _ in
            let check = { (moment: String) in
                try await Self.send(
                    "POST", "/api/feeds/messages.json/check", port: port,
                    body: #"{"message": \#(Self.edited), "replacing": 1\#(moment)}"#)
            }
            let later = try await check(#", "moment": "2099-06-02T09:00:00Z""#)
            #expect(later.status == 200, "\(later.body)")
            #expect(later.body.contains(#""at":"2099-06-02T09:00:00Z""#), "\(later.body)")
            #expect(moments.last == (try RFC3339.parse("2099-06-02T09:00:00Z")))
            let before = Date()
            let now = try await check(#", "moment": null"#)
            #expect(now.status == 200, "\(now.body)")
            #expect((moments.last ?? .distantPast) >= before.addingTimeInterval(-1), "\(now.body)")
            for bad in [#""tomorrow""#, "17", #""2099-06-02""#] {
                let refused = try await check(#", "moment": \#(bad)"#)
                #expect(refused.status == 400, "\(bad): \(refused.body)")
                #expect(refused.body.contains("moment"), "\(refused.body)")
            }
        }
    }
}

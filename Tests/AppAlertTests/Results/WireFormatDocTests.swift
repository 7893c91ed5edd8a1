import Foundation
import Testing

@testable import AppAlert

/// docs/reporting.md shows the exact bytes a device sends: they are the encoder's, and the schema's.
struct WireFormatDocTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The input the document describes in words.
    static let documented = CountsWire.body(
        batch: "5C0F8E2A-3B1D-4E5F-9A7B-1C2D3E4F5A6B", app: "com.example.Notes",
        counts: [
            .init(day: "2026-11-24", message: 5, variant: 1, event: .shown, n: 3),
            .init(day: "2026-11-24", message: 5, variant: 1, event: .button(0), n: 1),
            .init(day: "2026-11-24", message: 7, event: .dismissed, n: 2),
            .init(day: "2026-11-24", version: "2.0", event: .updateShown, n: 1),
        ])

    /// The line of the ```json block after `<!-- wire-example -->`.
    static func documentedBytes() throws -> String {
        let text = try String(
            contentsOf: repository.appendingPathComponent("docs/reporting.md"), encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- wire-example -->\n```json\n"))
        let rest = text[marker.upperBound...]
        let end = try #require(rest.range(of: "\n```"))
        return String(rest[..<end.lowerBound])
    }

    @Test
    func theBytesInTheDocumentAreWhatTheEncoderWrites() throws {
        #expect(try Self.documentedBytes() == String(decoding: Self.documented, as: UTF8.self))
    }

    @Test
    func theDocumentedBytesMatchTheSchema() throws {
        try ResultSendingTests.validate(Self.documented)
    }

    @Test(arguments: [
        (0, "1970-01-01"), (19_686, "2023-11-25"), (20_781, "2026-11-24"), (11_016, "2000-02-29"), (-1, "1969-12-31"),
    ])
    func utcDaysAreWrittenAsTheCalendarSays(day: Int, text: String) {
        #expect(UTCDay.text(ofDay: day) == text)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 43_200)
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let expected = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        #expect(UTCDay.text(of: date) == expected)
    }
}

@_spi(Authoring) import AppAlert
import Foundation
import Testing

@testable import AppAlertResults

/// Issue 41's leftovers, 6: a button matched at another place is named in words, and a conversion window
/// after an end at midnight reaches as far as the hours after the last moment shown, not a day further.
@Suite
struct ReportWordingTests {
    /// The feed's one message (id 1) ending at `end`, with a conversion within `hours` when given.
    static func facts(end: String, hours: Int?) throws -> FeedMessageFacts {
        let conversion = hours.map { #", "conversion": {"event": "purchase", "withinHours": \#($0)}"# } ?? ""
        let feed = try FeedDecoder().decode(
            Data(
                #"{"format": 2, "messages": [{"id": 1, "bundleId": "com.example.A", "title": "Sale", "text": "t", "startDate": "2026-11-20T00:00:00Z", "endDate": "\#(end)"\#(conversion)}]}"#
                    .utf8))
        return try #require(FeedMessageFacts.of(feed.feed.messages, app: nil).first)
    }

    @Test(arguments: [
        // Shown last on the 22nd (the end is exclusive): 48 hours reach the end of the 24th.
        ("2026-11-23T00:00:00Z", 48, "2026-11-22", "2026-11-24"),
        ("2026-11-23T00:00:00Z", 24, "2026-11-22", "2026-11-23"),
        ("2026-11-23T00:00:01Z", 48, "2026-11-23", "2026-11-25"),
        ("2026-11-23T09:00:00Z", 48, "2026-11-23", "2026-11-25"),
        ("2026-11-23T09:00:00Z", 1, "2026-11-23", "2026-11-23"),
        ("2026-11-23T23:30:00Z", 1, "2026-11-23", "2026-11-24"),
    ])
    func aConversionWindowEndsTheHoursAfterTheLastMomentShown(
        end: String, hours: Int, lastShown: String, lastConversion: String
    ) throws {
        let facts = try Self.facts(end: end, hours: hours)
        #expect(facts.endDay == lastShown)
        #expect(facts.lastConversionDay == lastConversion)
    }

    /// At the boundary: a conversion on the last day the window reaches is not marked, one a day later is.
    @Test
    func aConversionTheDayAfterTheWindowIsMarkedAndOneOnItsLastDayIsNot() throws {
        let facts = try Self.facts(end: "2026-11-23T00:00:00Z", hours: 48)
        let within = ResultsReport.outsideDates(
            daily: [("2026-11-22", ["shown": 10]), ("2026-11-24", ["conversion": 1])], facts: facts)
        #expect(within == nil)
        let after = ResultsReport.outsideDates(
            daily: [("2026-11-22", ["shown": 10]), ("2026-11-25", ["conversion": 1])], facts: facts)
        #expect(after?.code == "outsideDates")
        #expect(after?.text.contains("2026-11-25") == true, "\(String(describing: after?.text))")
        // Without a conversion, nothing is counted after the last day shown.
        let plain = try Self.facts(end: "2026-11-23T00:00:00Z", hours: nil)
        #expect(plain.lastConversionDay == "2026-11-22")
    }

    /// A variant's button compared with the baseline's button of the same title at another place: the
    /// place in words, never `button.0`.
    @Test
    func aButtonMatchedAtAnotherPlaceIsNamedInWords() throws {
        let feed = try FeedDecoder().decode(
            Data(
                #"{"format": 2, "messages": [{"id": 1, "bundleId": "com.example.A", "title": "Try Pro", "text": "t", "buttons": [{"title": "Buy", "action": {"event": "show_paywall"}}], "variants": [{"weight": 1, "name": "Control"}, {"weight": 1, "name": "Later first", "buttons": [{"title": "Later", "action": "dismiss"}, {"title": "Buy", "action": {"event": "show_paywall"}}]}]}]}"#
                    .utf8))
        let facts = try #require(FeedMessageFacts.of(feed.feed.messages, app: nil).first)
        let message = try HeadlineTests.message(
            [(0, ["shown": 1000, "button.0": 100]), (1, ["shown": 1000, "button.1": 120])], facts: facts)
        let versus = try #require(message.arms[1].versusBaseline?["button.1"])
        #expect(versus.baselineEvent == "button.0")
        #expect(
            ResultsReport.baselineName(versus, "button.1", goal: nil)
                == "baseline (its button of the same title, the first button)")
        var report = ResultsReport(tally: ResultsTally(), filter: ResultsFilter(), feed: nil)
        report.messages = [message]
        report.hasFeed = true
        #expect(report.text.contains("its button of the same title, the first button"), "\(report.text)")
        #expect(!report.text.contains("title, button."), "\(report.text)")
    }

    @Test(arguments: [
        ("button.0", "the first button"), ("button.1", "the second button"), ("button.9", "the tenth button"),
        ("button.10", "button number 11"), ("link", "link"),
    ])
    func aButtonsPlaceIsSaidInWords(event: String, words: String) {
        #expect(ResultsReport.buttonPlace(event) == words)
    }
}

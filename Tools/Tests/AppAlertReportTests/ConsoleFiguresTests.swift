@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation
import TestSupport
import Testing

@testable import AppAlertResults

/// The figures the console shows beside each message (`serve --dev --results`): the report's own, by id.
struct ConsoleFiguresTests {
    @Test
    func eachMessageGetsItsReportFiguresByIdAndAMessageWithoutCountsItsTitleAlone() async throws {
        let directory = try TemporaryDirectory()
        let database = try await ResultsDatabases.sqlite(
            in: directory,
            [
                StoredCount(day: "2026-11-20", message: 1, event: "shown", n: 40),
                StoredCount(day: "2026-11-20", message: 1, event: "button.0", n: 10),
            ])
        let feed = Data(
            #"{"format": 2, "messages": [{"id": 1, "bundleId": "*", "title": "Sale", "text": "x", "buttons": [{"title": "Go", "action": "dismiss"}]}, {"id": 2, "bundleId": "*", "title": "Quiet", "text": "y"}]}"#
                .utf8)
        let figures = await ResultsReport.figuresByMessage(database: database, feed: feed)
        guard case .object(let byID) = figures, case .object(let first)? = byID["1"],
            case .object(let second)? = byID["2"]
        else {
            Issue.record("unexpected \(figures.serialized())")
            return
        }
        #expect(first["title"] == "Sale")
        #expect(first["counts"] == ["button.0": 10, "dismissed": 0, "shown": 40])
        guard case .array(let variants)? = first["variants"], case .object(let arm)? = variants.first,
            case .object(let rates)? = arm["rates"], case .object(let button)? = rates["button.0"]
        else {
            Issue.record("no rates in \(figures.serialized())")
            return
        }
        #expect(button["rate"] == .number(0.25))
        #expect(second["title"] == "Quiet")
    }

    @Test
    func aDatabaseThatCannotBeReadIsSaidNotHidden() async throws {
        let figures = await ResultsReport.figuresByMessage(
            database: "/nonexistent/results.sqlite", feed: Data(#"[]"#.utf8))
        guard case .object(let object) = figures, let error = object["error"]?.stringValue else {
            Issue.record("unexpected \(figures.serialized())")
            return
        }
        #expect(error.contains("results.sqlite"))
    }
}

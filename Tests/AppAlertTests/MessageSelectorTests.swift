@_spi(Authoring) import AppAlert
import Foundation
import Testing

struct MessageSelectorTests {
    static let app = "com.createchsol.AppAlertExample"

    func feed(_ name: String) throws -> Feed {
        try FeedDecoder().decode(try Fixtures.data(name)).feed
    }

    // MARK: The tutorial's feeds behave as the tutorial describes.

    @Test
    func theFirstTutorialFeedShowsItsMessageOnceThenNever() throws {
        let feed = try feed("tutorial-1.json")
        let context = makeContext(bundleID: Self.app)
        var history = ViewHistory()
        let first = MessageSelector.decide(feed, context: context, history: history)
        #expect(
            first.message
                == ResolvedMessage(
                    id: 1, title: "App Alert",
                    text: "Warning:  There is a bug in the application and I am working on it.",
                    confirmLabel: "OK"))
        history.recordShowing(of: 1, at: context.now)
        #expect(MessageSelector.decide(feed, context: context, history: history).message == nil)
    }

    @Test
    func theFirstTutorialFeedIsOnlyForItsApp() throws {
        #expect(
            MessageSelector.decide(try feed("tutorial-1.json"), context: makeContext(bundleID: "com.other")).message
                == nil)
    }

    @Test(arguments: [
        ("1.0", "17.0.1", true), ("1.0", "17.2", true), ("1.0.0", "17.2.0", true), ("1.0", "17.1", false),
        ("1.1", "17.2", false), ("2.0", "17.0.1", false),
    ])
    func theSecondTutorialFeedTargetsItsVersionsAndAddsTheLink(appVersion: String, osVersion: String, shown: Bool)
        throws
    {
        let context = makeContext(bundleID: Self.app, appVersion: appVersion, osVersion: osVersion)
        let decision = MessageSelector.decide(try feed("tutorial-2.json"), context: context)
        #expect((decision.message != nil) == shown)
        if shown {
            #expect(decision.message?.link?.title == "More information")
            #expect(decision.message?.link?.url.absoluteString == "https://www.createchsol.com")
        }
    }

    @Test
    func anInstallThatSawMessageOneUnderTheTutorialsCodeStillSeesMessageTwo() throws {
        let context = makeContext(bundleID: Self.app, appVersion: "1.0", osVersion: "17.2")
        let history = ViewHistory(legacyLastMessageID: 1)
        #expect(MessageSelector.decide(try feed("tutorial-2.json"), context: context, history: history).selectedID == 2)
        #expect(
            MessageSelector.decide(try feed("tutorial-1.json"), context: context, history: history).selectedID == nil)
    }

    /// The tutorial's flaw: `first(where:)` finds message 2 (already seen) and stops; the right
    /// message is 4.
    @Test
    func withSeveralMessagesForOneAppTheRightOneIsChosen() throws {
        let context = makeContext(bundleID: Self.app)
        let history = ViewHistory(records: [2: .init(count: 1)])
        let decision = MessageSelector.decide(
            try feed("several-apps.json"), context: context, history: history, explain: true)
        #expect(decision.selectedID == 4)
        #expect(decision.evaluations.map(\.id) == [1, 2, 3, 4, 5])
        #expect(decision.evaluations.map(\.isEligible) == [false, false, false, true, false])
        #expect(decision.evaluations[1].reason == "already shown 1 of 1 time")
        #expect(decision.evaluations[3].outcome == .selected)
    }

    // MARK: Selection rule.

    func messages(_ specs: [(id: Int, priority: Int)]) -> [Message] {
        specs.map {
            Message(id: $0.id, bundleIDs: ["com.example.App"], title: "t\($0.id)", text: "x", priority: $0.priority)
        }
    }

    @Test(
        arguments: [
            ([(1, 0), (2, 0), (3, 0)], 3),
            ([(3, 0), (2, 0), (1, 0)], 3),
            ([(1, 5), (2, 0), (3, 0)], 1),
            ([(7, -1), (2, 0)], 2),
            ([(4, 2), (9, 2), (5, 2)], 9),
            ([(10, 1), (11, 0), (12, 1)], 12),
        ] as [([(Int, Int)], Int)])
    func theHighestPriorityWinsThenTheHighestID(specs: [(Int, Int)], winner: Int) {
        let decision = MessageSelector.decide(
            messages(specs.map { (id: $0.0, priority: $0.1) }), context: makeContext(), explain: true)
        #expect(decision.selectedID == winner)
        #expect(decision.evaluations.filter { $0.outcome == .selected }.map(\.id) == [winner])
        for evaluation in decision.evaluations where evaluation.id != winner {
            #expect(evaluation.outcome == .outranked(by: winner))
        }
    }

    @Test
    func noEligibleMessageMeansNoMessage() {
        let history = ViewHistory(records: [1: .init(count: 1), 2: .init(count: 1)])
        let decision = MessageSelector.decide(messages([(1, 0), (2, 0)]), context: makeContext(), history: history)
        #expect(decision.message == nil)
        #expect(decision.evaluations.isEmpty)
    }

    @Test
    func aMessageAllowedSeveralViewsIsShownThatManyTimesAtTheGivenInterval() throws {
        let message = try #require(
            try decodeMessage("\"maxViews\": 3, \"minHoursBetweenViews\": 12").feed.messages.first)
        var history = ViewHistory()
        var now = try RFC3339.parse("2026-03-01T00:00:00Z")
        var shownAt: [Date] = []
        // Launch every 5 hours for 5 days.
        for _ in 0..<24 {
            var context = makeContext()
            context.now = now
            if MessageSelector.decide([message], context: context, history: history).message != nil {
                history.recordShowing(of: message.id, at: now)
                shownAt.append(now)
            }
            now.addTimeInterval(5 * 3600)
        }
        #expect(shownAt.count == 3)
        #expect(zip(shownAt, shownAt.dropFirst()).allSatisfy { $1.timeIntervalSince($0) >= 12 * 3600 })
    }

    // MARK: Resolution for display.

    static let localized = """
        "confirmLabel": "Close", "link": {"title": "More", "url": "https://example.com"},
        "localizations": {
          "fr": {"title": "Titre", "text": "Texte"},
          "pt-BR": {"title": "Título BR", "confirmLabel": "Fechar"},
          "pt-PT": {"title": "Título PT"},
          "zh-Hant": {"title": "標題"},
          "de-AT": {"title": "Titel AT", "link": {"title": "Mehr", "url": "https://example.com/de"}}
        }
        """

    @Test(
        arguments: [
            (["fr-CA"], "Titre", "Texte", "Close", "fr"),
            (["pt-BR"], "Título BR", "Text", "Fechar", "pt-BR"),
            (["pt-PT"], "Título PT", "Text", "Close", "pt-PT"),
            (["pt"], "Título BR", "Text", "Fechar", "pt-BR"),
            (["pt-AO"], "Título PT", "Text", "Close", "pt-PT"),
            (["it", "fr"], "Titre", "Texte", "Close", "fr"),
            (["it"], "Title", "Text", "Close", nil),
            ([], "Title", "Text", "Close", nil),
            (["zh-TW"], "標題", "Text", "Close", "zh-Hant"),
            (["zh-CN"], "Title", "Text", "Close", nil),
            (["de"], "Titel AT", "Text", "Close", "de-AT"),
            (["en", "fr"], "Titre", "Texte", "Close", "fr"),
        ] as [([String], String, String, String, String?)])
    func theBestLocalizationForThePreferredLanguagesIsUsed(
        languages: [String], title: String, text: String, confirmLabel: String, tag: String?
    ) throws {
        let message = try #require(try decodeMessage(Self.localized).feed.messages.first)
        let resolved = ResolvedMessage(message, preferredLanguages: languages.map(LanguageTag.init))
        #expect(resolved.title == title)
        #expect(resolved.text == text)
        #expect(resolved.confirmLabel == confirmLabel)
        #expect(resolved.localization?.original == tag)
        #expect(resolved.link?.title == (tag == "de-AT" ? "Mehr" : "More"))
    }

    @Test
    func theConfirmLabelDefaultsToOK() throws {
        let message = try #require(try decodeMessage("").feed.messages.first)
        #expect(ResolvedMessage(message, preferredLanguages: []).confirmLabel == "OK")
    }

    @Test
    func aWallIsResolvedAsNotDismissible() throws {
        let message = try #require(
            try decodeMessage(
                "\"dismissible\": false, \"link\": {\"title\": \"Update\", \"url\": \"https://apps.apple.com/app/id1\"}"
            )
            .feed.messages.first)
        let resolved = ResolvedMessage(message, preferredLanguages: [])
        #expect(!resolved.dismissible)
        #expect(resolved.link?.title == "Update")
    }
}

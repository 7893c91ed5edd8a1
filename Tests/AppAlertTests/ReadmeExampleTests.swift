@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// The README's first code sample, as written there, against the bundled example feed.
struct ReadmeExampleTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    @Test
    func theReadmeSampleShowsTheFrenchUpdateMessageOnce() throws {
        let data = try Data(contentsOf: Self.examples.appendingPathComponent("messages.json"))
        let result = try FeedDecoder().decode(data)
        #expect(result.diagnostics.isEmpty)

        let context = EvaluationContext(
            bundleID: "com.createchsol.AppAlertExample",
            appVersion: Version("1.0"),
            platform: .iOS,
            osVersion: Version("17.2"),
            preferredLanguages: [LanguageTag("fr-FR")],
            installID: "8C1F3A52-6B0E-4C57-9A0D-2F4E1B7C9D10",
            now: Date())
        var history = ViewHistory()

        let decision = MessageSelector.decide(result.feed, context: context, history: history)
        let message = try #require(decision.message)
        #expect(message.id == 4)
        #expect(message.title == "Mise à jour nécessaire")
        #expect(message.link?.url.absoluteString == "https://apps.apple.com/fr/app/id000000000")
        history.recordShowing(of: message.id, at: Date())

        // Shown once: the next launch gets the next message (here the tutorial's message 2).
        let next = MessageSelector.decide(result.feed, context: context, history: history)
        #expect(next.message?.id != 4)
    }
}

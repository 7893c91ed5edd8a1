@_spi(Authoring) import AppAlert
import ArgumentParser
import Foundation
import TestSupport
import Testing

@testable import AppAlertCommands

/// What `validate` and `evaluate` say (issue 31): a message's diagnostics together, the variant an
/// install sees, and each default said once.
struct WordingCommandTests {
    @Test
    func validateListsEachMessagesErrorsThenItsWarningsInTheFeedsOrder() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            """
            {"format": 2, "updtes": [], "messages": [
              {"id": 1, "bundleId": "a", "titel": "T", "text": "x", "appVersions": [], "rollout": 101},
              {"id": 2, "bundleId": "a", "title": "T", "text": "x", "link": {"title": "L", "url": "http://x.com"}},
              {"id": 3, "bundleId": "a", "title": "T", "text": "x", "layout": "baner", "bannerSeconds": 5}
            ]}
            """)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"\#(feed): warning: $.updtes: unknown key "updtes" is ignored (did you mean "updates"?)"#,
                #"\#(feed): error: $.messages[0].title (message 1): "title" is missing (is "titel" a misspelling of it?); the message is left out"#,
                #"\#(feed): error: $.messages[0].rollout (message 1): "rollout" must be from 0 to 100"#,
                #"\#(feed): warning: $.messages[0].titel (message 1): unknown key "titel" is ignored (did you mean "title"?)"#,
                #"\#(feed): warning: $.messages[0].appVersions (message 1): an empty "appVersions" matches no version"#,
                #"\#(feed): warning: $.messages[1].link.url (message 2): the link uses http:, not https:; apps with the default link policy (https: only) do not show it"#,
                #"\#(feed): error: $.messages[2].layout (message 3): unknown layout "baner" (did you mean "banner"?); the message is left out"#,
                "\(feed): format 2, 3 messages, 1 usable; 3 errors, 4 warnings",
            ], "\(result.standardOutput)")
    }

    static let variantFeed = """
        {"format": 2, "messages": [
         {"id": 5, "bundleId": "a", "title": "Thanks", "text": "x",
          "variants": [{"weight": 1, "title": "Thanks A"}, {"name": "Warm", "weight": 3, "title": "Thanks B"}]},
         {"id": 6, "bundleId": "b", "title": "Plain", "text": "x"}
        ]}
        """

    /// For several installs, the text names the variant the install gets (as the JSON's `variant`
    /// index): by its name, else its letter, then its place counted from 1, its index and weight; the
    /// JSON has the feed's name beside the index, `null` without one.
    @Test(arguments: ["install-1", "install-2", "install-3", "install-4", "install-5", "install-6"])
    func evaluateNamesTheVariantAnInstallSees(installID: String) throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.variantFeed)
        let arguments = ["evaluate", feed, "--bundle-id", "a", "--app-version", "1.0", "--install-id", installID]
        let json = try parseJSON(try AppAlertProcess.run(arguments + ["--json"]).standardOutput)
        let index = VariantAssignment.variant(messageID: 5, installID: installID, weights: [1, 3])
        #expect(json["variant"] == .integer(Int64(index)))
        #expect(json["variants"] == .integer(2))
        #expect(json["variantName"] == (index == 1 ? .string("Warm") : .null))
        let text = try AppAlertProcess.run(arguments)
        #expect(text.status == 0)
        let weight = [1, 3][index]
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        let label = index == 1 ? #""Warm""# : "A"
        #expect(
            lines.contains("  (variant \(label) (\(index + 1) of 2): variants[\(index)], weight \(weight) of 4)"),
            "\(lines)")
        #expect(lines.contains("  Thanks \(index == 0 ? "A" : "B")"))
    }

    @Test
    func evaluateSaysNothingOfVariantsForAMessageWithout() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write("feed.json", Self.variantFeed)
        let arguments = ["evaluate", feed, "--bundle-id", "b", "--app-version", "1.0", "--install-id", "x"]
        let text = try AppAlertProcess.run(arguments).standardOutput
        #expect(text.contains("Plain") && !text.contains("variant"), "\(text)")
        let json = try parseJSON(try AppAlertProcess.run(arguments + ["--json"]).standardOutput)
        #expect(json["variant"] == .null && json["variantName"] == .null && json["variants"] == .null)
    }

    /// Every command, nested ones too.
    static func commands(_ command: ParsableCommand.Type = AppAlertCommand.self) -> [ParsableCommand.Type] {
        [command] + command.configuration.subcommands.flatMap { commands($0) }
    }

    /// `validate` names a variant by its name, else its letter, where its showing in a language mixes
    /// in the base language, and says what the change of the translation rule did to a variant without
    /// translations; a repeated variant name is an error at its path.
    @Test
    func validateNamesTheVariantAndTheLanguageWhereTextsMix() throws {
        let directory = try TemporaryDirectory()
        let feed = try directory.write(
            "feed.json",
            """
            {"format": 2, "messages": [
              {"id": 1, "bundleId": "a", "title": "Go Pro", "text": "All notes.",
               "localizations": {"de": {"title": "Pro holen", "text": "Alle Notizen."}},
               "variants": [{"weight": 1, "title": "Pro now"},
                            {"name": "Discount", "weight": 1, "title": "30% off", "text": "Today only.",
                             "localizations": {"de": {"title": "30 % günstiger"}}}]},
              {"id": 2, "bundleId": "a", "title": "T", "text": "x",
               "variants": [{"name": "Control", "weight": 1}, {"name": "Control", "weight": 1}]}
            ]}
            """)
        let result = try AppAlertProcess.run(["validate", feed])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"\#(feed): warning: $.messages[0].variants[0] (message 1): in "de" variant A shows its own "title" in the base language: the message's "de" translation of "title" no longer replaces a variant's own (it used to, giving every variant the same words), while its other texts are in "de"; translate "title" in the variant's "localizations""#,
                #"\#(feed): warning: $.messages[0].variants[1].localizations.de (message 1): in "de" variant "Discount" shows its own "text" in the base language while its other texts are in "de"; translate "text" in the variant's "localizations""#,
                #"\#(feed): error: $.messages[1].variants[1].name (message 2): variant name "Control" is already the name of variants[0]; each variant of a message needs its own name; the message is left out"#,
                "\(feed): format 2, 2 messages, 1 usable; 1 error, 2 warnings",
            ], "\(result.standardOutput)")
        let json = try parseJSON(try AppAlertProcess.run(["validate", feed, "--json"]).standardOutput)
        guard case .array(let warnings)? = json["warnings"] else {
            Issue.record("no warnings in \(json)")
            return
        }
        let codes = warnings.map { warning -> JSONValue? in
            if case .object(let object) = warning { object["code"] } else { nil }
        }
        #expect(codes == [.string("cancelsVariants"), .string("mixesLanguages")])
    }

    /// ArgumentParser adds "(default: X)" to an option with a default value; a help text that says it
    /// too says it twice. Each option's help (its lines until the next option) says a default once.
    @Test
    func noHelpTextSaysADefaultTwice() {
        var checked = 0
        for command in Self.commands() {
            let help = AppAlertCommand.helpMessage(for: command, columns: 400)
            for option in help.components(separatedBy: "\n  -").dropFirst() {
                checked += 1
                let said =
                    option.components(separatedBy: "(default").count - 1
                    + option.components(separatedBy: "Default:").count - 1
                #expect(said <= 1, "\(command.configuration.commandName ?? "?"): -\(option)")
            }
        }
        #expect(checked > 50)
    }
}

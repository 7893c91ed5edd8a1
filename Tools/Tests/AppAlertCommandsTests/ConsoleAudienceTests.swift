@_spi(Authoring) import AppAlert
import Foundation
import Testing

@testable import AppAlertServerCommands

/// The console's "Which installs see it first" (`ConsoleSupport.audience`), issue 41's leftovers, 5: a row
/// per language that reads its own title, and the platforms a row stands for said in words.
struct ConsoleAudienceTests {
    /// The table's rows as cells (columns are two spaces or more apart; no cell holds two spaces).
    static func cells(_ table: String) -> [[String]] {
        table.split(separator: "\n").dropFirst().map { line in
            line.split(separator: "  ", omittingEmptySubsequences: true).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// English and German installs, which targeting treats alike (`locales: ["en", "de"]`), read different
    /// titles: each is a row with its own, never English installs under the German title.
    @Test
    func eachLanguageRowShowsTheTitleItsInstallsReadAndOtherPlatformsAreSaidInWords() throws {
        let feed = """
            {"format": 2, "messages": [{"id": 2, "bundleId": "com.example.app", "title": "Try Pro",
              "text": "Everything.", "locales": ["en", "de"],
              "localizations": {"de": {"title": "Pro testen", "text": "Alles."}}}]}
            """
        let answer = ConsoleSupport.audience(Data(feed.utf8), 2, Date(timeIntervalSince1970: 1_800_000_000))
        guard case .object(let audience) = answer, case .array(let apps)? = audience["apps"],
            case .object(let app)? = apps.first, let table = app["table"]?.stringValue
        else {
            Issue.record("no table in \(answer.serialized())")
            return
        }
        let rows = Self.cells(table)
        #expect(rows.map { [$0[3], $0[4]] } == [["de", "#2 Pro testen"], ["en", "#2 Try Pro"]], "\(table)")
        #expect(!table.contains("(+"), "\(table)")
        #expect(rows.allSatisfy { $0[2].hasPrefix("ios and ") && $0[2].hasSuffix(" more platforms") }, "\(table)")
    }
}

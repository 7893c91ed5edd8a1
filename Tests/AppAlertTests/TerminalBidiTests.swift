import Foundation
import Testing

@testable import AppAlert

/// The terminal notice shows a feed's text in the order it is written: bidirectional controls from the
/// feed are replaced, as control characters are, and the isolates this package adds around an app name
/// or a version stay, balanced on every line of the frame.
struct TerminalBidiTests {
    static func render(_ text: String, width: Int = 72) -> String {
        TerminalPresenter(maximumWidth: width).render(
            AlertPresentation(id: "x", title: "Notice", text: text, buttons: [], isDismissible: true))
    }

    /// The frame's line that holds `fragment`, without the frame.
    static func line(containing fragment: String, in rendered: String) -> String? {
        rendered.split(separator: "\n").first { $0.contains(fragment) }.map {
            String($0.dropFirst(2).dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether every line opens and closes its isolates in order (and the notice keeps at least one).
    static func isolatesAreBalancedOnEveryLine(_ rendered: String) -> Bool {
        rendered.split(separator: "\n").allSatisfy { line in
            var depth = 0
            for scalar in line.unicodeScalars {
                if scalar == "\u{2068}" { depth += 1 }
                if scalar == "\u{2069}" { depth -= 1 }
                if depth < 0 { return false }
            }
            return depth == 0
        }
    }

    static let bidirectionalControls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    ]

    @Test(arguments: bidirectionalControls)
    func aBidirectionalControlFromTheFeedIsReplacedByASpace(control: Unicode.Scalar) {
        let rendered = Self.render("left\(Character(control))right")
        #expect(!rendered.unicodeScalars.contains(control), "U+\(String(control.value, radix: 16, uppercase: true))")
        #expect(Self.line(containing: "left", in: rendered) == "left right")
    }

    /// Trojan Source's trick: an override shows `dekcol` as "locked" and a pair of isolates hides the
    /// override's end; here each reads as written.
    @Test(arguments: [
        ("Your account is \u{202E}dekcol\u{202C}; pay now", "Your account is  dekcol ; pay now"),
        ("invoice\u{202E}fdp.exe", "invoice fdp.exe"),
        ("\u{2067}\u{202E}abc\u{2069} def", "  abc  def"),
        ("\u{2068}abc\u{202E} def\u{2069} ghi", "\u{2068}abc  def\u{2069} ghi"),
        ("\u{202B}right to left\u{202C} then \u{202A}left\u{202C}", " right to left  then  left "),
    ])
    func aTextThatTriesToReverseALineReadsAsWritten(text: String, shown: String) {
        let rendered = Self.render(text)
        let reordering = rendered.unicodeScalars.filter {
            (0x202A...0x202E).contains($0.value) || (0x2066...0x2067).contains($0.value)
        }
        #expect(reordering.isEmpty)
        #expect(Self.line(containing: shown.trimmingCharacters(in: .whitespaces), in: rendered) != nil, "\(rendered)")
        #expect(Self.isolatesAreBalancedOnEveryLine(rendered))
    }

    /// The update notice isolates the app name and the version in a right-to-left text; a name long
    /// enough to wrap is closed at each line's end and opened again on the next. A stray isolate end
    /// the feed put before the placeholder, or one left open after it, does not unbalance them.
    @Test(arguments: [
        "يتوفر الإصدار {version} من {appName}.",
        "\u{2069}يتوفر الإصدار {version} من {appName}.",
        "يتوفر الإصدار {version} من {appName}.\u{2068}",
        "\u{2068}يتوفر الإصدار {version} من {appName}.",
    ])
    func theIsolatesThisPackageAddsStayBalanced(template: String) {
        let text = UpdateTexts.fill(
            template, appName: "Notes Sync and Backup Companion", version: "2.4.1", isolating: true)
        for width in [72, 24] {
            let rendered = Self.render(text, width: width)
            #expect(Self.isolatesAreBalancedOnEveryLine(rendered), "\(width) columns:\n\(rendered)")
            #expect(rendered.contains("\u{2068}2.4.1\u{2069}"))
            let widths = Set(rendered.split(separator: "\n").map { TerminalPresenter.columns(of: $0) })
            #expect(widths.count == 1, "\(width) columns: lines of \(widths.sorted())")
        }
        let wrapped = Self.render(text, width: 24)
        #expect(wrapped.unicodeScalars.filter { $0 == "\u{2068}" }.count > 2, "the name's isolate spans lines")
    }

    /// Isolates nested a thousand deep are kept two deep: closing and opening them on each line costs at
    /// most four characters a line, not a thousand.
    @Test
    func deeplyNestedIsolatesCostAFewCharactersALine() {
        let depth = 1_000
        let words = Array(repeating: "word", count: 200).joined(separator: " ")
        let text = String(repeating: "\u{2068}", count: depth) + words + String(repeating: "\u{2069}", count: depth)
        let rendered = Self.render(text, width: 40)
        #expect(Self.isolatesAreBalancedOnEveryLine(rendered))
        let lines = rendered.split(separator: "\n").count
        #expect(rendered.unicodeScalars.filter { $0 == "\u{2068}" || $0 == "\u{2069}" }.count <= 4 * lines)
        #expect(rendered.unicodeScalars.count < 2 * text.unicodeScalars.count)
    }
}

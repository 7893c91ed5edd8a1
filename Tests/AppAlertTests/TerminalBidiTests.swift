import Foundation
import TestSupport
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

    /// Every bidirectional control and direction mark: embeddings, overrides, their end, isolates, their
    /// end, LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK, ARABIC LETTER MARK.
    static let bidirectionalControls: [Unicode.Scalar] = [
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
    ]

    /// Whether `scalar` is one of ``bidirectionalControls``.
    static func isBidirectional(_ scalar: Unicode.Scalar) -> Bool { bidirectionalControls.contains(scalar) }

    @Test(arguments: bidirectionalControls)
    func aBidirectionalControlFromTheFeedIsReplacedByASpace(control: Unicode.Scalar) {
        let rendered = Self.render("left\(Character(control))right")
        #expect(!rendered.unicodeScalars.contains(control), "U+\(String(control.value, radix: 16, uppercase: true))")
        #expect(Self.line(containing: "left", in: rendered) == "left right")
    }

    /// Trojan Source's shapes (an override shows `dekcol` as "locked", an isolate hides the override's
    /// end), and a feed's own isolate and marks, which would show "Refund approved not today" as "Refund
    /// not approved today": each reads as written, with no bidirectional control left.
    @Test(arguments: [
        ("Your account is \u{202E}dekcol\u{202C}; pay now", "Your account is  dekcol ; pay now"),
        ("invoice\u{202E}fdp.exe", "invoice fdp.exe"),
        ("\u{2067}\u{202E}abc\u{2069} def", "abc  def"),
        ("\u{2068}abc\u{202E} def\u{2069} ghi", "abc  def  ghi"),
        ("\u{202B}right to left\u{202C} then \u{202A}left\u{202C}", "right to left  then  left"),
        ("access = \"user\u{202E} \u{2066}// admin\u{2069} \u{2066}\"", "access = \"user   // admin   \""),
        ("Refund \u{2068}\u{200F}approved\u{200F} not\u{2069} today", "Refund   approved  not  today"),
        ("T \u{2068}\u{200F}accept\u{200F} not\u{2069} end", "T   accept  not  end"),
        ("\u{2068}\u{2068}nested\u{2069}\u{2069} twice", "nested   twice"),
        ("price\u{061C}10\u{200E}-\u{200F}20", "price 10 - 20"),
    ])
    func aTextThatTriesToReverseALineReadsAsWritten(text: String, shown: String) {
        for rendered in [Self.render(text), TerminalPresenter(maximumWidth: 72).render(Self.titled(text))] {
            #expect(!rendered.unicodeScalars.contains(where: Self.isBidirectional), "\(rendered)")
            #expect(Self.line(containing: shown, in: rendered) == shown, "\(rendered)")
        }
    }

    /// A notice titled `title`.
    static func titled(_ title: String) -> AlertPresentation {
        AlertPresentation(id: "x", title: title, text: "Text", buttons: [], isDismissible: true)
    }

    /// An escape sequence, a clipboard write (OSC 52), a C1 control sequence introducer and DEL: each
    /// character holding one becomes a space, the words around it stay.
    @Test(arguments: [
        ("Hello\u{1B}]52;c;ZWNobyBwd25lZA==\u{07} world", "Hello ]52;c;ZWNobyBwd25lZA==  world"),
        ("a\u{1B}[2J\u{1B}[31mred", "a [2J [31mred"),
        ("csi\u{9B}31m here", "csi 31m here"),
        ("del\u{7F}ete", "del ete"),
    ])
    func aControlCharacterFromTheFeedIsReplacedByASpace(text: String, shown: String) {
        let rendered = Self.render(text)
        #expect(!rendered.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(Self.line(containing: shown, in: rendered) == shown, "\(rendered)")
        #expect(TerminalPresenter.neutralized(text) == shown)
    }

    /// The update notice isolates the app name and the version in a right-to-left text; a name long
    /// enough to wrap is closed at each line's end and opened again on the next. Isolates the template
    /// (the feed's words) holds itself, stray or paired, are replaced: only the package's stay.
    @Test(arguments: [
        "يتوفر الإصدار {version} من {appName}.",
        "\u{2069}يتوفر الإصدار {version} من {appName}.",
        "يتوفر الإصدار {version} من {appName}.\u{2068}",
        "\u{2068}يتوفر الإصدار {version} من {appName}.",
        "\u{2068}يتوفر\u{200F} الإصدار\u{2069} {version} من \u{2068}{appName}.\u{2069}",
    ])
    func theIsolatesThisPackageAddsStayBalanced(template: String) throws {
        let decision = UpdateDecision(
            kind: .optional, reason: UpdateDecision.Reason(.updateAvailable, "x"), installedVersion: Version("2.0")!,
            availableVersion: Version("2.4.1")!, storeURL: URL(string: "https://example.com/app"),
            policy: UpdatePolicy(bundleIDs: ["x"], latestVersion: Version("2.4.1"), text: template))
        let presentation = try #require(
            AlertPresentation(decision, appName: "Notes Sync and Backup Companion", languages: [LanguageTag("ar")]))
        for width in [72, 24] {
            let rendered = TerminalPresenter(maximumWidth: width).render(presentation)
            #expect(Self.isolatesAreBalancedOnEveryLine(rendered), "\(width) columns:\n\(rendered)")
            #expect(rendered.contains("\u{2068}2.4.1\u{2069}"))
            #expect(
                !rendered.unicodeScalars.contains {
                    Self.isBidirectional($0) && !"\u{2068}\u{2069}".unicodeScalars.contains($0)
                })
            let widths = Set(rendered.split(separator: "\n").map { TerminalPresenter.columns(of: $0) })
            #expect(widths.count == 1, "\(width) columns: lines of \(widths.sorted())")
        }
        let unwrapped = TerminalPresenter(maximumWidth: 72).render(presentation)
        #expect(unwrapped.unicodeScalars.filter { $0 == "\u{2068}" }.count == 2, "only the package's two: \(unwrapped)")
        let wrapped = TerminalPresenter(maximumWidth: 24).render(presentation)
        #expect(wrapped.unicodeScalars.filter { $0 == "\u{2068}" }.count > 2, "the name's isolate spans lines")
    }

    /// The same words with isolates in the same places, given as a plain text (as a feed's message
    /// would), keep none: an isolate is kept for where this package put it, not for its shape. A prompt
    /// whose text was added to keeps them (the terminal notice appends the versions); one whose text was
    /// changed does not.
    @Test
    func isolatesNotAddedByThisPackageAreReplacedWhateverTheirShape() throws {
        let decision = UpdateDecision(
            kind: .optional, reason: UpdateDecision.Reason(.updateAvailable, "x"), installedVersion: Version("2.0")!,
            availableVersion: Version("2.4.1")!, storeURL: URL(string: "https://example.com/app"),
            policy: UpdatePolicy(bundleIDs: ["x"], latestVersion: Version("2.4.1"), text: "الإصدار {version}"))
        var presentation = try #require(AlertPresentation(decision, appName: "Notes", languages: [LanguageTag("ar")]))
        #expect(TerminalPresenter().render(presentation).contains("\u{2068}2.4.1\u{2069}"))
        let plain = Self.render(presentation.text)
        #expect(!plain.unicodeScalars.contains(where: Self.isBidirectional), "\(plain)")
        let filled = presentation.text
        presentation.text += "\n2.0 → 2.4.1"
        #expect(TerminalPresenter().render(presentation).contains("\u{2068}2.4.1\u{2069}"), "appended to: kept")
        // The same isolates at the same places, after another first letter: not the text they were put in.
        presentation.text = "ب" + filled.dropFirst()
        #expect(presentation.text.unicodeScalars.count == filled.unicodeScalars.count)
        let changed = TerminalPresenter().render(presentation)
        #expect(!changed.unicodeScalars.contains(where: Self.isBidirectional), "\(changed)")
    }

    /// Isolates nested a thousand deep are all replaced: the notice holds none, and is no longer than
    /// the text.
    @Test
    func deeplyNestedIsolatesFromTheFeedAreAllReplaced() {
        let depth = 1_000
        let words = Array(repeating: "word", count: 200).joined(separator: " ")
        let text = String(repeating: "\u{2068}", count: depth) + words + String(repeating: "\u{2069}", count: depth)
        let rendered = Self.render(text, width: 40)
        #expect(!rendered.unicodeScalars.contains(where: Self.isBidirectional))
        #expect(rendered.contains("word word"))
    }

    /// Seconds per character of rendering `hostile` over seconds per character of rendering `benign`:
    /// the best of five renderings of each, taken in turns (as HostileFeedTests measures the decoder).
    static func costRatio(_ hostile: String, _ benign: String) -> Double {
        CostRatio.perUnit(
            hostile: (hostile.count, { _ = render(hostile, width: 40) }),
            benign: (benign.count, { _ = render(benign, width: 40) }))
    }

    /// Shapes that would cost a quadratic presenter dearly: isolates nested deep, isolates and marks
    /// between every letter, escape sequences, one long word of controls. Each costs about what words of
    /// the same length cost (a ratio, never an absolute time).
    @Test(arguments: [
        (
            "nested isolates",
            String(repeating: "\u{2068}", count: 20_000) + String(repeating: "\u{2069}", count: 20_000)
        ),
        ("isolate pairs", String(repeating: "\u{2068}a\u{2069} ", count: 10_000)),
        ("marks", String(repeating: "\u{200F}x\u{200E}y\u{061C} ", count: 8_000)),
        ("escape sequences", String(repeating: "\u{1B}[31m\u{1B}]52;c;aGk=\u{07}", count: 3_000)),
        ("overrides", String(repeating: "\u{202E}\u{202D}\u{202C}", count: 13_000)),
    ])
    func aHostileTextCostsWhatWordsOfItsLengthCost(name: String, hostile: String) {
        let benign = String(String(repeating: "word ", count: hostile.count / 5 + 1).prefix(hostile.count))
        let ratio = Self.costRatio(hostile, benign)
        #expect(ratio < 8, "\(name): \(hostile.count) characters cost \(ratio) times words' per character")
    }
}

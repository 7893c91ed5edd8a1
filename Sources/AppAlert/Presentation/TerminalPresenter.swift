import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a message to the user of a command-line tool: a framed notice on standard error.
///
/// It writes only when standard error is a terminal, unless told otherwise, so scripts and pipes
/// that read a tool's output never see it. Nothing waits for an answer: a notice printed counts as
/// dismissed.
public struct TerminalPresenter: Sendable {
    /// The widest the frame gets, in characters.
    public var maximumWidth: Int

    public init(maximumWidth: Int = 72) {
        self.maximumWidth = maximumWidth
    }

    /// Whether standard error is a terminal.
    public static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// Writes the notice to standard error, when it is a terminal or `force` is set. Returns whether
    /// it was written.
    @discardableResult
    public func present(_ presentation: AlertPresentation, force: Bool = false) -> Bool {
        guard force || Self.standardErrorIsTerminal else { return false }
        FileHandle.standardError.write(Data(render(presentation).utf8))
        return true
    }

    /// The framed notice:
    ///
    ///     ╭───────────────────────────────────╮
    ///     │ Sync paused on Sunday             │
    ///     │                                   │
    ///     │ Sync is paused for maintenance on │
    ///     │ Sunday from 02:00 to 04:00 UTC.   │
    ///     │                                   │
    ///     │ More information:                 │
    ///     │ https://example.com/status        │
    ///     ╰───────────────────────────────────╯
    ///
    /// Each button that opens a page (a link, an update) is its title, then the page. The frame is as
    /// wide as the longest line, at most ``maximumWidth`` terminal columns: a Chinese or Japanese
    /// character takes two, a directional isolate none. Control characters and bidirectional controls
    /// and marks in the texts are replaced by spaces (``neutralized(_:)``); only the isolates this
    /// package put around an app name or a version stay.
    public func render(_ presentation: AlertPresentation) -> String {
        let isolates = presentation.addedIsolates
        var lines = wrap(presentation.title, keeping: isolates.offsets(in: presentation.title, from: isolates.title))
        lines.append("")
        lines += wrap(presentation.text, keeping: isolates.offsets(in: presentation.text, from: isolates.text))
        for button in presentation.buttons {
            guard let url = button.url else { continue }
            lines.append("")
            lines += wrap(Self.labelled(button.title, language: presentation.language))
            lines += wrap(url.absoluteString)
        }
        let widths = lines.map(Self.columns(of:))
        let width = min(maximumWidth - 4, widths.max() ?? 0)
        var output = "╭" + String(repeating: "─", count: width + 2) + "╮\n"
        for (line, lineWidth) in zip(lines, widths) {
            output += "│ " + line + String(repeating: " ", count: max(0, width - lineWidth)) + " │\n"
        }
        output += "╰" + String(repeating: "─", count: width + 2) + "╯\n"
        return output
    }

    /// A button's title followed by a colon as its language writes one: after a narrow no-break space
    /// in French, full width in Chinese and Japanese.
    static func labelled(_ title: String, language: LanguageTag?) -> String {
        switch language?.language {
        case "fr": title + "\u{202F}:"
        case "zh", "ja": title + "："
        default: title + ":"
        }
    }

    /// Breaks text into lines no wider than the frame, at spaces where possible (a text without spaces,
    /// as Chinese and Japanese are written, between any two characters); control characters and
    /// bidirectional controls and marks are replaced (``isNeutralized(_:)``), so a feed cannot move the
    /// cursor, change colours or reorder what is read — all but the isolates this package added, at
    /// `isolates` (offsets in the text's Unicode scalars, `AlertPresentation.addedIsolates`). An
    /// isolate kept is closed at the end of each line it spans and opened again on the next, so every
    /// line of the frame is balanced.
    func wrap(_ text: String, keeping isolates: Set<Int> = []) -> [String] {
        let limit = maximumWidth - 4
        var lines: [String] = []
        var offset = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let clean = Self.neutralized(paragraph, keeping: isolates, from: offset)
            offset += paragraph.unicodeScalars.count + 1
            let first = lines.count
            var line = ""
            var lineWidth = 0
            for word in clean.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                var wordWidth = Self.columns(of: word)
                if !line.isEmpty, lineWidth + 1 + wordWidth <= limit {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                while wordWidth > limit {
                    var (head, headWidth) = Self.prefix(of: word, columns: limit)
                    // Japanese and Chinese never start a line with a closing mark or a small kana: the
                    // character before it goes down with it.
                    if head.count > 1, let next = word[head.endIndex...].first, Self.neverStartsALine.contains(next),
                        let last = head.last
                    {
                        head = head.dropLast()
                        headWidth -= Self.columns(of: last)
                    }
                    lines.append(String(head))
                    word = word[head.endIndex...]
                    wordWidth -= headWidth
                }
                line = String(word)
                lineWidth = wordWidth
            }
            lines.append(line)
            Self.balanceIsolates(&lines[first...])
        }
        return lines
    }

    static let firstStrongIsolate = TextDirection.firstStrongIsolate
    static let popDirectionalIsolate = TextDirection.popDirectionalIsolate

    /// Whether a terminal could be made to do something else than show `scalar`, or to show what
    /// follows in another order than it is written: a control character (C0, DEL, C1: escape
    /// sequences move the cursor, change colours, set the clipboard), a bidirectional embedding or
    /// override and their end (U+202A–U+202E), an isolate and its end (U+2066–U+2069), or a direction
    /// mark (U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+061C ARABIC LETTER MARK). The one
    /// rule of the notice, ``neutralized(_:)`` and ``escaped(_:)``.
    static func isNeutralized(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Whether a character is replaced by a space: it holds a scalar ``isNeutralized(_:)`` names.
    static func isNeutralized(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isNeutralized)
    }

    /// `text` as a terminal can show it whatever it holds: each character with a control character, a
    /// bidirectional control or a direction mark in it replaced by a space, line breaks (`\n`) kept. A
    /// string from a feed printed so cannot move the cursor, change colours, write to the clipboard or
    /// show a line in another order than it is written, and keeps its length in characters, so columns
    /// stay aligned. Costs one pass over `text`.
    public static func neutralized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isNeutralized($0) && $0 != "\n" }) else { return text }
        var clean = ""
        clean.reserveCapacity(text.utf8.count)
        for character in text { clean.append(character != "\n" && isNeutralized(character) ? " " : character) }
        return clean
    }

    /// `text` with each scalar ``neutralized(_:)`` would replace written as a JSON escape: `\u001B`,
    /// `\u202E`. A message quoting a feed's key or value this way shows what the file holds, and a JSON
    /// string literal passed through it is the same string, so JSON text stays exact (one line at a
    /// time: a line break becomes `\u000A` too). Costs one pass over `text`.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isNeutralized) else { return text }
        var quoted = ""
        quoted.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isNeutralized(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted
    }

    /// One paragraph, starting at scalar `offset` of its text, with every character
    /// ``isNeutralized(_:)`` names replaced by a space, except the isolates at `isolates` (this
    /// package's) that open and close within the paragraph. They are never nested, and reorder nothing
    /// outside themselves; inside, the first letter decides, as it would in a paragraph of its own.
    static func neutralized(_ paragraph: Substring, keeping isolates: Set<Int>, from offset: Int) -> String {
        var kept = Set<Int>()
        if !isolates.isEmpty {
            var scalarOffset = offset
            var open: Int?
            for (index, character) in paragraph.enumerated() {
                defer { scalarOffset += character.unicodeScalars.count }
                guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                    isolates.contains(scalarOffset)
                else { continue }
                if scalar == firstStrongIsolate {
                    open = index
                } else if scalar == popDirectionalIsolate, let opening = open {
                    kept.insert(opening)
                    kept.insert(index)
                    open = nil
                }
            }
        }
        var clean = ""
        for (index, character) in paragraph.enumerated() {
            clean.append(isNeutralized(character) && !kept.contains(index) ? " " : character)
        }
        return clean
    }

    /// Closes at the end of each line the isolates still open there, and opens them again at the start
    /// of the next; `lines` are one paragraph's, whose isolates are balanced as a whole.
    static func balanceIsolates(_ lines: inout ArraySlice<String>) {
        var depth = 0
        for index in lines.indices {
            let carried = depth
            for scalar in lines[index].unicodeScalars {
                if scalar == firstStrongIsolate { depth += 1 } else if scalar == popDirectionalIsolate { depth -= 1 }
            }
            guard carried > 0 || depth > 0 else { continue }
            lines[index] =
                String(repeating: Character(firstStrongIsolate), count: carried) + lines[index]
                + String(repeating: Character(popDirectionalIsolate), count: depth)
        }
    }

    /// Closing punctuation and small kana, which line breaking in Japanese and Chinese (JIS X 4051's
    /// kinsoku) keeps off the start of a line.
    static let neverStartsALine: Set<Character> = Set("、。，．・：；！？）］｝」』】〕〉》”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")

    /// The longest start of `text` that fits in `limit` terminal columns (at least one character), and
    /// its width.
    static func prefix(of text: Substring, columns limit: Int) -> (Substring, Int) {
        var width = 0
        var end = text.startIndex
        while end < text.endIndex {
            let next = columns(of: text[end])
            if width + next > limit, end > text.startIndex { break }
            width += next
            end = text.index(after: end)
        }
        return (text[..<end], width)
    }

    static func columns(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns(of: $1) }
    }

    /// The terminal columns a character takes, as terminals count them (Unicode's East Asian Width):
    /// none for a format character alone (directional isolates, joiners), two for East Asian wide and
    /// full-width characters and emoji, one for the rest. Our own table: glibc's `wcwidth` answers -1
    /// for every non-ASCII character unless the program has called `setlocale`, which a library must
    /// not do for its host.
    static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .format { return 0 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

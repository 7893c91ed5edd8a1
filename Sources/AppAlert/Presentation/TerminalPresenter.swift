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
    /// The frame is as wide as the longest line, at most ``maximumWidth``.
    public func render(_ presentation: AlertPresentation) -> String {
        var lines = wrap(presentation.title)
        lines.append("")
        lines += wrap(presentation.text)
        for button in presentation.buttons {
            guard case .openLink(let url) = button.action else { continue }
            lines.append("")
            lines += wrap(button.title + ":")
            lines += wrap(url.absoluteString)
        }
        let width = min(maximumWidth - 4, lines.map(\.count).max() ?? 0)
        var output = "╭" + String(repeating: "─", count: width + 2) + "╮\n"
        for line in lines {
            output += "│ " + line + String(repeating: " ", count: max(0, width - line.count)) + " │\n"
        }
        output += "╰" + String(repeating: "─", count: width + 2) + "╯\n"
        return output
    }

    /// Breaks text into lines no wider than the frame, at spaces where possible; control characters
    /// are replaced, so a feed cannot move the cursor or change colours.
    func wrap(_ text: String) -> [String] {
        let limit = maximumWidth - 4
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let clean = String(
                paragraph.map { character in
                    character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : character
                })
            var line = ""
            for word in clean.split(separator: " ", omittingEmptySubsequences: false) {
                var word = Substring(word)
                while word.count > limit {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                    }
                    lines.append(String(word.prefix(limit)))
                    word = word.dropFirst(limit)
                }
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= limit {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}

/// Which way a text runs, and how a left-to-right value keeps its order inside a right-to-left text.
enum TextDirection {
    /// Whether a text in `language` (when known), or else one whose first letter is this text's, runs
    /// right to left (the paragraph rule of the Unicode bidirectional algorithm, for letters).
    static func isRightToLeft(language: LanguageTag?, text: String) -> Bool {
        if let language { return language.isRightToLeft }
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            return isRightToLeftLetter(scalar.value)
        }
        return false
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms.
    private static func isRightToLeftLetter(_ value: UInt32) -> Bool {
        (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
            || (0x10800...0x10FFF).contains(value) || (0x1E800...0x1EFFF).contains(value)
    }

    /// FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: put around an app name or a version inside a
    /// right-to-left sentence (``filled(_:appName:version:isolating:)``), so `MyApp` or `2.1.0` keeps
    /// its own order and does not carry the punctuation after it to the wrong side.
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// A text and where this package put directional isolates in it, as offsets in its Unicode
    /// scalars: a presenter that replaces a feed's bidirectional controls keeps these, and only these.
    struct Isolated: Sendable, Hashable {
        var text: String
        var isolates: Set<Int>
    }

    /// `template` with `{appName}` and `{version}` replaced, in one pass (a value is never searched for
    /// placeholders); with `isolating` (a right-to-left text), each value between the isolates, whose
    /// offsets are recorded.
    static func filled(_ template: String, appName: String, version: String, isolating: Bool) -> Isolated {
        let placeholders: [(name: [Unicode.Scalar], value: String)] = [
            (Array("{appName}".unicodeScalars), appName), (Array("{version}".unicodeScalars), version),
        ]
        let scalars = template.unicodeScalars
        var text = String.UnicodeScalarView()
        var isolates = Set<Int>()
        var count = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "{",
                let placeholder = placeholders.first(where: { scalars[index...].starts(with: $0.name) })
            {
                if isolating {
                    isolates.insert(count)
                    text.append(firstStrongIsolate)
                    count += 1
                }
                text.append(contentsOf: placeholder.value.unicodeScalars)
                count += placeholder.value.unicodeScalars.count
                if isolating {
                    isolates.insert(count)
                    text.append(popDirectionalIsolate)
                    count += 1
                }
                index = scalars.index(index, offsetBy: placeholder.name.count)
                continue
            }
            text.append(scalars[index])
            count += 1
            index = scalars.index(after: index)
        }
        return Isolated(text: String(text), isolates: isolates)
    }
}

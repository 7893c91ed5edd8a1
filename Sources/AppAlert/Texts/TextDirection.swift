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

    /// `value` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: inside a right-to-left
    /// sentence, an app name in Latin letters or a version such as `2.1.0` keeps its own order and does
    /// not carry the punctuation after it to the wrong side.
    static func isolated(_ value: String) -> String {
        "\u{2068}" + value + "\u{2069}"
    }
}

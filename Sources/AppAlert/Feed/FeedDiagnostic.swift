/// Something wrong, or likely wrong, in a feed: where (a JSON path, the message's index and id), which
/// key and value, and why.
///
/// An error means the message it names was left out (or, without a message, that the part of the
/// feed it names was ignored); a warning means the message is used but probably not as its author
/// meant.
public struct FeedDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .error && rhs == .warning }
    }

    /// A stable, machine-readable name of the problem, such as `invalidVersion` or `unknownKey`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let missingKey = Code(rawValue: "missingKey")
        public static let wrongType = Code(rawValue: "wrongType")
        public static let invalidValue = Code(rawValue: "invalidValue")
        public static let invalidVersion = Code(rawValue: "invalidVersion")
        public static let invalidRange = Code(rawValue: "invalidRange")
        public static let invalidDate = Code(rawValue: "invalidDate")
        public static let invalidURL = Code(rawValue: "invalidURL")
        public static let invalidLanguageTag = Code(rawValue: "invalidLanguageTag")
        public static let duplicateID = Code(rawValue: "duplicateID")
        public static let duplicateKey = Code(rawValue: "duplicateKey")
        public static let wallWithoutLink = Code(rawValue: "wallWithoutLink")
        public static let emptyDateWindow = Code(rawValue: "emptyDateWindow")
        public static let outOfRange = Code(rawValue: "outOfRange")
        public static let unknownKey = Code(rawValue: "unknownKey")
        public static let matchesNothing = Code(rawValue: "matchesNothing")
        public static let insecureLink = Code(rawValue: "insecureLink")
        public static let unknownPlatform = Code(rawValue: "unknownPlatform")
        public static let noEffect = Code(rawValue: "noEffect")
        /// Text on a background, or a button's white label on the accent, below the WCAG 2.x contrast
        /// ratio of 4.5:1.
        public static let lowContrast = Code(rawValue: "lowContrast")
        /// A message's translation no longer replaces a key a variant sets (it did before a variant's
        /// translations were chosen key by key): in that language the variant now shows its own words for
        /// it, in the base language.
        public static let cancelsVariants = Code(rawValue: "cancelsVariants")
        /// A variant shows a text of its own in the base language while its other texts are translated.
        public static let mixesLanguages = Code(rawValue: "mixesLanguages")
        /// A translation's or a variant's button does something else than the button at the same position
        /// that it translates or replaces (a copy that kept an old action).
        public static let differentAction = Code(rawValue: "differentAction")
        public static let format = Code(rawValue: "format")
        /// One of the feed's limits was passed (its size, messages, string length or nesting).
        public static let limit = Code(rawValue: "limit")
    }

    public var severity: Severity
    public var code: Code
    /// Where, as a JSON path from the document's root: `$[2].appVersionRange`,
    /// `$.messages[0].localizations["pt-BR"].title`.
    public var path: String
    /// The position of the message in the feed's message array, when the problem is in a message.
    public var messageIndex: Int?
    /// The message's id, when it could be read.
    public var messageID: Int?
    /// The key concerned, when there is one.
    public var key: String?
    /// The offending value as compact JSON (shortened past 80 characters), when there is one. Key,
    /// value and every quoted run in the reason hold at most 100 characters of the input, then `…`.
    /// Key and value are the input's (JSON output escapes what it must); ``path`` and ``reason``, words a
    /// terminal shows, write a control character, a bidirectional control or a direction mark of the
    /// input as a JSON escape: `unknown key "ti\u001B[2Jtle"`.
    public var value: String?
    /// Why, in words.
    public var reason: String

    public init(
        severity: Severity, code: Code, path: String, messageIndex: Int? = nil, messageID: Int? = nil,
        key: String? = nil, value: String? = nil, reason: String
    ) {
        self.severity = severity
        self.code = code
        // Whatever built them, no field quotes more than about 100 characters of the input, and the
        // words (path and reason) show a control character or a bidirectional control as an escape
        // (TerminalPresenter's rule): a quote shows what the file holds and cannot drive a terminal.
        self.path = TerminalPresenter.escaped(
            path.utf8.count > 4 * Excerpt.limit ? Excerpt.of(path, limit: 4 * Excerpt.limit) : path)
        self.messageIndex = messageIndex
        self.messageID = messageID
        self.key = key.map { Excerpt.of($0) }
        self.value = value.map { Excerpt.of($0) }
        self.reason = TerminalPresenter.escaped(Excerpt.shorteningQuotes(in: reason))
    }

    /// One line: `error: $[1].appVersions[0] (message 7): invalid version "1..2": component 2 is empty`.
    public var description: String {
        var text = "\(severity.rawValue): \(path)"
        if let messageID { text += " (message \(messageID))" }
        return text + ": " + reason
    }
}

/// Why a document is not a feed at all: it is not JSON, or has neither shape of the contract.
/// Everything less severe is a ``FeedDiagnostic`` and the rest of the feed is still used.
public struct FeedError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Kind: RawRepresentable, Sendable, Hashable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The bytes are not JSON.
        public static let notJSON = Kind(rawValue: "notJSON")
        /// The JSON is neither a message array nor an object with a `messages` array.
        public static let notAFeed = Kind(rawValue: "notAFeed")
        /// The document is larger than the feed's size limit (4 MiB).
        public static let tooLarge = Kind(rawValue: "tooLarge")
    }

    public var kind: Kind
    public var reason: String
    /// Where a syntax error is, for ``Kind/notJSON``.
    public var syntaxError: JSONValue.SyntaxError?

    public init(kind: Kind, reason: String, syntaxError: JSONValue.SyntaxError? = nil) {
        self.kind = kind
        self.reason = reason
        self.syntaxError = syntaxError
    }

    public var description: String { reason }
}

extension FeedDecoder {
    /// What decoding a feed gives: the usable feed and everything found wrong on the way.
    public struct Output: Sendable, Hashable {
        public var feed: Feed
        /// In the feed's order: the document's own, then each update policy's and each message's, a
        /// message's errors before its warnings.
        public var diagnostics: [FeedDiagnostic]
        /// How many entries the feed's message array has, usable or not.
        public var entryCount: Int

        public init(feed: Feed, diagnostics: [FeedDiagnostic], entryCount: Int) {
            self.feed = feed
            self.diagnostics = diagnostics
            self.entryCount = entryCount
        }

        public var errors: [FeedDiagnostic] { diagnostics.filter { $0.severity == .error } }
        public var warnings: [FeedDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    }
}

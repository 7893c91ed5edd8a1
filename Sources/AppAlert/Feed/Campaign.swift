import Foundation

/// A fact an app supplies about its user or install, for `attributes` targeting: a string, a number or
/// a boolean. Numbers compare numerically (`3` equals `3.0`); a string never equals a number.
public enum AttributeValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let flag): flag ? "true" : "false"
        }
    }
}

extension Message {
    /// `"attributes": {"plan": ["free", "trial"]}`: the app's attribute `key` must equal one of `values`.
    public struct AttributeCondition: Sendable, Hashable {
        public var key: String
        public var values: [AttributeValue]

        public init(key: String, values: [AttributeValue]) {
            self.key = key
            self.values = values
        }
    }

    /// When a message is considered: at launch (the default) or when the app reports an event.
    public enum Trigger: Sendable, Hashable {
        case launch
        case event(String)

        /// Whether `name` can name an event: 1 to 64 ASCII letters, digits, `_`, `-` or `.`
        /// (case-sensitive).
        public static func isValidEventName(_ name: String) -> Bool {
            let bytes = name.utf8
            guard (1...64).contains(bytes.count) else { return false }
            return bytes.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D || byte == 0x2E
            }
        }
    }

    /// One step of a `rolloutSchedule`: from `at` on, `percent` of installs are in.
    public struct RolloutStep: Sendable, Hashable {
        public var at: Date
        public var percent: Double

        public init(at: Date, percent: Double) {
            self.at = at
            self.percent = percent
        }
    }

    /// An A/B variant: its keys replace the message's; its translations are chosen key by key (see
    /// ``Message/applying(variant:)``).
    public struct Variant: Sendable, Hashable {
        /// What people call it (`"Discount"`): 1 to 64 characters, unique within the message. Without
        /// one, the author's tools call the variants A, B, C…; apps count them by index.
        public var name: String?
        public var weight: Int
        public var title: String?
        public var text: String?
        public var confirmLabel: String?
        public var link: Link?
        public var localizations: [Localization]?
        public var buttons: [Button]?
        public var image: Image?
        public var features: [Feature]?
        /// Replaces the message's ``Message/conversion``.
        public var conversion: Conversion?

        public init(
            name: String? = nil, weight: Int, title: String? = nil, text: String? = nil, confirmLabel: String? = nil,
            link: Link? = nil,
            localizations: [Localization]? = nil, buttons: [Button]? = nil, image: Image? = nil,
            features: [Feature]? = nil, conversion: Conversion? = nil
        ) {
            self.name = name
            self.conversion = conversion
            self.weight = weight
            self.title = title
            self.text = text
            self.confirmLabel = confirmLabel
            self.link = link
            self.localizations = localizations
            self.buttons = buttons
            self.image = image
            self.features = features
        }
    }

    /// The share of installs in the message's rollout at `date`: its `rolloutSchedule` (0 before the
    /// first step, then the last step reached), else its `rollout`.
    public func rolloutPercent(at date: Date) -> Double {
        guard let schedule = rolloutSchedule else { return rollout }
        return schedule.last { $0.at <= date }?.percent ?? 0
    }

    /// The message as `variant` words it; the message itself when it has no such variant.
    ///
    /// The variant's keys replace the message's, and its translations are chosen key by key, so that a
    /// showing never mixes languages where the feed has the words: for a language L (each tag of the
    /// variant's or the message's `localizations`) and a key K, the first of
    /// 1. the variant's own L translation of K;
    /// 2. when the variant does not set K, the message's L translation of K;
    /// 3. the variant's K, else the message's K (in the base language).
    ///
    /// The result's `localizations` hold these choices, one per tag, the variant's tags first.
    public func applying(variant index: Int) -> Message {
        guard variants.indices.contains(index) else { return self }
        let variant = variants[index]
        var message = self
        message.title = variant.title ?? title
        message.text = variant.text ?? text
        message.confirmLabel = variant.confirmLabel ?? confirmLabel
        message.link = variant.link ?? link
        message.buttons = variant.buttons ?? buttons
        message.image = variant.image ?? image
        message.features = variant.features ?? features
        message.conversion = variant.conversion ?? conversion
        let wording = VariantWording(message: self, variant: variant)
        message.localizations = wording.tags.indices.map { wording.localization(at: $0) }
        return message
    }
}

/// A variant's translations as the message's and its own combine (``Message/applying(variant:)``):
/// each source is indexed once, so wording every language costs time linear in their number.
struct VariantWording {
    let variant: Message.Variant
    let own: [Message.Localization]
    let inherited: [Message.Localization]
    private let ownCandidates: LanguageMatching.Candidates
    private let inheritedCandidates: LanguageMatching.Candidates
    /// Every tag of the variant's and the message's localizations, the variant's first, each once.
    let tags: [LanguageTag]
    /// What asking for each of `tags` looks for, read once per tag (with the candidates).
    private let wanted: [LanguageMatching.Key]
    /// For each of `tags`, where it came from: the variant's own translations or the message's, and the
    /// answer already known for that source (its own tag's first translation), asked no more.
    private let known: [(own: Int?, inherited: Int?)]

    /// `inheritedCandidates`: the message's tags read beforehand, when several variants are worded.
    init(message: Message, variant: Message.Variant, inheritedCandidates: LanguageMatching.Candidates? = nil) {
        self.variant = variant
        own = variant.localizations ?? []
        inherited = message.localizations
        ownCandidates = LanguageMatching.Candidates(own.map(\.tag))
        let inheritedCandidates = inheritedCandidates ?? LanguageMatching.Candidates(inherited.map(\.tag))
        self.inheritedCandidates = inheritedCandidates
        var seen = Set<String>(minimumCapacity: own.count + inherited.count)
        var tags: [LanguageTag] = []
        var wanted: [LanguageMatching.Key] = []
        var known: [(own: Int?, inherited: Int?)] = []
        for (position, localization) in own.enumerated() where seen.insert(localization.tag.normalized).inserted {
            tags.append(localization.tag)
            wanted.append(ownCandidates.keys[position])
            known.append((own: ownCandidates.servingOwnTag[position], inherited: nil))
        }
        for (position, localization) in inherited.enumerated()
        where seen.insert(localization.tag.normalized).inserted {
            tags.append(localization.tag)
            wanted.append(inheritedCandidates.keys[position])
            known.append((own: nil, inherited: inheritedCandidates.servingOwnTag[position]))
        }
        self.tags = tags
        self.wanted = wanted
        self.known = known
    }

    /// Where in `own` the variant's translation into `tags[index]` is (the one the language rules
    /// choose), if it has one.
    func ownIndex(at index: Int) -> Int? {
        if let found = known[index].own { return found }
        return own.isEmpty ? nil : LanguageMatching.best(of: ownCandidates, asking: wanted[index])
    }

    /// Where in `inherited` the message's translation into `tags[index]` is, if it has one.
    func inheritedIndex(at index: Int) -> Int? {
        if let found = known[index].inherited { return found }
        return inherited.isEmpty ? nil : LanguageMatching.best(of: inheritedCandidates, asking: wanted[index])
    }

    /// The variant's own translation into `tags[index]` (the one the language rules choose), if any.
    func ownTranslation(at index: Int) -> Message.Localization? { ownIndex(at: index).map { own[$0] } }

    /// The message's translation into `tags[index]`, if any.
    func inheritedTranslation(at index: Int) -> Message.Localization? {
        inheritedIndex(at: index).map { inherited[$0] }
    }

    /// The translation a device given `tags[index]` sees, key by key: the variant's own, else, for a key the
    /// variant does not set, the message's. A key absent here is the variant's (or the message's) base one.
    func localization(at index: Int) -> Message.Localization {
        let tag = tags[index]
        let own = ownTranslation(at: index)
        let inherited = inheritedTranslation(at: index)
        func pick<Value>(_ key: KeyPath<Message.Localization, Value?>, setByVariant: Bool) -> Value? {
            own?[keyPath: key] ?? (setByVariant ? nil : inherited?[keyPath: key])
        }
        return Message.Localization(
            tag: tag, title: pick(\.title, setByVariant: variant.title != nil),
            text: pick(\.text, setByVariant: variant.text != nil),
            confirmLabel: pick(\.confirmLabel, setByVariant: variant.confirmLabel != nil),
            link: pick(\.link, setByVariant: variant.link != nil),
            buttons: pick(\.buttons, setByVariant: variant.buttons != nil),
            image: pick(\.image, setByVariant: variant.image != nil),
            features: pick(\.features, setByVariant: variant.features != nil))
    }
}

extension Message {
    /// What people call the variant at `index`: its `name`, else its letter (A, B, C…, ``variantLetter(_:)``).
    @_spi(Authoring) public func variantLabel(_ index: Int) -> String {
        (variants.indices.contains(index) ? variants[index].name : nil) ?? Self.variantLetter(index)
    }

    /// The letter of the variant at `index` (0-based): A to Z, then AA, AB… as spreadsheet columns.
    @_spi(Authoring) public static func variantLetter(_ index: Int) -> String {
        var number = max(0, index) + 1
        var letters: [Character] = []
        while number > 0 {
            number -= 1
            letters.append(Character(Unicode.Scalar(UInt8(65 + number % 26))))
            number /= 26
        }
        return String(letters.reversed())
    }
}

/// Which variant of a message an install gets: stable for the install id and the message id, in
/// proportion to the weights, and independent of the rollout bucket (its own hash input,
/// `appalert-variant:<message id>:<install id>`). No install id, or no variants: variant 0.
@_spi(Authoring) public enum VariantAssignment {
    public static func variant(messageID: Int, installID: String?, weights: [Int]) -> Int {
        let total = weights.reduce(0) { $0 + max(0, $1) }
        guard let installID, weights.count > 1, total > 0 else { return 0 }
        let digest = ContentHash.sha256(Array("appalert-variant:\(messageID):\(installID)".utf8))
        var value: UInt64 = 0
        for byte in digest.prefix(8) { value = value << 8 | UInt64(byte) }
        var point = Int(value % UInt64(total))
        for (index, weight) in weights.enumerated() {
            if point < weight { return index }
            point -= max(0, weight)
        }
        return weights.count - 1
    }
}

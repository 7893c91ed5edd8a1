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

    /// An A/B variant: its keys replace the message's.
    public struct Variant: Sendable, Hashable {
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
            weight: Int, title: String? = nil, text: String? = nil, confirmLabel: String? = nil, link: Link? = nil,
            localizations: [Localization]? = nil, buttons: [Button]? = nil, image: Image? = nil,
            features: [Feature]? = nil, conversion: Conversion? = nil
        ) {
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

    /// The message as `variant` words it (its keys replace the message's); the message itself when it
    /// has no such variant.
    public func applying(variant index: Int) -> Message {
        guard variants.indices.contains(index) else { return self }
        let variant = variants[index]
        var message = self
        message.title = variant.title ?? title
        message.text = variant.text ?? text
        message.confirmLabel = variant.confirmLabel ?? confirmLabel
        message.link = variant.link ?? link
        message.localizations = variant.localizations ?? localizations
        message.buttons = variant.buttons ?? buttons
        message.image = variant.image ?? image
        message.features = variant.features ?? features
        message.conversion = variant.conversion ?? conversion
        return message
    }
}

/// Which variant of a message an install gets: stable for the install id and the message id, in
/// proportion to the weights, and independent of the rollout bucket (its own hash input,
/// `appalert-variant:<message id>:<install id>`). No install id, or no variants: variant 0.
public enum VariantAssignment {
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

import Foundation

extension Message {
    /// `"conversion": {"event": "purchase", "withinHours": 72}`: what counts as the message having
    /// worked. With reporting on (``ReportingConfiguration``), the device counts one `conversion` when
    /// the app records `event` (``AlertService/handle(event:)``, ``AlertClient/record(event:)``) within
    /// `withinHours` after a showing of the message, at most one per showing. A variant's replaces the
    /// message's.
    public struct Conversion: Sendable, Hashable {
        /// The app's event name (the rules of a trigger's: 1 to 64 letters, digits, `_`, `-` or `.`).
        public var event: String
        /// 1 to 720 (30 days).
        public var withinHours: Int

        /// The longest window: 30 days, as long as a device keeps its counters.
        public static let maximumHours = 720

        public init(event: String, withinHours: Int) {
            self.event = event
            self.withinHours = withinHours
        }
    }
}

extension MessageReader {
    static let conversionKeys = ["event", "withinHours"]

    /// `{"event": NAME, "withinHours": 1…720}`, on a message (`path` its `conversion`) or a variant.
    mutating func readConversion(_ value: JSONValue, path: @escaping () -> String) -> Message.Conversion? {
        guard case .object(let object) = value else {
            wrongType(
                value, key: "conversion", expected: "an object {\"event\", \"withinHours\"}", path: path())
            return nil
        }
        checkKeys(of: object, known: Self.conversionKeys, path: path())
        var event: String?
        if let field = present(object, "event") {
            if case .string(let name) = field, Message.Trigger.isValidEventName(name) {
                event = name
            } else if case .string = field {
                report(
                    .error, .invalidValue, path: path() + ".event", key: "conversion",
                    value: field.compactDescription,
                    reason: "an event name is 1 to 64 letters, digits, \"_\", \"-\" or \".\"")
            } else {
                wrongType(field, key: "event", expected: "a string", path: path() + ".event")
            }
        } else {
            report(.error, .missingKey, path: path(), key: "conversion", reason: "a conversion needs \"event\"")
        }
        var hours: Int?
        if let field = present(object, "withinHours") {
            let limit = Message.Conversion.maximumHours
            if let number = field.integerValue, (1...limit).contains(number) {
                hours = number
            } else {
                report(
                    .error, field.doubleValue == nil ? .wrongType : .outOfRange, path: path() + ".withinHours",
                    key: "conversion", value: field.compactDescription,
                    reason: "\"withinHours\" must be a whole number from 1 to \(limit) (30 days)")
            }
        } else {
            report(
                .error, .missingKey, path: path(), key: "conversion", reason: "a conversion needs \"withinHours\"")
        }
        guard let event, let hours else { return nil }
        return Message.Conversion(event: event, withinHours: hours)
    }
}

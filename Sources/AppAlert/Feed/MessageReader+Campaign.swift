import Foundation

// Reading the campaign keys of a message: attributes, installIds, trigger, rolloutSchedule, variants.
// Every malformed value is an error at its JSON path, and the message is left out.
extension MessageReader {
    static let variantKeys = [
        "weight", "title", "text", "confirmLabel", "link", "localizations", "buttons", "image", "features",
        "conversion",
    ]
    static let scheduleKeys = ["at", "percent"]
    static let maximumVariants = 10

    /// `{"plan": ["free", "trial"], "beta": true, "level": 3}`.
    mutating func readAttributes(_ value: JSONValue) -> [Message.AttributeCondition]? {
        guard case .object(let object) = value else {
            wrongType(value, key: "attributes", expected: "an object of attribute names")
            return nil
        }
        let base = messagePathParts
        var conditions: [Message.AttributeCondition] = []
        var failed = false
        for member in object.members {
            let key = member.key
            func path() -> String { JSONPath.appending(key, to: JSONPath.appending("attributes", to: base.path)) }
            let values: [JSONValue]
            if case .array(let list) = member.value {
                values = list
                if list.isEmpty {
                    report(
                        .warning, .matchesNothing, path: path(), key: "attributes", value: "[]",
                        reason: "an empty list for attribute \"\(Excerpt.of(key))\" matches no install")
                }
            } else {
                values = [member.value]
            }
            var accepted: [AttributeValue] = []
            for (position, element) in values.enumerated() {
                switch element {
                case .string(let text): accepted.append(.string(text))
                case .bool(let flag): accepted.append(.bool(flag))
                case .integer, .number: accepted.append(.number(element.doubleValue ?? 0))
                default:
                    failed = true
                    let isList = { if case .array = member.value { true } else { false } }()
                    report(
                        .error, .wrongType, path: isList ? path() + "[\(position)]" : path(), key: "attributes",
                        value: element.compactDescription,
                        reason: "attribute \"\(Excerpt.of(key))\" must be a string, a number, true or false "
                            + "(or a list of them), not \(element.typeDescription)")
                }
            }
            conditions.append(Message.AttributeCondition(key: key, values: accepted))
        }
        return failed ? nil : conditions
    }

    mutating func readInstallIDs(_ value: JSONValue) -> [String]? {
        guard let list = stringArray(value, key: "installIds") else { return nil }
        let base = messagePath
        for (position, id) in list.enumerated() where id.isEmpty {
            report(
                .error, .invalidValue, path: base + ".installIds[\(position)]", key: "installIds", value: "\"\"",
                reason: "an install id must not be empty")
        }
        if list.isEmpty {
            report(
                .warning, .matchesNothing, key: "installIds", value: "[]",
                reason: "an empty \"installIds\" reaches no install")
        }
        return list
    }

    /// `"launch"` or `{"event": NAME}`.
    mutating func readTrigger(_ value: JSONValue) -> Message.Trigger? {
        let base = messagePathParts
        switch value {
        case .string("launch"):
            return .launch
        case .object(let object):
            let path = JSONPath.appending("trigger", to: base.path)
            checkKeys(of: object, known: ["event"], path: path)
            guard let name = present(object, "event") else {
                report(.error, .missingKey, path: path, key: "trigger", reason: "\"trigger\" needs \"event\": NAME")
                return nil
            }
            return eventName(name, key: "trigger", path: path + ".event").map { .event($0) }
        default:
            report(
                .error, value.stringValue == nil ? .wrongType : .invalidValue, key: "trigger",
                value: value.compactDescription, reason: "\"trigger\" must be \"launch\" or {\"event\": NAME}")
            return nil
        }
    }

    /// An event's name (a trigger's, or an action's): a string of 1 to 64 letters, digits, `_`, `-`, `.`.
    mutating func eventName(_ value: JSONValue, key: String, path: @autoclosure () -> String) -> String? {
        guard let name = string(value, key: "event", path: path()) else { return nil }
        guard Message.Trigger.isValidEventName(name) else {
            report(
                .error, .invalidValue, path: path(), key: key, value: JSONValue.string(name).compactDescription,
                reason: "an event name is 1 to 64 letters, digits, \"_\", \"-\" or \".\"")
            return nil
        }
        return name
    }

    /// `[{"at": RFC3339, "percent": P}, …]`: times increasing, percents non-decreasing, 0–100.
    mutating func readRolloutSchedule(_ value: JSONValue) -> [Message.RolloutStep]? {
        guard case .array(let elements) = value else {
            wrongType(value, key: "rolloutSchedule", expected: "an array of {\"at\", \"percent\"} steps")
            return nil
        }
        if elements.isEmpty {
            report(
                .warning, .matchesNothing, key: "rolloutSchedule", value: "[]",
                reason: "an empty \"rolloutSchedule\" reaches no install")
        }
        let base = messagePathParts
        var steps: [Message.RolloutStep] = []
        var failed = false
        for (position, element) in elements.enumerated() {
            // Built only for a diagnostic: a clean schedule builds no path.
            func path() -> String { JSONPath.appending("rolloutSchedule", to: base.path) + "[\(position)]" }
            guard case .object(let object) = element else {
                wrongType(element, key: "rolloutSchedule", expected: "an object {\"at\", \"percent\"}", path: path())
                failed = true
                continue
            }
            checkKeys(of: object, known: Self.scheduleKeys, path: path())
            var at: Date?
            if let text = present(object, "at") {
                if let string = string(text, key: "at", path: path() + ".at") {
                    do {
                        at = try RFC3339.parse(string)
                    } catch {
                        report(
                            .error, .invalidDate, path: path() + ".at", key: "rolloutSchedule",
                            value: JSONValue.string(string).compactDescription,
                            reason: error.description + " (RFC 3339 with an offset, e.g. 2026-03-01T09:00:00Z)")
                    }
                }
            } else {
                report(.error, .missingKey, path: path(), key: "rolloutSchedule", reason: "a step needs \"at\"")
            }
            var percent: Double?
            if let number = present(object, "percent") {
                if let value = number.doubleValue, (0...100).contains(value) {
                    percent = value
                } else {
                    report(
                        .error, number.doubleValue == nil ? .wrongType : .outOfRange, path: path() + ".percent",
                        key: "rolloutSchedule", value: number.compactDescription,
                        reason: "\"percent\" must be a number from 0 to 100")
                }
            } else {
                report(.error, .missingKey, path: path(), key: "rolloutSchedule", reason: "a step needs \"percent\"")
            }
            guard let at, let percent else {
                failed = true
                continue
            }
            if let previous = steps.last {
                if at <= previous.at {
                    failed = true
                    report(
                        .error, .invalidValue, path: path() + ".at", key: "rolloutSchedule",
                        value: JSONValue.string(RFC3339.format(at)).compactDescription,
                        reason: "steps must be in increasing time: this one is not after the one before it")
                }
                if percent < previous.percent {
                    failed = true
                    report(
                        .error, .invalidValue, path: path() + ".percent", key: "rolloutSchedule",
                        value: JSONValue.number(percent).compactDescription,
                        reason: "a rollout only grows: \(Targeting.percentText(percent))% is below the step "
                            + "before it (\(Targeting.percentText(previous.percent))%)")
                }
            }
            steps.append(Message.RolloutStep(at: at, percent: percent))
        }
        return failed ? nil : steps
    }

    /// 2 to 10 variants, each with a whole-number `weight` of at least 1 and the keys it replaces.
    mutating func readVariants(_ value: JSONValue) -> [Message.Variant]? {
        guard case .array(let elements) = value else {
            wrongType(value, key: "variants", expected: "an array of variants")
            return nil
        }
        guard (2...Self.maximumVariants).contains(elements.count) else {
            report(
                .error, .invalidValue, key: "variants", value: "\(elements.count) variants",
                reason: "\"variants\" must list 2 to \(Self.maximumVariants) variants, not \(elements.count)")
            return nil
        }
        let base = messagePathParts
        var variants: [Message.Variant] = []
        var failed = false
        for (position, element) in elements.enumerated() {
            @Sendable func path() -> String { JSONPath.appending("variants", to: base.path) + "[\(position)]" }
            guard case .object(let object) = element else {
                wrongType(element, key: "variants", expected: "an object", path: path())
                failed = true
                continue
            }
            checkKeys(of: object, known: Self.variantKeys, path: path())
            var variant = Message.Variant(weight: 0)
            if let weight = present(object, "weight") {
                if let number = weight.integerValue, number >= 1 {
                    variant.weight = number
                } else {
                    failed = true
                    report(
                        .error, weight.doubleValue == nil ? .wrongType : .outOfRange, path: path() + ".weight",
                        key: "variants", value: weight.compactDescription,
                        reason: "\"weight\" must be a whole number of at least 1")
                }
            } else {
                failed = true
                report(.error, .missingKey, path: path(), key: "variants", reason: "a variant needs \"weight\"")
            }
            if let field = present(object, "title") {
                variant.title = string(field, key: "title", path: path() + ".title")
            }
            if let field = present(object, "text") { variant.text = string(field, key: "text", path: path() + ".text") }
            if let field = present(object, "confirmLabel") {
                variant.confirmLabel = string(field, key: "confirmLabel", path: path() + ".confirmLabel")
            }
            if let field = present(object, "link") { variant.link = readLink(field, path: path() + ".link") }
            if let field = present(object, "localizations") {
                variant.localizations = readLocalizations(field, path: { path() + ".localizations" })
            }
            if let field = present(object, "buttons") {
                variant.buttons = readButtons(field, path: path() + ".buttons")
            }
            if let field = present(object, "image") { variant.image = readImage(field, path: path() + ".image") }
            if let field = present(object, "features") {
                variant.features = readFeatures(field, path: path() + ".features")
            }
            if let field = present(object, "conversion") {
                variant.conversion = readConversion(field, path: { path() + ".conversion" })
            }
            variants.append(variant)
        }
        return failed || hasErrors ? nil : variants
    }

    /// Warns, naming the language, where a localization of the message replaces a key its variants vary:
    /// every variant without `localizations` of its own takes the message's, so in that language they
    /// show the same words for that key and the A/B test compares nothing there (or less than the
    /// author meant). Linear: each variant once, then each localization once.
    mutating func checkLocalizations(against message: Message) {
        // The variants that take the message's localizations, as an app words them (before a language).
        let worded = message.variants.indices.filter { message.variants[$0].localizations == nil }
            .map { message.applying(variant: $0) }
        guard worded.count > 1, let first = worded.first else { return }
        func varies<Value: Equatable>(_ value: (Message) -> Value) -> Bool {
            worded.contains { value($0) != value(first) }
        }
        // The keys a localization may replace, in the feed's order; an image on an alert and features
        // off a sheet are not shown, so they vary nothing.
        var keys: [(name: String, replaced: (Message.Localization) -> Bool)] = []
        func add(_ name: String, _ varies: Bool, _ replaced: @escaping (Message.Localization) -> Bool) {
            if varies { keys.append((name, replaced)) }
        }
        add("title", varies(\.title)) { $0.title != nil }
        add("text", varies(\.text)) { $0.text != nil }
        add("confirmLabel", varies(\.confirmLabel)) { $0.confirmLabel != nil }
        add("link", varies(\.link)) { $0.link != nil }
        add("buttons", varies(\.buttons)) { $0.buttons != nil }
        add("image", message.layout.isCustomDrawn && varies(\.image)) { $0.image != nil }
        add("features", message.layout == .sheet && varies(\.features)) { $0.features != nil }
        guard !keys.isEmpty else { return }
        let base = messagePathParts
        for localization in message.localizations {
            let replaced = keys.filter { $0.replaced(localization) }.map(\.name)
            guard !replaced.isEmpty else { continue }
            let tag = localization.tag.original
            let names = replaced.map { "\"\($0)\"" }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            let all = replaced.count == keys.count
            report(
                .warning, .cancelsVariants,
                path: JSONPath.appending(tag, to: JSONPath.appending("localizations", to: base.path)),
                key: "localizations", value: JSONValue.string(tag).compactDescription,
                reason: "in \"\(tag)\" this localization replaces \(list), which the variants vary: "
                    + (all
                        ? "every variant shows the same words, so the A/B test compares nothing in \"\(tag)\""
                        : "every variant shows the same \(list) in \"\(tag)\"")
                    + "; give each variant its own \"localizations\"")
        }
    }
}

import Foundation

// Reading the campaign keys of a message: attributes, installIds, trigger, rolloutSchedule, variants.
// Every malformed value is an error at its JSON path, and the message is left out.
extension MessageReader {
    static let variantKeys = [
        "name", "weight", "title", "text", "confirmLabel", "link", "localizations", "buttons", "image", "features",
        "conversion",
    ]
    static let scheduleKeys = ["at", "percent"]
    static let maximumVariants = 10
    /// A variant's name: 1 to 64 characters (Unicode scalars, as JSON Schema counts them), so at most
    /// 256 UTF-8 bytes, which are checked first.
    static let maximumVariantNameLength = 64

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
        var names: [String: Int] = [:]
        for (position, element) in elements.enumerated() {
            @Sendable func path() -> String { JSONPath.appending("variants", to: base.path) + "[\(position)]" }
            guard case .object(let object) = element else {
                wrongType(element, key: "variants", expected: "an object", path: path())
                failed = true
                continue
            }
            checkKeys(of: object, known: Self.variantKeys, path: path())
            var variant = Message.Variant(weight: 0)
            if let field = present(object, "name") {
                if let name = variantName(field, path: path() + ".name") {
                    if let first = names[name] {
                        failed = true
                        report(
                            .error, .invalidValue, path: path() + ".name", key: "variants",
                            value: JSONValue.string(name).compactDescription,
                            reason: "variant name \"\(name)\" is already the name of variants[\(first)]; each "
                                + "variant of a message needs its own name")
                    } else {
                        names[name] = position
                    }
                    variant.name = name
                } else {
                    failed = true
                }
            }
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

    /// A variant's `name`: a string of 1 to 64 characters, not blank; its bytes are counted before its
    /// characters, so a long one costs no more than its first 256 bytes.
    mutating func variantName(_ value: JSONValue, path: @autoclosure () -> String) -> String? {
        guard let name = string(value, key: "name", path: path()) else { return nil }
        let limit = Self.maximumVariantNameLength
        if name.utf8.count > 4 * limit || name.unicodeScalars.count > limit {
            report(
                .error, .outOfRange, path: path(), key: "variants", value: JSONValue.string(name).compactDescription,
                reason: "a variant's \"name\" is at most \(limit) characters (and \(4 * limit) bytes); this one is "
                    + "\(name.unicodeScalars.count) characters, \(name.utf8.count) bytes")
            return nil
        }
        if name.unicodeScalars.allSatisfy(\.properties.isWhitespace) {
            report(
                .error, .invalidValue, path: path(), key: "variants", value: JSONValue.string(name).compactDescription,
                reason: "a variant's \"name\" must not be empty or blank: it is what the tools call the variant")
            return nil
        }
        return name
    }

    /// Warns where a variant's showing in a language falls back to the base language for a text of its
    /// own (rule 3 of ``Message/applying(variant:)``): naming the variant (its name, else its letter),
    /// the language and the keys. Where the variant has no `localizations` and the message translates a
    /// key the variant sets, the warning (`cancelsVariants`) says what the rule change did: before, the
    /// message's translation replaced the variant's key, alike for every variant; now the variant shows
    /// its own words, untranslated. Elsewhere (`mixesLanguages`) it fires only when other texts of that
    /// showing are in the language. Linear: each variant's and the message's languages indexed once.
    mutating func checkLanguages(of message: Message) {
        // The keys a localization may carry that the layout shows, one bit each, in the order listed.
        let names = ["title", "text", "confirmLabel", "link", "buttons", "image", "features"]
        let layout = message.layout
        var shown: UInt8 = 0b11
        if layout.hasButtons { shown |= 0b1_1100 }
        if layout.isCustomDrawn { shown |= 0b10_0000 }
        if layout == .sheet { shown |= 0b100_0000 }
        // Which shown keys each localization sets, read once per localization, not once per language
        // and key.
        func keys(_ localization: Message.Localization) -> UInt8 {
            Self.bits(
                localization.title != nil, localization.text != nil, localization.confirmLabel != nil,
                localization.link != nil, localization.buttons != nil, localization.image != nil,
                localization.features != nil) & shown
        }
        let base = messagePathParts
        let inheritedCandidates = LanguageMatching.Candidates(message.localizations.map(\.tag))
        let inheritedKeys = message.localizations.map(keys)
        for (index, variant) in message.variants.enumerated() {
            let wording = VariantWording(
                message: message, variant: variant, inheritedCandidates: inheritedCandidates)
            let label = message.variantLabel(index)
            let named = variant.name == nil ? "variant \(label)" : "variant \"\(label)\""
            let ownKeys = wording.own.map(keys)
            let sets =
                Self.bits(
                    variant.title != nil, variant.text != nil, variant.confirmLabel != nil, variant.link != nil,
                    variant.buttons != nil, variant.image != nil, variant.features != nil) & shown
            for (position, tag) in wording.tags.enumerated() {
                let ownIndex = wording.ownIndex(at: position)
                let ownSets = ownIndex.map { ownKeys[$0] } ?? 0
                let inheritedSets = wording.inheritedIndex(at: position).map { inheritedKeys[$0] } ?? 0
                // A key is translated by the variant's own translation, or, when the variant does not set
                // it, by the message's; a key the variant sets and does not translate is untranslated.
                let translated = ownSets | (inheritedSets & ~sets) != 0
                let untranslatedKeys = sets & ~ownSets
                let replacedKeys = variant.localizations == nil ? untranslatedKeys & inheritedSets : 0
                guard untranslatedKeys != 0, translated || replacedKeys != 0 else { continue }
                // Past the listing limit a warning is only counted: build its words only when listed.
                guard isListing else {
                    report(
                        .warning, replacedKeys != 0 ? .cancelsVariants : .mixesLanguages, key: "localizations",
                        reason: "")
                    continue
                }
                let untranslated = names.indices.filter { untranslatedKeys & (1 << $0) != 0 }.map { names[$0] }
                let replacedBefore = names.indices.filter { replacedKeys & (1 << $0) != 0 }.map { names[$0] }
                let own = ownIndex
                let language = tag.original
                let quotedLanguage = JSONValue.string(language).compactDescription
                let variantPath = JSONPath.appending("variants", to: base.path) + "[\(index)]"
                let list = Self.listed(untranslated)
                if !replacedBefore.isEmpty {
                    report(
                        .warning, .cancelsVariants, path: variantPath, key: "localizations", value: quotedLanguage,
                        reason: "in \(quotedLanguage) \(named) shows its own \(list) in the base language: the "
                            + "message's \(quotedLanguage) translation of \(Self.listed(replacedBefore)) no longer "
                            + "replaces a variant's own (it used to, giving every variant the same words)"
                            + (translated ? ", while its other texts are in \(quotedLanguage)" : "")
                            + "; translate \(list) in the variant's \"localizations\"")
                } else {
                    report(
                        .warning, .mixesLanguages,
                        path: own == nil
                            ? variantPath : JSONPath.appending(language, to: variantPath + ".localizations"),
                        key: "localizations", value: quotedLanguage,
                        reason: "in \(quotedLanguage) \(named) shows its own \(list) in the base language while its "
                            + "other texts are in \(quotedLanguage); translate \(list) in the variant's "
                            + "\"localizations\"")
                }
            }
        }
    }

    /// One bit per key that is set, in the order of `checkLanguages`' names.
    static func bits(
        _ title: Bool, _ text: Bool, _ confirmLabel: Bool, _ link: Bool, _ buttons: Bool, _ image: Bool,
        _ features: Bool
    ) -> UInt8 {
        var bits: UInt8 = 0
        if title { bits |= 1 }
        if text { bits |= 1 << 1 }
        if confirmLabel { bits |= 1 << 2 }
        if link { bits |= 1 << 3 }
        if buttons { bits |= 1 << 4 }
        if image { bits |= 1 << 5 }
        if features { bits |= 1 << 6 }
        return bits
    }

    /// `"title"`, `"title" and "text"`, `"title", "text" and "buttons"`.
    static func listed(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}

@_spi(Authoring) import AppAlert

// The JSON the author's tools print: `appalert evaluate --json`, `validate --json`, the server's
// preview. Apps never print these, so they live here.

extension ResolvedMessage {
    /// The message as the JSON object `appalert evaluate --json` prints.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("id", .integer(Int64(id)))
        object.set("title", .string(title))
        object.set("text", .string(text))
        object.set("confirmLabel", .string(confirmLabel))
        if let link {
            object.set("link", ["title": .string(link.title), "url": .string(link.url.absoluteString)])
        } else {
            object.set("link", .null)
        }
        object.set("dismissible", .bool(dismissible))
        object.set("localization", localization.map { .string($0.original) } ?? .null)
        object.set("direction", .string(isRightToLeft ? "rtl" : "ltr"))
        object.set("layout", .string(layout.rawValue))
        object.set("image", image.map(Self.json) ?? .null)
        object.set("buttons", .array(buttons.map(Self.json)))
        object.set("action", action.map(Self.json) ?? .null)
        if let features {
            object.set(
                "features",
                .array(
                    features.map { feature in
                        var item = JSONObject()
                        item.set("title", .string(feature.title))
                        item.set("text", feature.text.map { .string($0) } ?? .null)
                        item.set("symbol", feature.symbol.map { .string($0) } ?? .null)
                        return .object(item)
                    }))
        } else {
            object.set("features", .null)
        }
        if let colors {
            object.set("colors", ["light": Self.json(colors.light), "dark": Self.json(colors.resolvedDark)])
        } else {
            object.set("colors", .null)
        }
        var dataObject = JSONObject()
        for key in data.keys.sorted() { dataObject.set(key, .string(data[key] ?? "")) }
        object.set("data", .object(dataObject))
        object.set("placement", .string(placement.name))
        object.set("bannerSeconds", bannerSeconds.map { .number($0) } ?? .null)
        // Only when the message names one: outputs of feeds without it stay as they were.
        if let conversion {
            object.set(
                "conversion",
                ["event": .string(conversion.event), "withinHours": .integer(Int64(conversion.withinHours))])
        }
        return .object(object)
    }

    static func json(_ image: Message.Image) -> JSONValue {
        [
            "url": .string(image.url.absoluteString), "alt": image.alt.map { .string($0) } ?? .null,
            "darkUrl": image.darkURL.map { .string($0.absoluteString) } ?? .null,
        ]
    }

    static func json(_ button: Message.Button) -> JSONValue {
        ["title": .string(button.title), "action": json(button.action)]
    }

    /// As the feed spells it: `"dismiss"`, `{"url": …}`, `{"event": …}`.
    static func json(_ action: Message.Action) -> JSONValue {
        switch action {
        case .dismiss: "dismiss"
        case .url(let url): ["url": .string(url.absoluteString)]
        case .event(let name): ["event": .string(name)]
        }
    }

    static func json(_ palette: Message.Palette) -> JSONValue {
        [
            "background": palette.background.map { .string($0.hex) } ?? .null,
            "text": palette.text.map { .string($0.hex) } ?? .null,
            "accent": palette.accent.map { .string($0.hex) } ?? .null,
        ]
    }
}

extension MessageDecision {
    /// The decision as the JSON object `appalert evaluate --json` prints: the selected id, the variant
    /// shown and how many the message has, the resolved message, and with `explain` one entry per
    /// message of the feed. The conformance cases (`conformance/`) hold these objects, so the Swift and
    /// web engines are compared on exactly what the command prints.
    public func jsonValue(feed: Feed, explain: Bool) -> JSONValue {
        var object = JSONObject()
        object.set("selected", selectedID.map { .integer(Int64($0)) } ?? .null)
        object.set("variant", message?.variant.map { .integer(Int64($0)) } ?? .null)
        let variants = message.flatMap { message in feed.messages.first { $0.id == message.id } }?.variants ?? []
        // The feed's name only (null without one): the letters are for people, the index for programs.
        let name = message?.variant.flatMap { variants.indices.contains($0) ? variants[$0].name : nil }
        object.set("variantName", name.map { .string($0) } ?? .null)
        object.set("variants", variants.isEmpty ? .null : .integer(Int64(variants.count)))
        object.set("message", message?.jsonValue ?? .null)
        if explain {
            object.set(
                "evaluations",
                .array(
                    evaluations.map { evaluation in
                        var entry = JSONObject()
                        entry.set("id", .integer(Int64(evaluation.id)))
                        entry.set("eligible", .bool(evaluation.isEligible))
                        guard case .excluded(let exclusion) = evaluation.outcome else {
                            entry.set("rule", .null)
                            entry.set("reason", .string(evaluation.reason))
                            return .object(entry)
                        }
                        entry.set("rule", .string(exclusion.rule.rawValue))
                        entry.set("reason", .string(evaluation.reason))
                        // The facts behind the words, for pages that say them their own way.
                        if let range = exclusion.range { entry.set("range", .string(range)) }
                        if let rollout = exclusion.rollout {
                            entry.set(
                                "rollout",
                                [
                                    "percent": rollout.percent == rollout.percent.rounded()
                                        ? .integer(Int64(rollout.percent)) : .number(rollout.percent),
                                    "bucket": rollout.bucket.map { .integer(Int64($0)) } ?? .null,
                                ])
                        }
                        return .object(entry)
                    }))
        }
        return .object(object)
    }
}

extension Message {
    /// `variant "Discount" (2 of 3): variants[1], weight 1 of 4`, or `variant B (2 of 3): …` without a
    /// name: which A/B variant an install sees, by its name or letter (``variantLabel(_:)``) with the
    /// feed's index beside it, as `appalert evaluate` and the preview's cards name it.
    public func words(forVariant index: Int) -> String {
        let total = variants.reduce(0) { $0 + $1.weight }
        let weight = variants.indices.contains(index) ? variants[index].weight : 0
        let named = variants.indices.contains(index) && variants[index].name != nil
        let label = named ? "\"" + variantLabel(index) + "\"" : variantLabel(index)
        return "variant \(label) (\(index + 1) of \(variants.count)): variants[\(index)], weight \(weight) of \(total)"
    }
}

extension FeedDiagnostic {
    /// The diagnostic as a JSON object, for machine-readable output.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("severity", .string(severity.rawValue))
        object.set("code", .string(code.rawValue))
        object.set("path", .string(path))
        object.set("messageIndex", messageIndex.map { .integer(Int64($0)) } ?? .null)
        object.set("messageId", messageID.map { .integer(Int64($0)) } ?? .null)
        object.set("key", key.map { .string($0) } ?? .null)
        object.set("value", value.map { .string($0) } ?? .null)
        object.set("reason", .string(reason))
        return .object(object)
    }
}

extension UpdateDecision {
    /// The decision as the JSON object `appalert update-check --json` prints: the kind, the reason in
    /// words and as a code, the installed and available versions, the store page, and the prompt the
    /// app would show (`null` when nothing is asked) with its texts filled for `appName` and
    /// `languages`: the language used (`null` for a feed policy's base texts), its direction, the title,
    /// the text and the buttons' titles, as ``AlertPresentation`` has them (on `web`, Update reloads the
    /// page: it needs no store page, and a required prompt has only it). The conformance cases of update
    /// prompts hold these objects, so the Swift and web engines are compared on what the command prints.
    public func jsonValue(appName: String, languages: [LanguageTag]) -> JSONValue {
        var object = JSONObject()
        object.set("decision", .string(kind.rawValue))
        object.set("reason", .string(reason.explanation))
        object.set("reasonCode", .string(reason.code.rawValue))
        object.set("installedVersion", .string(installedVersion.description))
        object.set("availableVersion", availableVersion.map { .string($0.description) } ?? .null)
        object.set("storeURL", storeURL.map { .string($0.absoluteString) } ?? .null)
        guard let alert = AlertPresentation(self, appName: appName, languages: languages) else {
            object.set("alert", .null)
            return .object(object)
        }
        let buttons = alert.buttons.map(\.title)
        var prompt = JSONObject()
        prompt.set("language", alert.language.map { .string($0.original) } ?? .null)
        prompt.set("direction", .string(alert.isRightToLeft ? "rtl" : "ltr"))
        prompt.set("title", .string(alert.title))
        prompt.set("text", .string(alert.text))
        prompt.set("buttons", .array(buttons.map { .string($0) }))
        object.set("alert", .object(prompt))
        return .object(object)
    }
}

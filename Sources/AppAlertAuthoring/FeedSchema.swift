@_spi(Authoring) import AppAlert
import Foundation

/// The feed contract as a JSON Schema (draft 2020-12), for editors: key completion, documentation on
/// hover and the type errors a schema can see, in formats 1 and 2. `appalert schema` prints it;
/// `schema/feed.schema.json` in the repository is its output.
///
/// The schema refuses only what `appalert validate` reports as an error, never a warning: unknown keys,
/// empty lists, unknown platform names and another `format` number are allowed here as they are there.
/// What a schema cannot see is left to validate and named in the descriptions.
public enum FeedSchema {
    /// The schema, keys in a fixed order (the same bytes on every run).
    public static var document: JSONValue {
        var root = JSONObject()
        root.set("$schema", "https://json-schema.org/draft/2020-12/schema")
        root.set("title", "AppAlert feed")
        root.set(
            "description",
            .string(
                "In-app messages and the update policy for apps that use AppAlert. Format 1 is an array of "
                    + "messages; format 2 an object with \"format\": 2, \"messages\" and \"updates\". "
                    + onlyValidate))
        root.set("oneOf", [["$ref": "#/$defs/format1"], ["$ref": "#/$defs/format2"]])
        var definitions = JSONObject()
        definitions.set("format1", format1)
        definitions.set("format2", format2)
        definitions.set("message", message)
        definitions.set("link", link)
        definitions.set("localization", localization)
        definitions.set("update", update)
        definitions.set("version", version)
        definitions.set("versionList", versionList)
        definitions.set("range", range)
        definitions.set("timestamp", timestamp)
        definitions.set("text", text)
        definitions.set("image", image)
        definitions.set("button", button)
        definitions.set("action", action)
        definitions.set("feature", feature)
        definitions.set("colors", colors)
        definitions.set("color", color)
        definitions.set("conversion", conversion)
        root.set("$defs", .object(definitions))
        return .object(root)
    }

    /// The checks only `appalert validate` makes.
    static let onlyValidate =
        "Beyond this schema, `appalert validate` also checks: that message ids are unique, that "
        + "`endDate` is after `startDate`, that a wall (`\"dismissible\": false`) has a link, which link "
        + "schemes may be opened (never javascript:, data:, file:, vbscript:, blob:, about:, filesystem:; "
        + "http: is a warning), the syntax of version ranges and BCP 47 language tags, versions above "
        + "2^63-1 and numeric pre-release identifiers with a leading zero, rollout and rolloutSchedule "
        + "together, the order of rolloutSchedule steps, which rich keys each layout takes (buttons only on "
        + "alert, modal and sheet; action only on banner and image; an image layout needs an image with alt), "
        + "that image URLs are https: (http: only for localhost), a wall's buttons (no dismiss, at least one "
        + "url), buttons beside confirmLabel or link, strings of more than 10,000 UTF-8 "
        + "bytes (the schema counts characters), documents above 4 MiB or nested deeper than 64 levels, "
        + "and it warns about unknown keys, duplicate keys, empty lists, unknown platform names, keys a "
        + "layout cannot show, images without alt, text colors whose contrast with the background is "
        + "below 4.5:1 and accents on which a button's white label is below 4.5:1."

    static var format1: JSONValue {
        object(
            type: "array", description: "Format 1: an array of messages (the tutorial's messages.json).",
            extra: ["items": ["$ref": "#/$defs/message"], "maxItems": 10_000])
    }

    static var format2: JSONValue {
        var properties = JSONObject()
        properties.set(
            "$schema",
            property(
                ["type": "string"],
                "This schema, for editors (a path or URL). AppAlert ignores it."))
        properties.set(
            "format",
            property(
                ["type": "integer"],
                "The format number: 2. A missing format, or another number, is a warning: the keys this reader "
                    + "knows are read.", default: 2))
        properties.set(
            "sequence",
            property(
                ["type": ["integer", "null"], "minimum": 0],
                "Raised with each signed publication (`appalert sign --bump-sequence`). Apps with public keys "
                    + "refuse a feed whose sequence is lower than the highest they accepted from that URL.",
                default: 0))
        properties.set(
            "messages",
            property(
                ["type": "array", "items": ["$ref": "#/$defs/message"], "maxItems": 10_000],
                "The messages; at most one is shown at a time: the eligible one with the highest priority, "
                    + "then the highest id."))
        properties.set(
            "updates",
            property(
                ["type": ["array", "null"], "items": ["$ref": "#/$defs/update"], "maxItems": 1_000],
                "The update policy, one entry per app: the first entry naming the bundle id applies, else the "
                    + "first for \"*\"."))
        return object(
            type: "object", description: "Format 2: an object with the messages and the update policy.",
            extra: ["properties": .object(properties), "required": ["messages"]])
    }

    static var message: JSONValue {
        var p = JSONObject()
        p.set(
            "id",
            property(
                ["type": "integer", "minimum": 1],
                "A whole number >= 1, unique in the feed. What an install has seen is remembered by id: a new id "
                    + "is a new message."))
        p.set(
            "bundleId",
            property(
                ["type": ["string", "null"], "minLength": 1],
                "The app the message is for: its bundle identifier, exact and case-sensitive; \"*\" is every "
                    + "app. Give bundleId, bundleIds or both (the message is for any of them)."))
        p.set(
            "bundleIds",
            property(
                ["type": ["array", "null"], "items": ["type": "string"]],
                "More apps the message is for. An empty list matches nothing (a warning)."))
        p.set("title", property(["$ref": "#/$defs/text"], "The alert's title."))
        p.set("text", property(["$ref": "#/$defs/text"], "The alert's text."))
        p.set(
            "confirmLabel",
            property(
                ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                "The dismiss button's title.", default: "OK"))
        p.set(
            "link",
            property(
                ["anyOf": [["$ref": "#/$defs/link"], ["type": "null"]]],
                "A button that opens a page. Shown first, before the dismiss button."))
        p.set(
            "appVersions",
            property(
                ["anyOf": [["$ref": "#/$defs/versionList"], ["type": "null"]]],
                "Only these app versions, compared numerically (1.2 = 1.2.0). An install whose version is "
                    + "unknown never matches."))
        p.set(
            "osVersions",
            property(
                ["anyOf": [["$ref": "#/$defs/versionList"], ["type": "null"]]],
                "Only these OS versions, compared numerically."))
        p.set(
            "appVersionRange",
            property(
                ["anyOf": [["$ref": "#/$defs/range"], ["type": "null"]]],
                "Only app versions in this node-semver range (^1.2, >=1.0 <2, 1.x || 2.1)."))
        p.set(
            "osVersionRange",
            property(
                ["anyOf": [["$ref": "#/$defs/range"], ["type": "null"]]],
                "Only OS versions in this node-semver range (>=17.0 <17.2)."))
        p.set(
            "platforms",
            property(
                [
                    "type": ["array", "null"],
                    "items": [
                        "type": "string",
                        "examples": .array(Platform.known.map { .string($0.rawValue) }),
                    ],
                ],
                "Only these platforms, case-insensitive: ios (iPhones and iPads), ipados (iPads alone), macos, "
                    + "tvos, watchos, visionos, linux, windows, web (a web page or web app, whatever system its browser "
                    + "runs on). An unknown name matches no device (a warning)."))
        p.set(
            "locales",
            property(
                ["type": ["array", "null"], "items": ["type": "string"]],
                "BCP 47 tags matched against the device's first preferred language: pt matches pt, pt-BR and "
                    + "pt-PT; pt-BR matches only pt-BR."))
        p.set(
            "startDate",
            property(
                ["anyOf": [["$ref": "#/$defs/timestamp"], ["type": "null"]]],
                "Shown from this moment on (RFC 3339 with an offset: 2026-03-01T09:00:00Z)."))
        p.set(
            "endDate",
            property(
                ["anyOf": [["$ref": "#/$defs/timestamp"], ["type": "null"]]],
                "Shown before this moment only; must be after startDate."))
        p.set(
            "rollout",
            property(
                ["type": ["number", "null"], "minimum": 0, "maximum": 100],
                "The share of installs, in percent, that see the message; each install's share is stable and "
                    + "raising the percentage only adds installs. An install without an install id is in only at "
                    + "100.", default: 100))
        p.set(
            "priority",
            property(
                ["type": ["integer", "null"]],
                "Among eligible messages, the highest priority is shown, then the highest id.", default: 0))
        p.set(
            "maxViews",
            property(
                ["type": ["integer", "null"], "minimum": 1],
                "How many times an install is shown the message (a showing counts when it is dismissed or its "
                    + "link followed).", default: 1))
        p.set(
            "minHoursBetweenViews",
            property(
                ["type": ["number", "null"], "minimum": 0],
                "Hours to wait between two showings (with maxViews above 1).", default: 0))
        p.set(
            "dismissible",
            property(
                ["type": ["boolean", "null"]],
                "false makes a wall: no dismiss button, only the link (which is then required), and it comes "
                    + "back after the link is followed.", default: true))
        p.set(
            "localizations",
            property(
                ["type": ["object", "null"], "additionalProperties": ["$ref": "#/$defs/localization"]],
                "Translations by BCP 47 tag (\"fr\", \"pt-BR\"); each missing field falls back to the base "
                    + "one. The best one for the device's preferred languages is chosen."))
        p.set(
            "whatsNew",
            property(
                ["anyOf": [["$ref": "#/$defs/range"], ["type": "null"]]],
                "A range of app versions: the message is for the first launches after updating into it (not a "
                    + "fresh install, not a downgrade, within 10 launches)."))
        let attributeValue: JSONValue = ["type": ["string", "number", "boolean"]]
        p.set(
            "attributes",
            property(
                [
                    "type": ["object", "null"],
                    "additionalProperties": [
                        "anyOf": [attributeValue, ["type": "array", "items": attributeValue]]
                    ],
                ],
                "Attributes the app supplies (AlertService.attributes, --attribute): every key listed must match, "
                    + "equal to the value or to one of a list's values. Numbers compare numerically (3 = 3.0); a "
                    + "string never equals a number; an attribute the app did not supply does not match."))
        p.set(
            "installIds",
            property(
                ["type": ["array", "null"], "items": ["type": "string"]],
                "Only these installs (test devices), compared exactly; with it, the rollout is ignored."))
        p.set(
            "minLaunches",
            property(
                ["type": ["integer", "null"], "minimum": 0],
                "From this install's Nth launch on (this launch included)."))
        p.set(
            "minDaysSinceInstall",
            property(
                ["type": ["integer", "null"], "minimum": 0],
                "Whole days since the install's first recorded launch; unknown: not shown."))
        p.set(
            "minDaysSinceUpdate",
            property(
                ["type": ["integer", "null"], "minimum": 0],
                "Whole days since the last version change; unknown: not shown."))
        p.set(
            "trigger",
            property(
                [
                    "anyOf": [
                        ["const": "launch"],
                        [
                            "type": "object",
                            "properties": [
                                "event": ["type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"]
                            ],
                            "required": ["event"],
                        ],
                        ["type": "null"],
                    ]
                ],
                "\"launch\" (shown at launch) or {\"event\": NAME}: considered only when the app reports that "
                    + "event (AlertService.handle(event:)); names are case-sensitive.", default: "launch"))
        p.set(
            "rolloutSchedule",
            property(
                [
                    "type": ["array", "null"],
                    "items": [
                        "type": "object",
                        "properties": [
                            "at": ["$ref": "#/$defs/timestamp"],
                            "percent": ["type": "number", "minimum": 0, "maximum": 100],
                        ],
                        "required": ["at", "percent"],
                    ],
                ],
                "A rollout that grows: before the first step 0 %, then the last step reached. Times increasing, "
                    + "percents non-decreasing (validate checks the order); an install once in stays in. Not "
                    + "with rollout."))
        p.set(
            "variants",
            property(
                [
                    "type": ["array", "null"], "minItems": 2, "maxItems": 10,
                    "items": [
                        "type": "object",
                        "properties": [
                            "name": property(
                                ["type": ["string", "null"], "minLength": 1, "maxLength": 64],
                                "What the tools call the variant (\"Discount\"): 1 to 64 characters, at most 256 "
                                    + "bytes, not blank, unique within the message (validate checks them). Without "
                                    + "one, the variants are A, B, C… in the order listed."),
                            "weight": ["type": "integer", "minimum": 1],
                            "title": ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                            "text": ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                            "confirmLabel": ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                            "link": ["anyOf": [["$ref": "#/$defs/link"], ["type": "null"]]],
                            "localizations": [
                                "type": ["object", "null"], "additionalProperties": ["$ref": "#/$defs/localization"],
                            ],
                            "buttons": ["anyOf": [buttonList, ["type": "null"]]],
                            "image": ["anyOf": [["$ref": "#/$defs/image"], ["type": "null"]]],
                            "features": ["anyOf": [featureList, ["type": "null"]]],
                            "conversion": ["anyOf": [["$ref": "#/$defs/conversion"], ["type": "null"]]],
                        ],
                        "required": ["weight"],
                    ],
                ],
                "2 to 10 A/B variants: an install gets one, stable for its install id and the message, in "
                    + "proportion to the weights (no install id: the first); a variant's keys replace the "
                    + "message's. Translations key by key, for the language chosen: the variant's own; for a key "
                    + "the variant does not set, the message's; else the variant's key, else the message's, in "
                    + "the base language."))
        p.set(
            "conversion",
            property(
                ["anyOf": [["$ref": "#/$defs/conversion"], ["type": "null"]]],
                "What counts as the message having worked, for an app that reports results (docs/reporting.md): "
                    + "one conversion is counted when the app records the event within withinHours (1 to 720) "
                    + "after a showing, at most one per showing. A variant's replaces the message's."))
        richContent(into: &p)
        return object(
            type: "object",
            description: "A message. Any known key with a wrong type or a value that cannot be honoured leaves "
                + "the message out (an error); the other messages are still used. null means absent.",
            extra: [
                "properties": .object(p), "required": ["id", "title", "text"],
                "anyOf": [["required": ["bundleId"]], ["required": ["bundleIds"]]],
            ])
    }

    /// `{"event": NAME, "withinHours": 1…720}`.
    static var conversion: JSONValue {
        object(
            type: "object",
            description: "A message's conversion: the app event that counts as the message having worked, and "
                + "within how many hours after a showing.",
            extra: [
                "properties": [
                    "event": property(
                        ["type": "string", "pattern": "^[A-Za-z0-9_.-]{1,64}$"],
                        "The app's event name, as it records it (AlertService.handle(event:)); case-sensitive."),
                    "withinHours": property(
                        ["type": "integer", "minimum": 1, "maximum": 720],
                        "How long after a showing the event counts, in hours: 1 to 720 (30 days)."),
                ],
                "required": ["event", "withinHours"],
            ])
    }

    static var link: JSONValue {
        object(
            type: "object", description: "A button that opens a page.",
            extra: [
                "properties": [
                    "title": property(["$ref": "#/$defs/text"], "The button's title."),
                    "url": property(
                        ["type": "string", "minLength": 1],
                        "An absolute URL (https: by default; custom schemes are the app's link policy's to allow). "
                            + "javascript:, data:, file:, vbscript:, blob:, about: and filesystem: are refused."),
                ],
                "required": ["title", "url"],
            ])
    }

    static var localization: JSONValue {
        object(
            type: "object", description: "A translation of the message's texts.",
            extra: [
                "properties": [
                    "title": property(
                        ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]], "The translated title."),
                    "text": property(["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]], "The translated text."),
                    "confirmLabel": property(
                        ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]], "The dismiss button's title."),
                    "link": property(["anyOf": [["$ref": "#/$defs/link"], ["type": "null"]]], "The translated link."),
                    "buttons": property(
                        ["anyOf": [buttonList, ["type": "null"]]],
                        "The translated buttons: they replace the message's whole."),
                    "image": property(
                        ["anyOf": [["$ref": "#/$defs/image"], ["type": "null"]]],
                        "The image for this language (text in the picture, a translated alt): it replaces the "
                            + "message's whole."),
                    "features": property(
                        ["anyOf": [featureList, ["type": "null"]]],
                        "The translated features of a sheet: they replace the message's whole."),
                ]
            ])
    }

    static var update: JSONValue {
        var p = JSONObject()
        p.set(
            "bundleId",
            property(["type": ["string", "null"], "minLength": 1], "The app the policy is for; \"*\" is every app."))
        p.set(
            "bundleIds",
            property(["type": ["array", "null"], "items": ["type": "string"]], "More apps the policy is for."))
        p.set(
            "minimumVersion",
            property(
                ["anyOf": [["$ref": "#/$defs/version"], ["type": "null"]]],
                "Below it the update is required: Later and Skip do not apply."))
        p.set(
            "latestVersion",
            property(
                ["anyOf": [["$ref": "#/$defs/version"], ["type": "null"]]],
                "The newest version, used when no store or GitHub lookup answers."))
        p.set(
            "storeURL",
            property(["type": ["string", "null"], "minLength": 1], "Where to update (an absolute URL)."))
        p.set(
            "releaseDelayDays",
            property(
                ["type": ["number", "null"], "minimum": 0], "Days after a store release before asking.", default: 1))
        p.set(
            "title",
            property(
                ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                "The alert's title; {appName} and {version} are replaced."))
        p.set(
            "text",
            property(
                ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                "The alert's text; {appName} and {version} are replaced."))
        p.set(
            "localizations",
            property(
                [
                    "type": ["object", "null"],
                    "additionalProperties": [
                        "type": "object",
                        "properties": [
                            "title": ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                            "text": ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                        ],
                    ],
                ],
                "Translations of title and text by BCP 47 tag."))
        return object(
            type: "object",
            description: "An update policy. Errors leave the entry out; a policy that sets none of minimumVersion, "
                + "latestVersion, storeURL, releaseDelayDays is a warning.",
            extra: [
                "properties": .object(p),
                "anyOf": [["required": ["bundleId"]], ["required": ["bundleIds"]]],
            ])
    }

    static var version: JSONValue {
        object(
            type: "string",
            description: "A version: dot-separated whole numbers (1.2 = 1.2.0.0, 1.02 = 1.2), optionally "
                + "-prerelease and +build as in Semantic Versioning. No v prefix.",
            extra: [
                "pattern": .string(
                    "^[0-9]+(\\.[0-9]+)*(-[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?(\\+[0-9A-Za-z-]+(\\.[0-9A-Za-z-]+)*)?$")
            ])
    }

    static var versionList: JSONValue {
        object(
            type: "array", description: "Versions; an empty list matches nothing (a warning).",
            extra: ["items": ["$ref": "#/$defs/version"]])
    }

    static var range: JSONValue {
        object(
            type: "string",
            description: "A node-semver range: < <= > >= =, space for AND, || for OR, hyphen ranges, x-ranges, "
                + "~ and ^. The empty range matches every release (a warning).")
    }

    static var timestamp: JSONValue {
        object(
            type: "string",
            description: "RFC 3339 with an offset: 2026-03-01T09:00:00Z or 2026-03-01T10:00:00+01:00.",
            extra: [
                "pattern": .string(
                    "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$"
                )
            ])
    }

    static var text: JSONValue {
        object(
            type: "string", description: "Text of at most 10,000 UTF-8 bytes.", extra: ["maxLength": 10_000])
    }

    /// `{"type": type, "description": description}` and the members of `extra` (an object literal).
    static func object(type: String, description: String, extra: JSONValue = [:]) -> JSONValue {
        var object = JSONObject()
        object.set("type", .string(type))
        object.set("description", .string(description))
        if case .object(let members) = extra {
            for member in members.members { object.set(member.key, member.value) }
        }
        return .object(object)
    }

    /// `schema` (an object literal) with its description and default.
    static func property(_ schema: JSONValue, _ description: String, default value: JSONValue? = nil)
        -> JSONValue
    {
        guard case .object(var object) = schema else { return schema }
        object.set("description", .string(description))
        if let value { object.set("default", value) }
        return .object(object)
    }
}

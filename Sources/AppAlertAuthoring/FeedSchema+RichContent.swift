@_spi(Authoring) import AppAlert

// The schema of a rich message's keys: layout, image, buttons, action, features, colors, data,
// placement and bannerSeconds. What depends on the layout (which keys it takes, alt on an image
// layout, a wall's buttons) is validate's to check.
extension FeedSchema {
    static func richContent(into p: inout JSONObject) {
        p.set(
            "layout",
            property(
                ["enum": ["alert", "banner", "modal", "sheet", "image", nil]],
                "How the message goes on screen: alert (the system alert), banner (a strip at the top that leaves "
                    + "by itself), modal (a card over the dimmed app), sheet (a what's-new sheet with features) or "
                    + "image (the image alone with a close control).", default: "alert"))
        p.set(
            "image",
            property(
                ["anyOf": [["$ref": "#/$defs/image"], ["type": "null"]]],
                "The picture of a banner, modal, sheet or image layout (a system alert cannot show one: a "
                    + "warning). The message is shown once the image has been downloaded and checked."))
        p.set(
            "buttons",
            property(
                ["anyOf": [buttonList, ["type": "null"]]],
                "1 or 2 buttons for alert, modal and sheet, the primary one first. Not with confirmLabel or "
                    + "link; without it the buttons are the link's, then confirmLabel's. Every button closes the "
                    + "message and counts the showing."))
        p.set(
            "action",
            property(
                ["anyOf": [["$ref": "#/$defs/action"], ["type": "null"]]],
                "What a tap on a banner or an image does.", default: "dismiss"))
        p.set(
            "features",
            property(
                ["anyOf": [featureList, ["type": "null"]]],
                "A sheet's what's-new items (on other layouts a warning, ignored)."))
        p.set(
            "colors",
            property(
                ["anyOf": [["$ref": "#/$defs/colors"], ["type": "null"]]],
                "Colors for light appearance and, under dark, for dark; each left out is the platform's own. "
                    + "validate warns when text on background, or white on the accent (a modal's or a sheet's first "
                    + "button), is below a contrast ratio of 4.5:1."))
        p.set(
            "data",
            property(
                [
                    "type": ["object", "null"], "maxProperties": 50,
                    "additionalProperties": ["type": "string", "maxLength": 1_000],
                ],
                "Strings handed to the app unchanged (a screen to open, a coupon code): at most 50 keys, "
                    + "values of at most 1,000 characters."))
        p.set(
            "placement",
            property(
                ["type": ["string", "null"], "pattern": .string(eventName)],
                "Where the message is shown: launch (presented at launch or on an event), inbox (the message "
                    + "center) or the name of one of the app's inline slots (1 to 64 letters, digits, -, _ or .). "
                    + "Each placement decides on its own.", default: "launch"))
        p.set(
            "bannerSeconds",
            property(
                ["type": ["number", "null"], "minimum": 2, "maximum": 60],
                "How long a banner stays on screen, in seconds.", default: 8))
    }

    /// An event or slot name.
    static let eventName = "^[A-Za-z0-9_.-]{1,64}$"

    static var buttonList: JSONValue {
        ["type": "array", "minItems": 1, "maxItems": 2, "items": ["$ref": "#/$defs/button"]]
    }

    static var featureList: JSONValue {
        ["type": "array", "minItems": 1, "maxItems": 10, "items": ["$ref": "#/$defs/feature"]]
    }

    static var image: JSONValue {
        let url: JSONValue = ["type": "string", "minLength": 1]
        return object(
            type: "object", description: "A picture, downloaded by the app: https: URLs (http: only for localhost).",
            extra: [
                "properties": [
                    "url": property(url, "The picture (PNG, JPEG, GIF or WebP, at most 4,096 pixels a side)."),
                    "alt": property(
                        ["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]],
                        "What VoiceOver reads; required with the image layout."),
                    "darkUrl": property(
                        ["anyOf": [url, ["type": "null"]]], "The picture for dark appearance."),
                ],
                "required": ["url"],
            ])
    }

    static var button: JSONValue {
        object(
            type: "object", description: "A button: its title and what it does.",
            extra: [
                "properties": [
                    "title": property(["type": "string", "minLength": 1, "maxLength": 10_000], "The button's title."),
                    "action": property(
                        ["anyOf": [["$ref": "#/$defs/action"], ["type": "null"]]], "What it does.",
                        default: "dismiss"),
                ],
                "required": ["title"],
            ])
    }

    static var action: JSONValue {
        [
            "description": .string(
                "\"dismiss\", {\"url\": URL} (checked as a link's url; the app's link policy decides) or "
                    + "{\"event\": NAME} (handed to the app)."),
            "oneOf": [
                ["const": "dismiss"],
                [
                    "type": "object", "properties": ["url": ["type": "string", "minLength": 1]], "required": ["url"],
                    "not": ["required": ["event"]],
                ],
                [
                    "type": "object", "properties": ["event": ["type": "string", "pattern": .string(eventName)]],
                    "required": ["event"], "not": ["required": ["url"]],
                ],
            ],
        ]
    }

    static var feature: JSONValue {
        object(
            type: "object", description: "One item of a what's-new sheet.",
            extra: [
                "properties": [
                    "title": property(["$ref": "#/$defs/text"], "The feature's title."),
                    "text": property(["anyOf": [["$ref": "#/$defs/text"], ["type": "null"]]], "A line about it."),
                    "symbol": property(
                        ["type": ["string", "null"]],
                        "An SF Symbols name (\"star.fill\"), drawn on Apple platforms."),
                ],
                "required": ["title"],
            ])
    }

    static var colors: JSONValue {
        var palette = JSONObject()
        palette.set("background", property(["$ref": "#/$defs/color"], "Behind the message."))
        palette.set("text", property(["$ref": "#/$defs/color"], "The title and text."))
        palette.set("accent", property(["$ref": "#/$defs/color"], "The primary button."))
        var light = palette
        light.set(
            "dark",
            property(
                [
                    "type": ["object", "null"], "properties": .object(palette),
                ], "The colors of dark appearance; each left out is the light one."))
        return object(
            type: "object", description: "Colors, #RRGGBB or #RRGGBBAA.", extra: ["properties": .object(light)])
    }

    static var color: JSONValue {
        [
            "type": ["string", "null"], "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
            "description": "#RRGGBB or #RRGGBBAA (sRGB, hex digits).",
        ]
    }
}

@_spi(Authoring) import AppAlert
import Foundation
import Testing

/// The rich message keys: layout, image, buttons, action, features, colors, data, placement and
/// bannerSeconds, through the decoder (errors and warnings at their JSON paths) and the resolution.
struct RichMessageTests {
    static func decode(_ keys: String) throws -> FeedDecoder.Output {
        let text = #"[{"id": 7, "bundleId": "a", "title": "T", "text": "X""# + (keys.isEmpty ? "" : ", " + keys) + "}]"
        return try FeedDecoder().decode(Data(text.utf8))
    }

    /// The message, decoded without a diagnostic and resolved for a French device.
    static func resolved(_ keys: String, languages: [String] = ["fr-FR"], installID: String? = nil) throws
        -> ResolvedMessage
    {
        let result = try decode(keys)
        #expect(result.diagnostics.isEmpty, "\(keys): \(result.diagnostics)")
        let message = try #require(result.feed.messages.first)
        return ResolvedMessage(message, preferredLanguages: languages.map(LanguageTag.init), installID: installID)
    }

    static let https = "https://example.com/picture.png"

    @Test(arguments: [
        ("", Message.Layout.alert),
        (#""layout": "alert""#, .alert),
        (#""layout": "banner""#, .banner),
        (#""layout": "modal""#, .modal),
        (#""layout": "sheet""#, .sheet),
        (#""layout": "image", "image": {"url": "https://example.com/a.png", "alt": "A cat"}"#, .image),
    ])
    func everyLayoutDecodes(keys: String, layout: Message.Layout) throws {
        #expect(try Self.resolved(keys).layout == layout)
    }

    @Test
    func withoutButtonsTheyAreDerivedFromTheLinkAndTheConfirmLabel() throws {
        let message = try Self.resolved(
            #""layout": "modal", "confirmLabel": "Fermer", "link": {"title": "Voir", "url": "https://example.com"}"#)
        #expect(
            message.buttons == [
                Message.Button(title: "Voir", action: .url(URL(string: "https://example.com")!)),
                Message.Button(title: "Fermer", action: .dismiss),
            ])
        let wall = try Self.resolved(
            #""dismissible": false, "link": {"title": "Update", "url": "https://example.com"}"#)
        #expect(wall.buttons.map(\.title) == ["Update"])
        #expect(try Self.resolved("").buttons == [Message.Button(title: "OK", action: .dismiss)])
    }

    @Test
    func buttonsCarryTheirActions() throws {
        let message = try Self.resolved(
            #""layout": "sheet", "buttons": [{"title": "Go", "action": {"url": "myapp://pro"}}, {"title": "Tell", "action": {"event": "told"}}]"#
        )
        #expect(
            message.buttons == [
                Message.Button(title: "Go", action: .url(URL(string: "myapp://pro")!)),
                Message.Button(title: "Tell", action: .event("told")),
            ])
        let plain = try Self.resolved(#""buttons": [{"title": "Fine"}]"#)
        #expect(plain.buttons == [Message.Button(title: "Fine", action: .dismiss)])
        let presentation = AlertPresentation(message)
        #expect(presentation.buttons.map(\.action) == [.openLink(URL(string: "myapp://pro")!), .event("told")])
    }

    @Test
    func bannersAndImagesRunTheirTapActionAndHaveNoButtons() throws {
        let banner = try Self.resolved(
            #""layout": "banner", "action": {"event": "open-offer"}, "bannerSeconds": 12.5"#)
        #expect(banner.buttons.isEmpty)
        #expect(banner.action == .event("open-offer"))
        #expect(banner.bannerSeconds == 12.5)
        #expect(
            AlertPresentation(banner).buttons == [
                AlertPresentation.Button(title: "T", action: .event("open-offer")),
                AlertPresentation.Button(title: "OK", action: .dismiss),
            ])
        let image = try Self.resolved(#""layout": "image", "image": {"url": "\#(Self.https)", "alt": "A dog"}"#)
        #expect(image.action == .dismiss)
        #expect(image.bannerSeconds == nil)
        #expect(try Self.resolved(#""layout": "banner""#).bannerSeconds == 8)
        #expect(try Self.resolved(#""layout": "modal""#).action == nil)
    }

    @Test
    func imagesFeaturesColorsAndDataReachTheResolvedMessage() throws {
        let message = try Self.resolved(
            #"""
            "layout": "sheet",
            "image": {"url": "https://example.com/l.png", "alt": "Chart", "darkUrl": "https://example.com/d.png"},
            "features": [{"title": "Faster", "text": "Twice as fast", "symbol": "bolt.fill"}, {"title": "Sync"}],
            "colors": {"background": "#FFFFFF", "text": "#1a1a1a", "accent": "#0066CCF0", "dark": {"background": "#000000", "text": "#F0F0F0"}},
            "data": {"screen": "pro", "coupon": "SPRING"},
            "placement": "home-top"
            """#)
        #expect(message.image?.url(dark: true).absoluteString == "https://example.com/d.png")
        #expect(message.image?.url(dark: false).absoluteString == "https://example.com/l.png")
        #expect(message.image?.alt == "Chart")
        #expect(message.features?.map(\.title) == ["Faster", "Sync"])
        #expect(message.features?.first?.symbol == "bolt.fill")
        let colors = try #require(message.colors)
        #expect(colors.light.text?.hex == "#1A1A1A")
        #expect(colors.light.accent == Message.Color(red: 0, green: 0x66, blue: 0xCC, alpha: 0xF0))
        // Dark falls back to light key by key.
        #expect(colors.resolvedDark.accent?.hex == "#0066CCF0")
        #expect(colors.resolvedDark.text?.hex == "#F0F0F0")
        #expect(message.data == ["screen": "pro", "coupon": "SPRING"])
        #expect(message.placement == .slot("home-top"))
    }

    @Test
    func localizationsReplaceButtonsImageAndFeaturesWhole() throws {
        let keys = #"""
            "layout": "sheet", "buttons": [{"title": "Continue"}, {"title": "Details", "action": {"url": "https://example.com"}}],
            "image": {"url": "https://example.com/en.png", "alt": "New"},
            "features": [{"title": "One"}, {"title": "Two"}],
            "localizations": {"de": {"title": "Neu", "buttons": [{"title": "Weiter"}],
                "image": {"url": "https://example.com/de.png", "alt": "Neu"}, "features": [{"title": "Eins"}]}}
            """#
        let german = try Self.resolved(keys, languages: ["de-AT"])
        #expect(german.buttons == [Message.Button(title: "Weiter", action: .dismiss)])
        #expect(german.image?.url.absoluteString == "https://example.com/de.png")
        #expect(german.features?.map(\.title) == ["Eins"])
        let french = try Self.resolved(keys, languages: ["fr"])
        #expect(french.buttons.map(\.title) == ["Continue", "Details"])
        #expect(french.features?.map(\.title) == ["One", "Two"])
    }

    @Test
    func variantsReplaceButtonsImageAndFeatures() throws {
        let keys = #"""
            "layout": "sheet", "features": [{"title": "Base"}],
            "variants": [{"weight": 1}, {"weight": 1, "buttons": [{"title": "B"}], "features": [{"title": "Variant"}],
                "image": {"url": "https://example.com/b.png", "alt": "B"}}]
            """#
        let message = try #require(try Self.decode(keys).feed.messages.first)
        // Find one install in each variant.
        var seen: [Int: ResolvedMessage] = [:]
        for index in 0..<100 where seen.count < 2 {
            let resolved = ResolvedMessage(message, preferredLanguages: [], installID: "install-\(index)")
            seen[resolved.variant ?? -1] = resolved
        }
        #expect(seen[0]?.features?.map(\.title) == ["Base"])
        #expect(seen[0]?.image == nil)
        #expect(seen[1]?.features?.map(\.title) == ["Variant"])
        #expect(seen[1]?.buttons.map(\.title) == ["B"])
        #expect(seen[1]?.image?.alt == "B")
    }

    @Test(arguments: [
        (#""layout": "card""#, "$[0].layout", "unknown layout \"card\"; \"layout\" is one of"),
        (#""layout": 3"#, "$[0].layout", "\"layout\" must be a string, not a number; \"layout\" is one of"),
        (#""layout": "image""#, "$[0].image", "needs an \"image\""),
        (#""layout": "image", "image": {"url": "https://example.com/a.png"}"#, "$[0].image.alt", "needs \"alt\""),
        (
            #""layout": "image", "image": {"url": "https://example.com/a.png", "alt": "  "}"#, "$[0].image.alt",
            "needs \"alt\""
        ),
        (#""layout": "modal", "image": {"alt": "x"}"#, "$[0].image.url", "is missing"),
        (#""layout": "modal", "image": "https://example.com/a.png""#, "$[0].image", "must be an object"),
        (#""layout": "modal", "image": {"url": "http://example.com/a.png", "alt": "x"}"#, "$[0].image.url", "https:"),
        (#""layout": "modal", "image": {"url": "ftp://example.com/a.png", "alt": "x"}"#, "$[0].image.url", "https:"),
        (#""layout": "modal", "image": {"url": "/a.png", "alt": "x"}"#, "$[0].image.url", "\"/a.png\" has no scheme"),
        (
            #""layout": "modal", "image": {"url": "https://example.com/a.png", "alt": "x", "darkUrl": "data:image/png;base64,AA"}"#,
            "$[0].image.darkUrl", "https:"
        ),
        (#""buttons": []"#, "$[0].buttons", "1 or 2 buttons"),
        (#""buttons": [{"title": "a"}, {"title": "b"}, {"title": "c"}]"#, "$[0].buttons", "not 3"),
        (#""buttons": {"title": "a"}"#, "$[0].buttons", "must be an array"),
        (#""buttons": [{"action": "dismiss"}]"#, "$[0].buttons[0]", "needs a \"title\""),
        (#""buttons": [{"title": ""}]"#, "$[0].buttons[0].title", "must not be empty"),
        (#""buttons": [{"title": "a", "action": "close"}]"#, "$[0].buttons[0].action", "\"dismiss\", {\"url\": URL}"),
        (
            #""buttons": [{"title": "a", "action": {"url": "javascript:alert(1)"}}]"#, "$[0].buttons[0].action.url",
            "javascript"
        ),
        (
            #""buttons": [{"title": "a", "action": {"url": "help"}}]"#, "$[0].buttons[0].action.url",
            "\"help\" has no scheme; a URL starts with one, as in https://example.com/help"
        ),
        (#""buttons": [{"title": "a", "action": {"event": "no spaces"}}]"#, "$[0].buttons[0].action.event", "1 to 64"),
        (
            #""buttons": [{"title": "a", "action": {"event": "e", "url": "https://example.com"}}]"#,
            "$[0].buttons[0].action", "one of \"url\" and \"event\""
        ),
        (#""buttons": [{"title": "a", "action": {}}]"#, "$[0].buttons[0].action", "one of \"url\" and \"event\""),
        (#""buttons": [{"title": "a"}], "confirmLabel": "OK""#, "$[0].confirmLabel", "cannot be used with \"buttons\""),
        (
            #""buttons": [{"title": "a"}], "link": {"title": "x", "url": "https://example.com"}"#, "$[0].link",
            "cannot be used with \"buttons\""
        ),
        (#""layout": "banner", "buttons": [{"title": "a"}]"#, "$[0].buttons", "a banner has no buttons"),
        (
            #""layout": "image", "image": {"url": "\#(https)", "alt": "a"}, "buttons": [{"title": "a"}]"#,
            "$[0].buttons", "an image has no buttons"
        ),
        (#""dismissible": false, "buttons": [{"title": "a"}]"#, "$[0].buttons[0]", "no dismiss button"),
        (
            #""dismissible": false, "buttons": [{"title": "a", "action": {"event": "e"}}]"#, "$[0].buttons",
            "needs a button with a \"url\""
        ),
        (#""dismissible": false, "layout": "banner""#, "$[0].dismissible", "always has its close control"),
        (#""action": "dismiss""#, "$[0].action", "an alert has \"buttons\""),
        (#""layout": "sheet", "action": "dismiss""#, "$[0].action", "a sheet has \"buttons\""),
        (#""layout": "banner", "action": {"url": "vbscript:x"}"#, "$[0].action.url", "vbscript"),
        (#""layout": "banner", "action": true"#, "$[0].action", "must be \"dismiss\""),
        (#""layout": "sheet", "features": []"#, "$[0].features", "1 to 10 items, not 0"),
        (
            #""layout": "sheet", "features": [\#(Array(repeating: #"{"title": "f"}"#, count: 11).joined(separator: ","))]"#,
            "$[0].features", "not 11"
        ),
        (#""layout": "sheet", "features": [{"text": "no title"}]"#, "$[0].features[0]", "needs a \"title\""),
        (#""layout": "sheet", "features": [{"title": 5}]"#, "$[0].features[0].title", "must be a string"),
        (#""layout": "sheet", "features": ["Faster"]"#, "$[0].features[0]", "must be an object"),
        (##""layout": "modal", "colors": {"text": "red"}"##, "$[0].colors.text", "#RRGGBB"),
        (##""layout": "modal", "colors": {"text": "#12345"}"##, "$[0].colors.text", "#RRGGBB"),
        (##""layout": "modal", "colors": {"text": "#12345G"}"##, "$[0].colors.text", "#RRGGBB"),
        (##""layout": "modal", "colors": {"background": 16777215}"##, "$[0].colors.background", "#RRGGBB"),
        (##""layout": "modal", "colors": {"dark": {"accent": "#1234"}}"##, "$[0].colors.dark.accent", "#RRGGBB"),
        (##""layout": "modal", "colors": {"dark": "#000000"}"##, "$[0].colors.dark", "must be an object"),
        (##""layout": "modal", "colors": ["#000000"]"##, "$[0].colors", "must be an object"),
        (#""data": ["a"]"#, "$[0].data", "must be an object"),
        (#""data": {"a": 1}"#, "$[0].data.a", "must be a string"),
        (#""data": {"a": null}"#, "$[0].data.a", "must be a string"),
        (#""data": {"a": "\#(String(repeating: "é", count: 1_001))"}"#, "$[0].data.a", "1001 characters long"),
        (
            #""data": {\#((0...50).map { "\"k\($0)\": \"v\"" }.joined(separator: ","))}"#, "$[0].data",
            "51 keys; the limit is 50"
        ),
        (#""placement": "home top""#, "$[0].placement", "\"launch\", \"inbox\" or the name"),
        (#""placement": "\#(String(repeating: "s", count: 65))""#, "$[0].placement", "1 to 64"),
        (#""placement": ["inbox"]"#, "$[0].placement", "\"launch\", \"inbox\" or the name"),
        (#""layout": "banner", "bannerSeconds": 1"#, "$[0].bannerSeconds", "from 2 to 60"),
        (#""layout": "banner", "bannerSeconds": 61"#, "$[0].bannerSeconds", "from 2 to 60"),
        (#""layout": "banner", "bannerSeconds": "8""#, "$[0].bannerSeconds", "must be a number"),
        (
            #""layout": "modal", "localizations": {"de": {"buttons": [{"title": "a"}, {"title": "b"}, {"title": "c"}]}}"#,
            #"$[0].localizations.de.buttons"#, "not 3"
        ),
        (
            #""layout": "modal", "localizations": {"de": {"image": {"url": "http://example.com/x.png", "alt": "x"}}}"#,
            #"$[0].localizations.de.image.url"#, "https:"
        ),
        (
            #""buttons": [{"title": "a"}], "localizations": {"de": {"confirmLabel": "OK"}}"#,
            #"$[0].localizations.de.confirmLabel"#, "cannot be used with \"buttons\""
        ),
        (
            #""layout": "sheet", "localizations": {"de": {"features": [{"symbol": "star"}]}}"#,
            #"$[0].localizations.de.features[0]"#, "needs a \"title\""
        ),
        (
            #""layout": "banner", "variants": [{"weight": 1}, {"weight": 1, "buttons": [{"title": "b"}]}]"#,
            "$[0].variants[1].buttons", "a banner has no buttons"
        ),
        (
            #""variants": [{"weight": 1}, {"weight": 1, "buttons": [{"title": "b", "action": {"url": "file:///etc"}}]}]"#,
            "$[0].variants[1].buttons[0].action.url", "file"
        ),
    ])
    func aMalformedRichKeyIsAnErrorAtItsPath(keys: String, path: String, reason: String) throws {
        let result = try Self.decode(keys)
        #expect(result.feed.messages.isEmpty, "\(keys)")
        let error = result.errors.first { $0.path == path }
        #expect(error != nil, "\(keys): \(result.errors.map { "\($0.path): \($0.reason)" })")
        #expect(error?.reason.contains(reason) == true, "\(keys): \(error?.reason ?? "")")
    }

    @Test(arguments: [
        (#""image": {"url": "\#(https)", "alt": "x"}"#, "$[0].image", "cannot show an image"),
        (#""layout": "modal", "image": {"url": "\#(https)"}"#, "$[0].image.alt", "VoiceOver users are told nothing"),
        (#""layout": "banner", "image": {"url": "\#(https)", "alt": ""}"#, "$[0].image.alt", "VoiceOver users"),
        (##""colors": {"text": "#000000"}"##, "$[0].colors", "cannot show colors"),
        (#""layout": "modal", "features": [{"title": "a"}]"#, "$[0].features", "only a sheet"),
        (#""layout": "modal", "bannerSeconds": 10"#, "$[0].bannerSeconds", "only a banner leaves by itself"),
        (
            #""layout": "banner", "link": {"title": "x", "url": "https://example.com"}"#, "$[0].link",
            "no effect on a banner"
        ),
        (
            #""placement": "inbox", "trigger": {"event": "e"}"#, "$[0].trigger",
            "no effect on a message placed in \"inbox\""
        ),
        (
            #""layout": "sheet", "features": [{"title": "a", "symbol": "Star Fill"}]"#, "$[0].features[0].symbol",
            "SF Symbols"
        ),
        (#""layout": "modal", "image": {"url": "\#(https)", "alt": "x", "size": 3}"#, "$[0].image.size", "unknown key"),
        (#""buttons": [{"title": "a", "style": "bold"}]"#, "$[0].buttons[0].style", "unknown key"),
        (
            ##""layout": "modal", "colors": {"text": "#777777", "background": "#FFFFFF"}"##, "$[0].colors",
            "text #777777 on background #FFFFFF has a contrast ratio of 4.48:1 in light and dark appearance"
        ),
        (
            ##""layout": "modal", "colors": {"text": "#000000", "background": "#FFFFFF", "dark": {"text": "#333333", "background": "#000000"}}"##,
            "$[0].colors.dark", "text #333333 on background #000000 has a contrast ratio of 1.66:1 in dark appearance"
        ),
        (
            ##""layout": "modal", "colors": {"text": "#FFFFFF40", "background": "#FFFFFF"}"##, "$[0].colors",
            "in light and dark appearance"
        ),
    ])
    func aRichKeyTheLayoutCannotShowIsAWarning(keys: String, path: String, reason: String) throws {
        let result = try Self.decode(keys)
        #expect(result.errors.isEmpty, "\(keys): \(result.errors)")
        #expect(result.feed.messages.count == 1)
        let warning = result.diagnostics.first { $0.path == path && $0.severity == .warning }
        #expect(warning != nil, "\(keys): \(result.diagnostics.map { "\($0.path): \($0.reason)" })")
        #expect(warning?.reason.contains(reason) == true, "\(keys): \(warning?.reason ?? "")")
    }

    @Test
    func whatALayoutCannotShowIsLeftOutOfTheResolvedMessage() throws {
        let result = try Self.decode(
            ##""image": {"url": "\##(Self.https)", "alt": "x"}, "colors": {"text": "#000000"}, "features": [{"title": "a"}]"##
        )
        let message = try #require(result.feed.messages.first)
        let resolved = ResolvedMessage(message, preferredLanguages: [])
        #expect(resolved.image == nil)
        #expect(resolved.colors == nil)
        #expect(resolved.features == nil)
    }

    @Test(arguments: [
        ("http://localhost:8080/a.png", true), ("http://127.0.0.1/a.png", true), ("http://[::1]:9000/a.png", true),
        ("https://cdn.example.com/a.webp", true), ("http://localhost.example.com/a.png", false),
        ("http://10.0.0.1/a.png", false),
    ])
    func imagesAreHTTPSOrLoopbackHTTP(url: String, accepted: Bool) throws {
        let result = try Self.decode(#""layout": "modal", "image": {"url": "\#(url)", "alt": "a"}"#)
        #expect(result.errors.isEmpty == accepted, "\(url): \(result.errors)")
    }

    @Test(arguments: [
        ("#000000", "#FFFFFF", "21.00"), ("#777777", "#FFFFFF", "4.48"), ("#767676", "#FFFFFF", "4.54"),
        ("#FFFFFF", "#FFFFFF", "1.00"), ("#0000FF", "#FFFFFF", "8.59"), ("#FF0000", "#000000", "5.25"),
        // Half-transparent black text on white is mid grey.
        ("#00000080", "#FFFFFF", "4.00"),
    ])
    func contrastRatiosFollowWCAG(text: String, background: String, expected: String) throws {
        let ratio = Message.Color.contrastRatio(
            text: try #require(Message.Color(hex: text)), background: try #require(Message.Color(hex: background)),
            canvas: .white)
        #expect(String(format: "%.2f", ratio) == expected)
    }

    /// A modal's or a sheet's first button is filled with the accent and labelled in white: below 4.5:1
    /// a warning at the path where the accent is written, for the appearances where it falls short.
    @Test(
        arguments: [
            ("modal", ##"{"accent": "#0A66C2"}"##, []),
            ("modal", ##"{"accent": "#767676"}"##, []),
            (
                "modal", ##"{"accent": "#777777"}"##,
                ["$[0].colors.accent: #777777 has a contrast ratio of 4.48:1 in light and dark"]
            ),
            (
                "sheet", ##"{"accent": "#FFCC00"}"##,
                ["$[0].colors.accent: #FFCC00 has a contrast ratio of 1.51:1 in light and dark"]
            ),
            (
                "modal", ##"{"accent": "#0A66C2", "dark": {"accent": "#4DA3FF"}}"##,
                ["$[0].colors.dark.accent: #4DA3FF has a contrast ratio of 2.63:1 in dark appearance"]
            ),
            (
                "modal", ##"{"accent": "#FFCC00", "dark": {"accent": "#0A66C2"}}"##,
                ["$[0].colors.accent: #FFCC00 has a contrast ratio of 1.51:1 in light appearance"]
            ),
            (
                "sheet", ##"{"accent": "#FFCC00", "dark": {"accent": "#FF9500"}}"##,
                [
                    "$[0].colors.accent: #FFCC00 has a contrast ratio of 1.51:1 in light appearance",
                    "$[0].colors.dark.accent: #FF9500 has a contrast ratio of 2.20:1 in dark appearance",
                ]
            ),
            // Half-transparent: light over white, short; dark over black, enough; over a black background, enough.
            (
                "modal", ##"{"accent": "#0A66C280"}"##,
                ["$[0].colors.accent: #0A66C280 has a contrast ratio of 2.23:1 in light appearance"]
            ),
            ("modal", ##"{"accent": "#0A66C280", "background": "#000000"}"##, []),
            // No prominent button: a banner and an image run a tap action; an alert is the system's.
            ("banner", ##"{"accent": "#FFCC00"}"##, []),
            ("image", ##"{"accent": "#FFCC00"}"##, []),
            ("alert", ##"{"accent": "#FFCC00"}"##, []),
        ] as [(String, String, [String])])
    func whiteOnTheAccentBelowTheContrastRatioIsAWarning(layout: String, colors: String, expected: [String]) throws {
        let image = layout == "image" ? #", "image": {"url": "\#(Self.https)", "alt": "A"}"# : ""
        let result = try Self.decode(#""layout": "\#(layout)", "colors": \#(colors)\#(image)"#)
        #expect(result.errors.isEmpty, "\(colors): \(result.errors)")
        let warnings = result.diagnostics.filter { $0.code == .lowContrast && $0.key == "accent" }
        #expect(warnings.count == expected.count, "\(layout) \(colors): \(warnings.map(\.reason))")
        for (warning, words) in zip(warnings, expected) {
            let (path, fragment) = (String(words.prefix { $0 != ":" }), words.drop { $0 != " " }.dropFirst())
            #expect(warning.path == path && warning.severity == .warning, "\(colors)")
            #expect(
                warning.reason.hasPrefix("white text on accent " + fragment)
                    && warning.reason.hasSuffix(
                        "the first button's white label needs at least 4.5:1 to be readable (WCAG 2.x)"),
                "\(colors): \(warning.reason)")
        }
    }

    @Test(arguments: ["#abcdef", "#ABCDEF", "#AbCdEf12"])
    func hexColorsReadEitherCase(text: String) throws {
        let color = try #require(Message.Color(hex: text))
        #expect(color.red == 0xAB && color.green == 0xCD && color.blue == 0xEF)
    }
}

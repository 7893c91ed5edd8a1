@_spi(Authoring) import AppAlert
import AppAlertAuthoring
import Foundation

/// The development preview: page-level notices first (the last edit not served), then the simulator,
/// then every message drawn as a phone shows it: each variant, each localization, an inbox item as its
/// row in the inbox and as the card it opens; links, walls, what each message targets. The page asks
/// for the site's version every second and reloads when it changes.
enum PreviewPage {
    static func html(
        site: FeedSite, failure: FeedSiteError?, failureAtStart: Bool = false, version: String,
        simulator: Bool = false,
        signatureNotices: [SignatureNotice] = [], console: Bool = false
    ) -> String {
        var body = simulator ? simulatorForm(site: site) : ""
        // The resolved messages the gallery's phones draw (the message object of `evaluate --json`).
        var entries: [JSONValue] = []
        for file in site.files where file.isFeed {
            body += "<h2 class=\"feed\">" + escape(file.path) + "</h2>"
            guard let result = try? FeedDecoder().decode(file.data) else { continue }
            if !result.warnings.isEmpty {
                body += "<ul class=\"warnings\">"
                for warning in result.warnings { body += "<li>" + escape(warning.description) + "</li>" }
                body += "</ul>"
            }
            // Grouped by placement: launch, then each slot by name, then the inbox.
            let placements = Self.placementOrder(result.feed.messages.map(\.placement))
            for placement in placements {
                body += "<h3 class=\"placement\">" + escape(Self.heading(placement)) + "</h3><div class=\"grid\">"
                for message in result.feed.messages where message.placement == placement {
                    body += cards(message, entries: &entries)
                }
                body += "</div>"
            }
            for policy in result.feed.updatePolicies {
                body +=
                    "<p class=\"policy\">Update policy for " + escape(policy.bundleIDs.joined(separator: ", ")) + ": "
                    + escape(
                        [
                            policy.minimumVersion.map { "minimum \($0)" }, policy.latestVersion.map { "latest \($0)" },
                            policy.storeURL.map { "store \($0.absoluteString)" },
                            policy.releaseDelayDays.map { "delay \($0) days" },
                        ].compactMap { $0 }.joined(separator: ", ")) + "</p>"
            }
        }
        let apps = site.files.filter { $0.path.hasPrefix("apps/") && !$0.path.hasSuffix(".sig") }.map(\.path)
        body +=
            "<p class=\"apps\">Per-app views: "
            + apps.map { "<a href=\"/\(escape($0))\">\(escape($0))</a>" }.joined(separator: " · ") + "</p>"
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>AppAlert preview</title>
            <style>
            \(pageStyle)
            \(galleryStyle)
            </style></head>
            <body><main>
            \(notices(failure: failure, atStart: failureAtStart, signatures: signatureNotices))
            <h1>AppAlert preview</h1>
            <p class="meta">Reloads by itself when the feed changes.\(console ? " <a href=\"/console\">Edit the messages in the console</a>" : "")</p>
            <script>
            \(PhoneRenderer.script)
            window.galleryEntries = \(ScriptSafeJSON.serialize(.array(entries)));
            </script>
            \(body)
            <script>AppAlertPhones.fillPhones();</script>
            </main>
            <script>
            (function () {
              var version = \(ScriptSafeJSON.serialize(.string(version)));
              setInterval(function () {
                fetch("/__preview/version", { cache: "no-store" }).then(function (r) { return r.text(); })
                  .then(function (v) { if (v !== version) { location.reload(); } }).catch(function () {});
              }, 1000);
            })();
            </script>
            </body></html>
            """
    }

    /// The page's own style (`page.css`): its font, background and headings.
    static let pageStyle = PageCode.text(PackageResources.page_css)

    /// The gallery's style (`gallery.css`): the cards and their phones (PhoneRenderer), the notices and the
    /// simulator; the console (`/console/preview.css`) draws its live preview with the same.
    static let galleryStyle = PageCode.text(PackageResources.gallery_css) + "\n" + PhoneRenderer.style

    /// What the author must see before anything else, at the very top of the page: a `.sig` that does
    /// not match its feed (or cannot be checked) and what is served instead, and the last edit that is
    /// not served and why. Each notice is a `<section>`; empty when all is well.
    static func notices(failure: FeedSiteError?, atStart: Bool = false, signatures: [SignatureNotice] = [])
        -> String
    {
        var html = signatureNotice(signatures)
        if let failure {
            html +=
                atStart
                ? "<section class=\"notice errors\"><h2>" + escape(URL(fileURLWithPath: failure.file).lastPathComponent)
                    + " is not served</h2><p>Nothing of it is served until these are fixed, in an editor"
                    + (failure.diagnostics.isEmpty ? "" : " or in the <a href=\"/console\">console</a>") + ":</p><ul>"
                : "<section class=\"notice errors\"><h2>The last edit is not served</h2>"
                    + "<p>The previous version stays online until these are fixed:</p><ul>"
            html += "<li>" + escape(failure.file + ": " + failure.reason) + "</li>"
            for diagnostic in failure.diagnostics { html += "<li>" + escape(diagnostic.description) + "</li>" }
            html += "</ul></section>"
        }
        return html
    }

    /// The box for `.sig` files beside served files that do not match them (or cannot be checked):
    /// what is wrong and what is served instead. Empty when all is well.
    static func signatureNotice(_ notices: [SignatureNotice]) -> String {
        guard !notices.isEmpty else { return "" }
        let serious = notices.contains { $0.kind != .unchecked }
        var html =
            "<section class=\"signature-notice\(serious ? "" : " unchecked")\" id=\"signature-notice\">"
            + "<h2>\(serious ? "A signature does not match its feed" : "A signature is not checked")</h2><ul>"
        for notice in notices { html += "<li>" + escape(notice.text) + "</li>" }
        return html + "</ul></section>"
    }

    /// The simulator: a form for one install (its state is the page's query, so a link reproduces a
    /// view) and, from `/_appalert/evaluate`, the message that install sees and every message's verdict.
    static func simulatorForm(site: FeedSite) -> String {
        let feeds = Simulator.feeds(of: site)
        var apps = Set<String>()
        var versions: [String: [Version]] = [:]
        // Per feed and id, what the answer's words need beyond `evaluate`'s: each message's priority and its
        // variants' names and weights (a variant named with its share; which rollout an install id decides).
        var facts = JSONObject()
        for file in feeds {
            guard let feed = try? FeedDecoder().decode(file.data).feed else { continue }
            facts.set(file.path, .object(Self.simulatorFacts(feed.messages)))
            for app in FeedAudience.apps(in: feed) {
                apps.insert(app)
                versions[app, default: []] += FeedAudience.mentioned(in: feed, bundleID: app).appVersions
            }
        }
        let sortedApps = apps.sorted()
        let firstApp = sortedApps.first ?? ""
        let appVersion = versions[firstApp]?.max()?.description ?? "1.0"
        let osVersion = defaultOSVersion(for: defaultPlatform)
        // Per platform, so choosing one offers its current version (an edited field is kept).
        let osDefaults = JSONValue.object(
            JSONObject(
                Platform.known.map { JSONObject.Member(key: $0.rawValue, value: .string(defaultOSVersion(for: $0))) }))
        let language = FeedAudience.machineLanguage.original
        func input(_ name: String, _ label: String, _ value: String = "", placeholder: String = "") -> String {
            "<label>\(escape(label))<input name=\"\(name)\" data-default=\"\(escape(value))\" placeholder=\"\(escape(placeholder))\"></label>"
        }
        func select(_ name: String, _ label: String, _ options: [String], _ value: String) -> String {
            "<label>\(escape(label))<select name=\"\(name)\" data-default=\"\(escape(value))\">"
                + options.map { "<option value=\"\(escape($0))\">\(escape($0))</option>" }.joined()
                + "</select></label>"
        }
        var form = "<section class=\"simulator\"><h2>Simulator: what one install sees</h2><form id=\"simulator\">"
        if feeds.count > 1 { form += select("feed", "Feed", feeds.map(\.path), feeds[0].path) }
        form += select("bundleId", "App", sortedApps, firstApp)
        form += input("appVersion", "App version", appVersion)
        form += input("build", "Build")
        form += select("platform", "Platform", Platform.known.map(\.rawValue), defaultPlatform.rawValue)
        form += input("osVersion", "OS version", osVersion)
        form += input("locale", "Languages", language, placeholder: "French, en")
        form += input("installId", "Install id", placeholder: "for rollouts")
        form += input("now", "Now", placeholder: "2026-03-01 or 2026-03-01 09:00 (UTC)")
        form += input("seen", "Seen", placeholder: "3, 5:2")
        form += input("previousVersion", "Updated from", placeholder: "1.0")
        // Campaign targeting (issue 15): what the app supplies and knows from its version history.
        form += input("attribute", "Attributes", placeholder: "plan=pro, beta=true")
        form += input("event", "Event", placeholder: "at launch")
        form += input("launchCount", "Launches", placeholder: "1")
        form += input("installedAt", "Installed at", placeholder: "2026-01-01")
        form += input("updatedAt", "Updated at", placeholder: "unknown")
        form += input("placement", "Placement", placeholder: "launch, or a slot")
        form += "<button type=\"submit\">Evaluate</button></form>"
        form += "<div class=\"result\" id=\"simulator-result\"></div></section>"
        form +=
            "<script>\nvar osDefaults = " + ScriptSafeJSON.serialize(osDefaults) + ";\nvar messageFacts = "
            + ScriptSafeJSON.serialize(.object(facts)) + ";\n" + simulatorScript
            + "\n</script>"
        return form
    }

    /// `{"2": {"priority": 0, "variants": [{"name": "Control", "weight": 7}, {"weight": 3}]}}`: the messages
    /// with a priority or variants, by id (the others are priority 0 without variants to the simulator).
    static func simulatorFacts(_ messages: [Message]) -> JSONObject {
        var byID = JSONObject()
        for message in messages where message.priority != 0 || !message.variants.isEmpty {
            let variants = message.variants.map { variant -> JSONValue in
                var one = JSONObject()
                if let name = variant.name { one.set("name", .string(name)) }
                one.set("weight", .integer(Int64(variant.weight)))
                return .object(one)
            }
            byID.set(
                String(message.id),
                [
                    "priority": .integer(Int64(message.priority)),
                    "variants": variants.isEmpty ? .null : .array(variants),
                ])
        }
        return byID
    }

    /// Fills the form from the query (else the defaults), asks the endpoint, and draws the answer with
    /// DOM text nodes only: nothing from the feed is parsed as HTML.
    static let simulatorScript = [PackageResources.explain_words_js, PackageResources.simulator_js].map(PageCode.text)
        .joined(separator: "\n")

    /// Every card of a message: its base texts and each localization, for each variant when it has
    /// variants (a variant's own `localizations` replace the message's), as an install of that variant
    /// and language sees it.
    static func cards(_ message: Message, entries: inout [JSONValue]) -> String {
        let variants: [Int?] = message.variants.isEmpty ? [nil] : message.variants.indices.map { $0 }
        var html = ""
        for variant in variants {
            let worded = variant.map { message.applying(variant: $0) } ?? message
            for language in [nil] + worded.localizations.map(\.tag) {
                var resolved = ResolvedMessage(worded, preferredLanguages: language.map { [$0] } ?? [])
                resolved.variant = variant
                html += card(resolved, message: message, language: language, entries: &entries)
            }
        }
        return html
    }

    /// A gallery card: the phones (drawn by PhoneRenderer from `entries`) and what the message targets.
    /// An inbox item's entry also carries what the inbox shows of it (`inbox`: its title in the
    /// language, and the card the item opens).
    static func card(
        _ resolved: ResolvedMessage, message: Message, language: LanguageTag?, entries: inout [JSONValue]
    ) -> String {
        var html = "<div class=\"item\" data-message=\"\(message.id)\" data-layout=\"\(message.layout.rawValue)\""
        if let variant = resolved.variant { html += " data-variant=\"\(variant)\"" }
        html += "><div class=\"phones\" data-entry=\"\(entries.count)\"></div>"
        var entry = resolved.jsonValue
        if resolved.placement == .inbox, case .object(var object) = entry {
            let texts = MessageTexts.forLanguages(language.map { [$0] } ?? [])
            object.set("inbox", ["title": .string(texts.inboxTitle), "card": resolved.inboxCard.jsonValue])
            entry = .object(object)
        }
        entries.append(entry)
        html += "<div class=\"meta\">"
        html += "#\(message.id)"
        if let variant = resolved.variant {
            html += " <span class=\"badge variant\">" + escape(shareWords(message, variant: variant)) + "</span>"
        }
        if let language { html += " <span class=\"badge lang\">" + escape(language.original) + "</span>" }
        if !message.dismissible { html += " <span class=\"badge\">wall</span>" }
        html += "<br>" + escape(targeting(message))
        if let link = resolved.link { html += "<br>→ " + escape(link.url.absoluteString) }
        html += "</div></div>"
        return html
    }

    /// A variant as the person who set up the test reads it: `variant "Control" (A), 1 of 2 equal shares`,
    /// `variant B, 2 of 3 shares (66.67%)` — by its name and letter, and its share of the installs that
    /// see the message (the feed's index and weight are `evaluate`'s words, for the JSON's author).
    static func shareWords(_ message: Message, variant index: Int) -> String {
        let weights = message.variants.map(\.weight)
        guard weights.indices.contains(index) else { return "variant " + message.variantLabel(index) }
        let letter = Message.variantLetter(index)
        let label = message.variants[index].name.map { "\"\($0)\" (\(letter))" } ?? letter
        let total = weights.reduce(0, +)
        if Set(weights).count == 1 { return "variant \(label), 1 of \(weights.count) equal shares" }
        let percent = (Double(weights[index]) / Double(total) * 10_000).rounded() / 100
        let percentText = percent == percent.rounded() ? String(Int(percent)) : String(percent)
        return "variant \(label), \(weights[index]) of \(total) shares (\(percentText)%)"
    }

    /// Launch first, then the slots by name, then the inbox.
    static func placementOrder(_ placements: [Message.Placement]) -> [Message.Placement] {
        let present = Set(placements)
        let slots = present.compactMap { placement -> String? in
            if case .slot(let name) = placement { return name }
            return nil
        }.sorted()
        return ([.launch] + slots.map { .slot($0) } + [.inbox]).filter { present.contains($0) }
    }

    static func heading(_ placement: Message.Placement) -> String {
        switch placement {
        case .launch: "At launch"
        case .inbox: "Inbox"
        case .slot(let name): "Slot " + name
        }
    }

    /// The OS version the simulator's form offers for a platform: its current release (``OSReleases``)
    /// for Apple's and Windows, this machine's for Linux.
    static func defaultOSVersion(for platform: Platform) -> String {
        if let current = OSReleases.current(on: platform) { return current.description }
        let system = ProcessInfo.processInfo.operatingSystemVersion
        return "\(system.majorVersion).\(system.minorVersion).\(system.patchVersion)"
    }

    /// The platform the simulator's form starts on: iOS, whatever this machine is (an author on Linux
    /// or a Mac is asking about an app's installs).
    static let defaultPlatform = Platform.iOS

    static func targeting(_ message: Message) -> String {
        var parts = ["apps: " + message.bundleIDs.joined(separator: ", ")]
        if let versions = message.appVersions {
            parts.append("app " + versions.map(\.description).joined(separator: ", "))
        }
        if let range = message.appVersionRange { parts.append("app " + range.source) }
        if let versions = message.osVersions {
            parts.append("OS " + versions.map(\.description).joined(separator: ", "))
        }
        if let range = message.osVersionRange { parts.append("OS " + range.source) }
        if let platforms = message.platforms { parts.append(platforms.map(\.rawValue).joined(separator: "/")) }
        if let locales = message.locales {
            parts.append("languages " + locales.map(\.original).joined(separator: ", "))
        }
        if let start = message.startDate { parts.append("from " + dateWords(start)) }
        if let end = message.endDate { parts.append("until " + dateWords(end)) }
        if message.rollout < 100 { parts.append("rollout \(message.rollout)%") }
        if let range = message.whatsNew { parts.append("what's new " + range.source) }
        if message.maxViews != 1 { parts.append("\(message.maxViews) views") }
        if message.priority != 0 { parts.append("priority \(message.priority)") }
        if case .event(let name) = message.trigger { parts.append("event " + name) }
        if !message.attributes.isEmpty {
            parts.append(
                "attributes "
                    + message.attributes.map { "\($0.key)=" + $0.values.map(\.description).joined(separator: "|") }
                    .joined(separator: ", "))
        }
        if let ids = message.installIDs { parts.append("\(ids.count) test installs") }
        if let launches = message.minLaunches { parts.append("from launch \(launches)") }
        if let days = message.minDaysSinceInstall { parts.append("\(days) days after install") }
        if let days = message.minDaysSinceUpdate { parts.append("\(days) days after update") }
        if let schedule = message.rolloutSchedule {
            parts.append(
                "rollout "
                    + schedule.map { "\(AttributeValue.number($0.percent))% from \(dateWords($0.at))" }
                    .joined(separator: ", "))
        }
        if !message.variants.isEmpty {
            parts.append("variants " + message.variants.map { String($0.weight) }.joined(separator: ":"))
        }
        if let conversion = message.conversion {
            parts.append("conversion \(conversion.event) within \(conversion.withinHours) h")
        }
        return parts.joined(separator: " · ")
    }

    /// A moment as the console's date fields show one (and the simulator's answers, `ExplainWords.dateWords`):
    /// the day alone at midnight UTC (`2026-11-30`), else the day and time in UTC (`2026-11-30 10:00 UTC`,
    /// seconds when there are any, no fraction).
    static func dateWords(_ date: Date) -> String {
        let text = RFC3339.format(date)
        let day = text.prefix(10)
        let (minutes, seconds) = (text.dropFirst(11).prefix(5), text.dropFirst(17).prefix(2))
        if minutes == "00:00" && seconds == "00" { return String(day) }
        return "\(day) \(minutes)\(seconds == "00" ? "" : ":" + seconds) UTC"
    }

    static func escape(_ text: String) -> String { HTMLText.escaped(text) }
}

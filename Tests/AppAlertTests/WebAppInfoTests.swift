import AppAlert
import Foundation
import TestSupport
import Testing

/// Node, which runs the web content scripts: on `PATH`, or in /usr/bin or /usr/local/bin.
let nodeExecutable: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
    return (path + ["/usr/bin", "/usr/local/bin"]).map { URL(fileURLWithPath: $0).appendingPathComponent("node") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

struct NodeProblem: Error, CustomStringConvertible {
    var description: String
}

/// Runs JavaScript in Node and returns what it printed. Without Node, or when the script fails, the
/// error says so: a test of a script never passes without running it.
func runNode(_ source: String) throws -> String {
    guard let nodeExecutable else {
        throw NodeProblem(
            description: "Node is not installed (no node on PATH, in /usr/bin or /usr/local/bin); "
                + "the web content scripts are tested by running them in Node: install it (apt-get install nodejs)")
    }
    let result = try ProcessResult.run(nodeExecutable, ["-"], standardInput: Data(source.utf8))
    guard result.status == 0 else {
        throw NodeProblem(description: "node exited with status \(result.status): \(result.standardError)")
    }
    return result.standardOutput
}

/// Where a page is, as `window.location` gives it (`scheme` is its `protocol`, with the colon), and
/// whether it is the top frame (`window.top === window`).
struct PageLocation: Sendable {
    var scheme: String
    var hostname = ""
    var port = ""
    var isTopFrame = true

    /// What `WebMessageRouter.OriginPolicy.allows` is given for this page (WebKit's port is 0 for the default).
    func allowed(by policy: WebMessageRouter.OriginPolicy) -> Bool {
        policy.allows(
            isMainFrame: isTopFrame, scheme: String(scheme.dropLast()), host: hostname, port: Int(port) ?? 0)
    }
}

/// Runs a user script in Node as a page at `location` would: in a fresh context whose global object
/// is `window`, with `location` and `top` (another window in an iframe) set; then tries to replace
/// the object and one of its values. Returns what the page sees: `defined`, `info` (the object, or
/// null), its property's `writable`, `configurable` and `enumerable`, `frozen`, and `added`, every
/// global the script added.
func runInPage(_ script: String, at location: PageLocation, globalName: String = "AppInfo") throws -> JSONObject {
    let input: JSONValue = [
        "script": .string(script), "globalName": .string(globalName), "isTopFrame": .bool(location.isTopFrame),
        "location": [
            "protocol": .string(location.scheme), "hostname": .string(location.hostname),
            "port": .string(location.port),
        ],
    ]
    let harness = """
        "use strict";
        const vm = require("node:vm");
        const input = \(input.jsonText(scriptSafe: true));
        const context = vm.createContext({});
        const window = vm.runInContext("globalThis.window = globalThis", context);
        window.location = input.location;
        window.top = input.isTopFrame ? window : vm.runInContext("({})", context);
        const before = Object.getOwnPropertyNames(window);
        vm.runInContext(input.script, context, { filename: "user-script.js" });
        const added = Object.getOwnPropertyNames(window).filter((name) => !before.includes(name));
        const name = input.globalName;
        const property = Object.getOwnPropertyDescriptor(window, name);
        window.changeName = name;
        vm.runInContext(
            "try { window[changeName].version = 'changed'; } catch (e) {}" +
            "try { window[changeName] = { version: 'replaced' }; } catch (e) {}" +
            "delete window.changeName;", context);
        console.log(JSON.stringify({
            defined: property !== undefined,
            info: property === undefined ? null : window[name],
            writable: property !== undefined && property.writable,
            configurable: property !== undefined && property.configurable,
            enumerable: property !== undefined && property.enumerable,
            frozen: property !== undefined && Object.isFrozen(window[name]),
            added: added,
        }));
        """
    let output = try runNode(harness)
    guard case .object(let result) = try JSONParser().parse(output.trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw NodeProblem(description: "the page harness printed \(output)") }
    return result
}

struct WebAppInfoTests {
    static let hostile: [String] = [
        "</script><script>alert(1)</script>",
        "</SCRIPT >",
        "\"; alert(1); //",
        "'); alert(1); ('",
        "line\u{2028}separator\u{2029}paragraph",
        "back\\slash \\u0041",
        "new\nline\rreturn\ttab",
        "<!-- comment -->",
        "]]> <![CDATA[",
        "${process.exit(1)} `template`",
        "nul\u{0}byte del\u{7F}",
        "émoji 😀 café",
        "& &amp; <b>bold</b>",
    ]

    func info(_ text: String) -> WebAppInfo {
        var info = WebAppInfo(
            name: text, version: "1.2.3", build: text, bundleID: "com.example.App", platform: "ios", osVersion: "17.2",
            locale: text)
        info.extra = ["note": text]
        return info
    }

    static let helpPages = WebMessageRouter.OriginPolicy(allowedOrigins: ["https://help.example.com"])
    static let helpPage = PageLocation(scheme: "https:", hostname: "help.example.com")

    @Test(arguments: hostile)
    func noStringCanBreakOutOfTheScript(text: String) throws {
        let script = try info(text).javaScript(origins: Self.helpPages)
        #expect(!script.lowercased().contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!script.unicodeScalars.contains("\u{2028}") && !script.unicodeScalars.contains("\u{2029}"))
        let literal = script.components(separatedBy: "Object.freeze(")[1].components(separatedBy: ");\n")[0]
        #expect(!literal.contains("'") && !literal.contains("<") && !literal.contains(">"))
        // The literal is JSON that reads back to the same values.
        #expect(try JSONParser().parse(literal) == info(text).jsonValue)
    }

    @Test(arguments: hostile)
    func aRealJavaScriptEngineReadsBackTheSameValuesAndCannotChangeThem(text: String) throws {
        let page = try runInPage(info(text).javaScript(origins: Self.helpPages), at: Self.helpPage)
        #expect(page["info"] == info(text).jsonValue)
        #expect(page["frozen"] == .bool(true))
        #expect(page["writable"] == .bool(false))
        #expect(page["configurable"] == .bool(false))
        #expect(page["enumerable"] == .bool(false))
        #expect(page["added"] == ["AppInfo"])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var page: PageLocation
        var allowsLocalFiles = true
        var allowed: Bool

        init(_ name: String, _ page: PageLocation, allowsLocalFiles: Bool = true, allowed: Bool) {
            testDescription = name
            self.page = page
            self.allowsLocalFiles = allowsLocalFiles
            self.allowed = allowed
        }
    }

    static let pages: [Case] = [
        Case("the allowed origin", PageLocation(scheme: "https:", hostname: "help.example.com"), allowed: true),
        Case(
            "its default port written out", PageLocation(scheme: "https:", hostname: "help.example.com", port: "443"),
            allowed: true),
        Case(
            "the allowed host on another port",
            PageLocation(scheme: "https:", hostname: "help.example.com", port: "8443"), allowed: false),
        Case(
            "an allowed origin with its port", PageLocation(scheme: "http:", hostname: "localhost", port: "8080"),
            allowed: true),
        Case(
            "that host on the default port", PageLocation(scheme: "http:", hostname: "localhost"), allowed: false),
        Case("http instead of https", PageLocation(scheme: "http:", hostname: "help.example.com"), allowed: false),
        Case(
            "http on https's port", PageLocation(scheme: "http:", hostname: "help.example.com", port: "443"),
            allowed: false),
        Case("another host", PageLocation(scheme: "https:", hostname: "evil.example.net"), allowed: false),
        Case(
            "a host ending with an allowed host", PageLocation(scheme: "https:", hostname: "evilhelp.example.com"),
            allowed: false),
        Case(
            "a subdomain of an allowed host", PageLocation(scheme: "https:", hostname: "x.help.example.com"),
            allowed: false),
        Case(
            "a host starting with an allowed host",
            PageLocation(scheme: "https:", hostname: "help.example.com.evil.net"), allowed: false),
        Case("uppercase on the page", PageLocation(scheme: "HTTPS:", hostname: "Help.EXAMPLE.com"), allowed: true),
        Case(
            "uppercase and a default port in the policy", PageLocation(scheme: "https:", hostname: "docs.example.com"),
            allowed: true),
        Case("an IPv6 host", PageLocation(scheme: "https:", hostname: "[2001:db8::1]"), allowed: true),
        Case(
            "an IPv6 host with its default port",
            PageLocation(scheme: "https:", hostname: "[2001:db8::1]", port: "443"),
            allowed: true),
        Case("another IPv6 host", PageLocation(scheme: "https:", hostname: "[2001:db8::2]"), allowed: false),
        Case(
            "an IPv6 host with a port", PageLocation(scheme: "http:", hostname: "[::1]", port: "8080"), allowed: true),
        Case("a local file", PageLocation(scheme: "file:"), allowed: true),
        Case("a local file when refused", PageLocation(scheme: "file:"), allowsLocalFiles: false, allowed: false),
        Case(
            "the allowed origin in an iframe",
            PageLocation(scheme: "https:", hostname: "help.example.com", isTopFrame: false), allowed: false),
        Case("a local file in an iframe", PageLocation(scheme: "file:", isTopFrame: false), allowed: false),
        Case("an https page without a host", PageLocation(scheme: "https:"), allowed: false),
        Case("about:blank", PageLocation(scheme: "about:"), allowed: false),
        Case("a data: URL", PageLocation(scheme: "data:"), allowed: false),
    ]

    @Test(arguments: pages)
    func theObjectExistsOnlyInTheTopFrameOfPagesThePolicyAllows(case: Case) throws {
        let policy = WebMessageRouter.OriginPolicy(
            allowedOrigins: [
                "https://help.example.com", "http://localhost:8080/", "HTTPS://Docs.Example.COM:443",
                "https://[2001:DB8::1]", "http://[::1]:8080",
            ], allowsLocalFiles: `case`.allowsLocalFiles)
        let page = try runInPage(info("x").javaScript(origins: policy), at: `case`.page)
        #expect(page["defined"] == .bool(`case`.allowed))
        #expect(page["info"] == (`case`.allowed ? info("x").jsonValue : .null))
        #expect(page["added"] == (`case`.allowed ? ["AppInfo"] : []))
        // The script decides as the policy does for the messages.
        #expect(`case`.page.allowed(by: policy) == `case`.allowed)
    }

    @Test(arguments: hostile)
    func anOriginInThePolicyCannotBreakOutOfTheScript(text: String) throws {
        let policy = WebMessageRouter.OriginPolicy(allowedOrigins: ["https://\(text)"], allowsLocalFiles: false)
        let script = try info("x").javaScript(origins: policy)
        #expect(!script.lowercased().contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!script.unicodeScalars.contains("\u{2028}") && !script.unicodeScalars.contains("\u{2029}"))
        let literal = script.components(separatedBy: "var allowedOrigins = ")[1].components(separatedBy: ";\n")[0]
        #expect(!literal.contains("'") && !literal.contains("<") && !literal.contains(">"))
        let origin = try #require(policy.allowedOrigins.first)
        #expect(try JSONParser().parse(literal) == [.string(origin)])
        // The origin reads back whole: the page it names gets the object, another page nothing, and
        // neither gets any other global.
        let named = try runInPage(script, at: PageLocation(scheme: "https:", hostname: String(origin.dropFirst(8))))
        #expect(named["added"] == ["AppInfo"])
        #expect(named["info"] == info("x").jsonValue)
        let other = try runInPage(script, at: Self.helpPage)
        #expect(other["added"] == [])
    }

    @Test(arguments: ["Planet", "appInfo_2", "$app"])
    func theObjectTakesTheGlobalName(name: String) throws {
        let page = try runInPage(
            info("x").javaScript(globalName: name, origins: Self.helpPages), at: Self.helpPage, globalName: name)
        #expect(page["added"] == [.string(name)])
        #expect(page["info"] == info("x").jsonValue)
    }

    @Test(arguments: ["", "2fast", "a-b", "a.b", "x\"y", "window[0]", "a b"])
    func anythingElseIsRefused(name: String) {
        #expect(throws: WebAppInfo.InvalidGlobalName.self) {
            try info("x").javaScript(globalName: name, origins: Self.helpPages)
        }
    }

    @Test
    func theInfoComesFromTheApp() {
        let app = AppInfo(
            bundleID: "com.example.App", appVersion: "2.0", build: "41", platform: .iOS, osVersion: Version("17.2"),
            preferredLanguages: [LanguageTag("de-CH")])
        let value = WebAppInfo(app: app, name: "Example").jsonValue
        #expect(
            value.jsonText()
                == #"{"name":"Example","version":"2.0","build":"41","bundleId":"com.example.App","platform":"ios","osVersion":"17.2","locale":"de-CH"}"#
        )
    }
}

struct WebMessageRouterTests {
    let info = WebAppInfo(name: "Example", version: "2.0", bundleID: "com.example.App", platform: "ios")

    @Test
    func answersGetAppInfo() async {
        let router = WebMessageRouter(appInfo: info)
        let reply = await router.route(["action": "getAppInfo"])
        #expect(reply == ["ok": true, "result": info.jsonValue])
    }

    @Test
    func routesToRegisteredHandlersWithTheBody() async {
        let router = WebMessageRouter()
        await router.register("echo") { body in ["echo": body] }
        #expect(
            await router.route(text: #"{"action": "echo", "body": [1, "two"]}"#) == [
                "ok": true, "result": ["echo": [1, "two"]],
            ])
    }

    @Test(arguments: [
        (#"{"action": "nope"}"#, "unknown action \"nope\""),
        (#"{"body": 1}"#, "a message must be an object with an \"action\" string"),
        (#"[1, 2]"#, "a message must be an object"),
        (#"{"action": 5}"#, "a message must be an object"),
        ("not json", "the message is not JSON"),
    ])
    func badMessagesGetErrorRepliesNotCrashes(text: String, reason: String) async {
        let reply = await WebMessageRouter(appInfo: info).route(text: text)
        guard case .object(let object) = reply, case .string(let error)? = object["error"] else {
            Issue.record("unexpected reply \(reply)")
            return
        }
        #expect(object["ok"] == .bool(false))
        #expect(error.contains(reason), "\(error)")
    }

    @Test
    func aThrowingHandlerIsAnErrorReply() async {
        struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
        let router = WebMessageRouter()
        await router.register("fail") { _ in throw Broken() }
        #expect(await router.route(["action": "fail"]) == ["ok": false, "error": "broken"])
    }
}

struct WebOriginPolicyTests {
    static let policy = WebMessageRouter.OriginPolicy(allowedOrigins: [
        "https://help.example.com", "http://localhost:8080/",
    ])

    @Test(arguments: [
        ("the allowed origin", true, "https", "help.example.com", 0, true),
        ("its default port written out", true, "https", "help.example.com", 443, true),
        ("case does not matter", true, "HTTPS", "Help.Example.com", 0, true),
        ("a local file", true, "file", "", 0, true),
        ("an allowed origin with its port", true, "http", "localhost", 8080, true),
        ("another port", true, "http", "localhost", 8081, false),
        ("http instead of https", true, "http", "help.example.com", 0, false),
        ("another host", true, "https", "evil.example.net", 0, false),
        ("a subdomain of an allowed host", true, "https", "x.help.example.com", 0, false),
        ("an iframe of the allowed origin", false, "https", "help.example.com", 0, false),
        ("an iframe with a local file", false, "file", "", 0, false),
        ("no host", true, "https", "", 0, false),
    ])
    func onlyTheMainFrameOfAnAllowedOriginIsAnswered(
        name: String, isMainFrame: Bool, scheme: String, host: String, port: Int, allowed: Bool
    ) {
        #expect(
            Self.policy.allows(isMainFrame: isMainFrame, scheme: scheme, host: host, port: port) == allowed, "\(name)")
    }

    @Test
    func originsSetLaterAreNormalizedToo() {
        var policy = WebMessageRouter.OriginPolicy()
        policy.allowedOrigins = ["HTTPS://Help.Example.com:443/"]
        #expect(policy.allowedOrigins == ["https://help.example.com"])
        #expect(policy.allows(isMainFrame: true, scheme: "https", host: "help.example.com", port: 0))
    }

    @Test
    func localFilesCanBeRefused() {
        let policy = WebMessageRouter.OriginPolicy(allowsLocalFiles: false)
        #expect(!policy.allows(isMainFrame: true, scheme: "file", host: "", port: 0))
    }
}

import AppAlert
import Foundation
import Testing

let nodeExecutable: URL? = ["/usr/bin/node", "/usr/local/bin/node"].map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// Runs JavaScript in Node and returns what it printed.
func runNode(_ source: String) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("appalert-\(UUID().uuidString).js")
    try Data(source.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = nodeExecutable
    process.arguments = [file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
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

    @Test(arguments: hostile)
    func noStringCanBreakOutOfTheScript(text: String) throws {
        let script = try info(text).javaScript()
        #expect(!script.lowercased().contains("</script"))
        #expect(!script.contains("<!--"))
        #expect(!script.unicodeScalars.contains("\u{2028}") && !script.unicodeScalars.contains("\u{2029}"))
        let literal = script.components(separatedBy: "Object.freeze(")[1].components(separatedBy: ");\n")[0]
        #expect(!literal.contains("'") && !literal.contains("<") && !literal.contains(">"))
        // The literal is JSON that reads back to the same values.
        #expect(try JSONParser().parse(literal) == info(text).jsonValue)
    }

    @Test(.enabled(if: nodeExecutable != nil, "Node is not installed"), arguments: hostile)
    func aRealJavaScriptEngineReadsBackTheSameValuesAndCannotChangeThem(text: String) throws {
        let script = try info(text).javaScript()
        let output = try runNode(
            """
            var window = globalThis;
            \(script)
            var changed = "no";
            try { "use strict"; window.AppInfo.version = "9"; } catch (e) { changed = "threw"; }
            try { window.AppInfo = {}; } catch (e) { changed += "+threw"; }
            console.log(JSON.stringify({info: window.AppInfo, frozen: Object.isFrozen(window.AppInfo), version: window.AppInfo.version}));
            """)
        guard case .object(let result) = try JSONParser().parse(output.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            Issue.record("node printed \(output)")
            return
        }
        #expect(result["info"] == info(text).jsonValue)
        #expect(result["frozen"] == .bool(true))
        #expect(result["version"] == .string("1.2.3"))
    }

    @Test(arguments: ["AppInfo", "appInfo_2", "$app"])
    func theGlobalNameIsAnIdentifier(name: String) throws {
        #expect(try info("x").javaScript(globalName: name).contains("Object.defineProperty(window, \"\(name)\""))
    }

    @Test(arguments: ["", "2fast", "a-b", "a.b", "x\"y", "window[0]", "a b"])
    func anythingElseIsRefused(name: String) {
        #expect(throws: InvalidGlobalName.self) { try info("x").javaScript(globalName: name) }
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
    static let policy = WebOriginPolicy(allowedOrigins: ["https://help.example.com", "http://localhost:8080/"])

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
    func localFilesCanBeRefused() {
        let policy = WebOriginPolicy(allowsLocalFiles: false)
        #expect(!policy.allows(isMainFrame: true, scheme: "file", host: "", port: 0))
    }
}

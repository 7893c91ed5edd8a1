import Foundation

/// The app's info for web content in a web view: a JavaScript source to inject as a user script,
/// which defines a frozen, read-only object (by default `window.AppInfo`) in the top frame of the
/// pages a ``WebMessageRouter/OriginPolicy`` allows, and nowhere else.
///
/// Every string — the values and the allowed origins — is written as a JSON string literal with
/// `<`, `>`, `&`, `'`, U+2028 and U+2029 escaped as well, so no string, whatever it holds, can close
/// the script, break a quote or start a new statement.
public struct WebAppInfo: Sendable, Hashable {
    public var name: String
    public var version: String
    public var build: String?
    public var bundleID: String
    public var platform: String
    public var osVersion: String?
    public var locale: String?
    /// Extra values, written after the standard ones in key order.
    public var extra: [String: String] = [:]

    public init(
        name: String, version: String, build: String? = nil, bundleID: String, platform: String,
        osVersion: String? = nil,
        locale: String? = nil
    ) {
        self.name = name
        self.version = version
        self.build = build
        self.bundleID = bundleID
        self.platform = platform
        self.osVersion = osVersion
        self.locale = locale
    }

    /// The info of `app`; `name` is the app's display name.
    public init(app: AppInfo, name: String) {
        self.init(
            name: name, version: app.appVersion, build: app.build, bundleID: app.bundleID,
            platform: app.platform.rawValue,
            osVersion: app.osVersion?.description, locale: app.preferredLanguages.first?.original)
    }

    /// The values as a JSON object.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object.set("name", .string(name))
        object.set("version", .string(version))
        object.set("build", build.map { .string($0) } ?? .null)
        object.set("bundleId", .string(bundleID))
        object.set("platform", .string(platform))
        object.set("osVersion", osVersion.map { .string($0) } ?? .null)
        object.set("locale", locale.map { .string($0) } ?? .null)
        for key in extra.keys.sorted() { object.set(key, .string(extra[key]!)) }
        return .object(object)
    }

    /// JavaScript that defines `window[globalName]` as a frozen object holding the values, only on
    /// pages `origins` allows: the script compares the page's scheme, host and port (without case,
    /// the scheme's default port left out) with the allowed origins, accepts `file:` pages when
    /// `origins.allowsLocalFiles`, and does nothing in a frame that is not the top one. Anywhere else
    /// the object does not exist.
    ///
    /// The name must be a plain JavaScript identifier (letters, digits, `_`, `$`, not starting with a
    /// digit); anything else is refused.
    public func javaScript(
        globalName: String = "AppInfo", origins: WebMessageRouter.OriginPolicy
    ) throws(WebAppInfo.InvalidGlobalName) -> String {
        guard Self.isIdentifier(globalName) else { throw WebAppInfo.InvalidGlobalName(name: globalName) }
        let literal = ScriptSafeJSON.serialize(jsonValue)
        let allowed = ScriptSafeJSON.serialize(.array(origins.allowedOrigins.sorted().map { .string($0) }))
        var ports = JSONObject()
        for scheme in WebMessageRouter.OriginPolicy.defaultPorts.keys.sorted() {
            ports.set(scheme + ":", .string(String(WebMessageRouter.OriginPolicy.defaultPorts[scheme]!)))
        }
        let defaultPorts = ScriptSafeJSON.serialize(.object(ports))
        // `location.origin` is "null" for file: pages in some engines: the parts are read instead.
        // Keys of `defaultPorts` end with ":", so no scheme can reach a property of Object.prototype.
        return """
            (function () {
              "use strict";
              var page = window.location;
              if (window.top !== window || !page) { return; }
              var allowedOrigins = \(allowed);
              var allowsLocalFiles = \(origins.allowsLocalFiles);
              var defaultPorts = \(defaultPorts);
              var scheme = String(page.protocol).toLowerCase();
              if (scheme === "file:") {
                if (!allowsLocalFiles) { return; }
              } else {
                var host = String(page.hostname).toLowerCase();
                var port = String(page.port);
                if (port === defaultPorts[scheme]) { port = ""; }
                var origin = scheme + "//" + host + (port === "" ? "" : ":" + port);
                if (host === "" || allowedOrigins.indexOf(origin) < 0) { return; }
              }
              var info = Object.freeze(\(literal));
              Object.defineProperty(window, "\(globalName)", { value: info, writable: false, configurable: false, enumerable: false });
            })();
            """
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
        }
    }
}

extension WebAppInfo {
    public struct InvalidGlobalName: Error, Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var description: String { "\"\(name)\" is not a JavaScript identifier" }
    }
}

/// JSON that is also safe inside an HTML `<script>` and in JavaScript source.
package enum ScriptSafeJSON {
    package static func serialize(_ value: JSONValue) -> String {
        value.jsonText(scriptSafe: true)
    }
}

/// Routes messages a web page posts to the app (`webkit.messageHandlers.NAME.postMessage(...)`) to
/// handlers by name, and answers each with a JSON value: the pure part of a script-message handler,
/// testable anywhere.
///
/// A message is an object `{ "action": "getAppInfo", "body": … }` (or its JSON text). Replies are
/// `{ "ok": true, "result": … }` or `{ "ok": false, "error": "…" }` — an unknown action or a bad
/// message is an error reply, never a crash.
public actor WebMessageRouter {
    public typealias Handler = @Sendable (JSONValue) async throws -> JSONValue

    private var handlers: [String: Handler] = [:]

    public init() {}

    /// A router that answers `getAppInfo` with `info`.
    public init(appInfo info: WebAppInfo) {
        handlers["getAppInfo"] = { _ in info.jsonValue }
    }

    public func register(_ action: String, _ handler: @escaping Handler) {
        handlers[action] = handler
    }

    /// Answers one message: a `JSONValue`, or the page's JSON text.
    public func route(_ message: JSONValue) async -> JSONValue {
        guard case .object(let object) = message, case .string(let action)? = object["action"] else {
            return Self.failure("a message must be an object with an \"action\" string")
        }
        guard let handler = handlers[action] else { return Self.failure("unknown action \"\(action)\"") }
        do {
            return ["ok": true, "result": try await handler(object["body"] ?? .null)]
        } catch {
            return Self.failure("\(error)")
        }
    }

    public func route(text: String) async -> JSONValue {
        do {
            return await route(try JSONParser().parse(text))
        } catch {
            return Self.failure("the message is not JSON: \(error.reason)")
        }
    }

    static func failure(_ reason: String) -> JSONValue {
        ["ok": false, "error": .string(reason)]
    }
}

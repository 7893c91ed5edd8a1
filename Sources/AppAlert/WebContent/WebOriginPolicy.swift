import Foundation

extension WebMessageRouter {
    /// Which pages a web view bridge answers: the origins (scheme, host and port) allowed to ask for the
    /// app's info, and whether local files may. Only the main frame is ever answered; an iframe, from
    /// another origin or not, gets nothing.
    ///
    /// ```swift
    /// let policy = WebMessageRouter.OriginPolicy(allowedOrigins: ["https://help.example.com"])
    /// ```
    public struct OriginPolicy: Sendable, Hashable {
        /// Origins as `scheme://host` or `scheme://host:port`, compared without case; the default port of
        /// the scheme may be left out. Origins set later are normalized as those given to the initializer.
        public var allowedOrigins: Set<String> {
            didSet { allowedOrigins = Set(allowedOrigins.map(Self.normalized)) }
        }
        /// Pages loaded from `file:` URLs (the app's bundled HTML). The default is `true`.
        public var allowsLocalFiles: Bool

        public init(allowedOrigins: Set<String> = [], allowsLocalFiles: Bool = true) {
            self.allowedOrigins = Set(allowedOrigins.map(Self.normalized))
            self.allowsLocalFiles = allowsLocalFiles
        }

        /// Whether a message from a frame of this origin is answered (WebKit's `WKSecurityOrigin` gives
        /// `protocol`, `host` and `port`, 0 for the scheme's default).
        public func allows(isMainFrame: Bool, scheme: String, host: String, port: Int) -> Bool {
            guard isMainFrame else { return false }
            let scheme = scheme.lowercased()
            if scheme == "file" { return allowsLocalFiles }
            guard !host.isEmpty else { return false }
            let defaultPort = Self.defaultPorts[scheme]
            let origin =
                port == 0 || port == defaultPort
                ? "\(scheme)://\(host.lowercased())" : "\(scheme)://\(host.lowercased()):\(port)"
            return allowedOrigins.contains(origin)
        }

        static let defaultPorts = ["http": 80, "https": 443]

        static func normalized(_ origin: String) -> String {
            var text = origin.lowercased()
            while text.hasSuffix("/") { text.removeLast() }
            for (scheme, port) in defaultPorts where text.hasPrefix(scheme + "://") && text.hasSuffix(":\(port)") {
                text.removeLast(":\(port)".count)
            }
            return text
        }
    }
}

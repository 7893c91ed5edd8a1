#if canImport(WebKit)
    import AppAlert
    import Foundation
    import WebKit

    /// Hands the app's info to the pages of a `WKWebView` and answers messages they post:
    /// a user script defining `window.AppInfo` (read-only) at document start, and a script message
    /// handler with replies that routes to a ``WebMessageRouter``.
    ///
    /// Only the main frame of an origin the ``WebMessageRouter/OriginPolicy`` allows (by default, local files only)
    /// gets `window.AppInfo` and answers; on any other page, and in every iframe, the object does not
    /// exist and messages are refused. Attaching twice to the same controller does nothing the
    /// second time.
    ///
    /// ```swift
    /// let bridge = try WebContentBridge(
    ///     info: WebAppInfo(app: app, name: "Notes"),
    ///     origins: WebMessageRouter.OriginPolicy(allowedOrigins: ["https://help.example.com"]))
    /// bridge.attach(to: webView.configuration.userContentController)
    /// // in the page: const reply = await webkit.messageHandlers.appAlert.postMessage({ action: "getAppInfo" })
    /// …
    /// bridge.detach()   // on teardown: the controller otherwise keeps the handler
    /// ```
    @MainActor
    public final class WebContentBridge {
        public let handlerName: String
        public let router: WebMessageRouter
        public let origins: WebMessageRouter.OriginPolicy
        private let script: String
        private weak var controller: WKUserContentController?

        public init(
            info: WebAppInfo, router: WebMessageRouter? = nil,
            origins: WebMessageRouter.OriginPolicy = WebMessageRouter.OriginPolicy(),
            handlerName: String = "appAlert", globalName: String = "AppInfo"
        ) throws {
            self.script = try info.javaScript(globalName: globalName, origins: origins)
            self.router = router ?? WebMessageRouter(appInfo: info)
            self.origins = origins
            self.handlerName = handlerName
        }

        /// Adds the user script and the message handler. WebKit raises an Objective-C exception when a
        /// handler name is added twice, so an earlier handler of this name (this bridge's or another's)
        /// is removed first, and the script is added only when the controller does not have it.
        public func attach(to controller: WKUserContentController) {
            if self.controller === controller { return }
            detach()
            if !controller.userScripts.contains(where: { $0.source == script }) {
                controller.addUserScript(
                    WKUserScript(source: script, injectionTime: .atDocumentStart, forMainFrameOnly: true))
            }
            controller.removeScriptMessageHandler(forName: handlerName, contentWorld: .page)
            controller.addScriptMessageHandler(
                ReplyHandler(router: router, origins: origins), contentWorld: .page, name: handlerName)
            self.controller = controller
        }

        /// Removes the message handler (the user script stays with the controller's other scripts).
        public func detach() {
            controller?.removeScriptMessageHandler(forName: handlerName, contentWorld: .page)
            controller = nil
        }
    }

    @MainActor
    private final class ReplyHandler: NSObject, WKScriptMessageHandlerWithReply {
        let router: WebMessageRouter
        let origins: WebMessageRouter.OriginPolicy

        init(router: WebMessageRouter, origins: WebMessageRouter.OriginPolicy) {
            self.router = router
            self.origins = origins
        }

        func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
            replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
        ) {
            let frame = message.frameInfo
            let origin = frame.securityOrigin
            guard
                origins.allows(
                    isMainFrame: frame.isMainFrame, scheme: origin.protocol, host: origin.host, port: origin.port)
            else {
                replyHandler(nil, "this frame's origin may not use the app bridge")
                return
            }
            let text: String?
            if let string = message.body as? String {
                text = string
            } else if JSONSerialization.isValidJSONObject(message.body),
                let data = try? JSONSerialization.data(withJSONObject: message.body)
            {
                text = String(decoding: data, as: UTF8.self)
            } else {
                text = nil
            }
            let router = router
            Task { @MainActor in
                let reply = await router.route(text: text ?? "null")
                let object = try? JSONSerialization.jsonObject(
                    with: Data(reply.jsonText().utf8), options: [.fragmentsAllowed])
                replyHandler(object, nil)
            }
        }
    }
#endif

#if canImport(WebKit)
    import AppAlert
    import Foundation
    import WebKit

    /// Hands the app's info to the pages of a `WKWebView` and answers messages they post:
    /// a user script defining `window.AppInfo` (read-only) at document start, and a script message
    /// handler with replies that routes to a ``WebMessageRouter``.
    ///
    /// ```swift
    /// let bridge = try WebContentBridge(info: WebAppInfo(app: app, name: "Notes"))
    /// bridge.attach(to: webView.configuration.userContentController)
    /// // in the page: const reply = await webkit.messageHandlers.appAlert.postMessage({ action: "getAppInfo" })
    /// …
    /// bridge.detach()   // on teardown: the controller otherwise keeps the handler
    /// ```
    @MainActor
    public final class WebContentBridge {
        public let handlerName: String
        public let router: WebMessageRouter
        private let script: String
        private weak var controller: WKUserContentController?

        public init(
            info: WebAppInfo, router: WebMessageRouter? = nil, handlerName: String = "appAlert",
            globalName: String = "AppInfo"
        ) throws {
            self.script = try info.javaScript(globalName: globalName)
            self.router = router ?? WebMessageRouter(appInfo: info)
            self.handlerName = handlerName
        }

        public func attach(to controller: WKUserContentController) {
            controller.addUserScript(
                WKUserScript(source: script, injectionTime: .atDocumentStart, forMainFrameOnly: true))
            controller.addScriptMessageHandler(ReplyHandler(router: router), contentWorld: .page, name: handlerName)
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

        init(router: WebMessageRouter) {
            self.router = router
        }

        func userContentController(
            _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
            replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
        ) {
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
                    with: Data(reply.serialized().utf8), options: [.fragmentsAllowed])
                replyHandler(object, nil)
            }
        }
    }
#endif

// The WebKit API that AppAlertUI calls, declared as Apple's documentation declares it (pages under
// developer.apple.com/documentation/webkit, 2026, read through the project's `search` tool), for
// scripts/apple-typecheck. Declarations only. WebKit's classes are `@MainActor`; their Objective-C
// superclass NSObject is left out where AppAlertUI calls nothing of it. Table rows:
// scripts/availability/apple-apis.tsv.

// The framework re-exports Foundation: so does the stub.
@_exported import Foundation

/// webkit/wkuserscriptinjectiontime: `enum WKUserScriptInjectionTime` (`atDocumentStart`, `atDocumentEnd`).
public enum WKUserScriptInjectionTime: Int, Sendable {
    case atDocumentStart = 0
    case atDocumentEnd = 1
}

/// webkit/wkuserscript: `@MainActor class WKUserScript : NSObject`.
@MainActor
open class WKUserScript {
    /// webkit/wkuserscript/init(source:injectiontime:formainframeonly:): `init(source: String,
    /// injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool)`.
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.source = source
    }
    /// webkit/wkuserscript/source: `var source: String { get }`.
    public let source: String
}

/// webkit/wkcontentworld (iOS 14, macOS 11): `@MainActor class WKContentWorld : NSObject`; `class var page: WKContentWorld { get }`.
@MainActor
open class WKContentWorld {
    open class var page: WKContentWorld { WKContentWorld() }
}

/// webkit/wksecurityorigin: `@MainActor class WKSecurityOrigin : NSObject`.
@MainActor
open class WKSecurityOrigin {
    /// webkit/wksecurityorigin/protocol: `var ``protocol``: String { get }`.
    open var `protocol`: String { "" }
    /// webkit/wksecurityorigin/host: `var host: String { get }`.
    open var host: String { "" }
    /// webkit/wksecurityorigin/port: `var port: Int { get }`.
    open var port: Int { 0 }
}

/// webkit/wkframeinfo: `@MainActor class WKFrameInfo : NSObject`.
@MainActor
open class WKFrameInfo {
    /// webkit/wkframeinfo/ismainframe: `var isMainFrame: Bool { get }`.
    open var isMainFrame: Bool { true }
    /// webkit/wkframeinfo/securityorigin: `var securityOrigin: WKSecurityOrigin { get }`.
    open var securityOrigin: WKSecurityOrigin { WKSecurityOrigin() }
}

/// webkit/wkscriptmessage: `@MainActor class WKScriptMessage : NSObject`.
@MainActor
open class WKScriptMessage {
    /// webkit/wkscriptmessage/body: `var body: Any { get }`.
    open var body: Any { 0 }
    /// webkit/wkscriptmessage/frameinfo: `var frameInfo: WKFrameInfo { get }`.
    open var frameInfo: WKFrameInfo { WKFrameInfo() }
}

/// webkit/wkscriptmessagehandlerwithreply (iOS 14, macOS 11): `@MainActor protocol
/// WKScriptMessageHandlerWithReply : NSObjectProtocol`.
@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    /// webkit/wkscriptmessagehandlerwithreply/usercontentcontroller(_:didreceive:replyhandler:):
    /// `func userContentController(_ userContentController: WKUserContentController, didReceive message:
    /// WKScriptMessage, replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)`.
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}

/// webkit/wkusercontentcontroller: `@MainActor class WKUserContentController : NSObject`.
@MainActor
open class WKUserContentController {
    /// webkit/wkusercontentcontroller/userscripts: `var userScripts: [WKUserScript] { get }`.
    open var userScripts: [WKUserScript] { [] }
    /// webkit/wkusercontentcontroller/adduserscript(_:): `func addUserScript(_ userScript: WKUserScript)`.
    open func addUserScript(_ userScript: WKUserScript) {}
    /// webkit/wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:) (iOS 14, macOS 11):
    /// `func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply,
    /// contentWorld: WKContentWorld, name: String)`.
    open func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld,
        name: String
    ) {}
    /// webkit/wkusercontentcontroller/removescriptmessagehandler(forname:contentworld:) (iOS 14, macOS 11):
    /// `func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld)`.
    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {}
}

// The AppKit API that AppAlertUI calls, declared as Apple's documentation declares it (pages under
// developer.apple.com/documentation/appkit, 2026, read through the project's `search` tool), for
// scripts/apple-typecheck. Declarations only. The classes are `@MainActor` as AppKit's are (NSResponder
// and its subclasses, NSAlert); the Objective-C superclasses (NSObject, NSResponder, NSView) are left
// out: AppAlertUI calls nothing of theirs. Table rows: scripts/availability/apple-apis.tsv.

// The framework re-exports Foundation (their umbrella headers import it): so do the stubs.
@_exported import Foundation

/// appkit/nsapp: `@MainActor var NSApp: NSApplication!`.
@MainActor public var NSApp: NSApplication! = nil

/// appkit/nsapplication: `@MainActor class NSApplication : NSResponder`.
@MainActor
open class NSApplication {
    /// appkit/nsapplication/keywindow: `var keyWindow: NSWindow? { get }`.
    open var keyWindow: NSWindow? { nil }
    /// appkit/nsapplication/mainwindow: `var mainWindow: NSWindow? { get }`.
    open var mainWindow: NSWindow? { nil }
    /// appkit/nsapplication/isactive: `var isActive: Bool { get }`.
    open var isActive: Bool { true }
    /// appkit/nsapplication/didbecomeactivenotification: `class let didBecomeActiveNotification: NSNotification.Name`.
    public nonisolated static let didBecomeActiveNotification = NSNotification.Name(
        "NSApplicationDidBecomeActiveNotification")
    /// appkit/nsapplication/didresignactivenotification: `class let didResignActiveNotification: NSNotification.Name`.
    public nonisolated static let didResignActiveNotification = NSNotification.Name(
        "NSApplicationDidResignActiveNotification")

    /// appkit/nsapplication/modalresponse: `struct ModalResponse` (RawRepresentable, raw value `Int`).
    public struct ModalResponse: RawRepresentable, Hashable, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// appkit/nsapplication/modalresponse/alertfirstbuttonreturn: `static let alertFirstButtonReturn: NSApplication.ModalResponse`.
        public static let alertFirstButtonReturn = ModalResponse(rawValue: 1000)
    }
}

/// appkit/nswindow: `@MainActor class NSWindow : NSResponder`.
@MainActor
open class NSWindow {
    /// appkit/nswindow/willclosenotification: `class let willCloseNotification: NSNotification.Name`.
    public static let willCloseNotification = NSNotification.Name("NSWindowWillCloseNotification")
    /// appkit/nswindow/attachedsheet: `var attachedSheet: NSWindow? { get }`.
    open var attachedSheet: NSWindow? { nil }
    /// appkit/nswindow/appearancesource (macOS 10.14): `weak var appearanceSource: (any NSAppearanceCustomization)! { get set }`.
    open weak var appearanceSource: NSWindow?
    /// appkit/nswindow/init(contentviewcontroller:) (macOS 10.10): `convenience init(contentViewController: NSViewController)`.
    public init(contentViewController: NSViewController) {}
    /// appkit/nswindow/contentview: `var contentView: NSView? { get set }`.
    open var contentView: NSView?
    /// appkit/nswindow/beginsheet(_:completionhandler:) (macOS 10.9): `func beginSheet(_ sheetWindow: NSWindow,
    /// completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil)`.
    open func beginSheet(_ sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil) {}
    /// appkit/nswindow/endsheet(_:) (macOS 10.9): `func endSheet(_ sheetWindow: NSWindow)`.
    open func endSheet(_ sheetWindow: NSWindow) {}
}

/// appkit/nsview: `@MainActor class NSView : NSResponder`.
@MainActor
open class NSView {
    public init() {}
    /// appkit/nsview/framedidchangenotification: `class let frameDidChangeNotification: NSNotification.Name`.
    public nonisolated static let frameDidChangeNotification = NSNotification.Name("NSViewFrameDidChangeNotification")
    /// appkit/nsview/frame: `var frame: NSRect { get set }`.
    open var frame = NSRect.zero
    /// appkit/nsview/bounds: `var bounds: NSRect { get set }`.
    open var bounds = NSRect.zero
    /// appkit/nsview/autoresizingmask: `var autoresizingMask: NSView.AutoresizingMask { get set }`.
    open var autoresizingMask = AutoresizingMask()
    /// appkit/nsview/safeareainsets (macOS 11): `var safeAreaInsets: NSEdgeInsets { get }`.
    open var safeAreaInsets: NSEdgeInsets { NSEdgeInsets() }
    /// appkit/nsview/addsubview(_:): `func addSubview(_ view: NSView)`.
    open func addSubview(_ view: NSView) {}
    /// appkit/nsview/removefromsuperview(): `func removeFromSuperview()`.
    open func removeFromSuperview() {}

    /// appkit/nsview/autoresizingmask-swift.struct: `struct AutoresizingMask` (OptionSet, raw value `UInt`);
    /// `width` (2), `minYMargin` (8), `maxYMargin` (32).
    public struct AutoresizingMask: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let width = AutoresizingMask(rawValue: 2)
        public static let minYMargin = AutoresizingMask(rawValue: 8)
        public static let maxYMargin = AutoresizingMask(rawValue: 32)
    }
    /// appkit/nsview/isflipped: `var isFlipped: Bool { get }`.
    open var isFlipped: Bool { false }
}

/// appkit/nsedgeinsets (Foundation's on Apple platforms): `struct NSEdgeInsets` (`top`, `left`, `bottom`, `right`).
public struct NSEdgeInsets: Sendable {
    public var top: CGFloat = 0
    public var left: CGFloat = 0
    public var bottom: CGFloat = 0
    public var right: CGFloat = 0
    public init() {}
}

/// appkit/nsviewcontroller (macOS 10.5): `@MainActor class NSViewController : NSResponder`.
@MainActor
open class NSViewController {
    public init() {}
    /// appkit/nsviewcontroller/view: `var view: NSView { get set }`.
    open var view = NSView()
}

/// appkit/nsbutton: `@MainActor class NSButton : NSControl`.
@MainActor
open class NSButton {
    /// appkit/nsbutton/keyequivalent: `var keyEquivalent: String { get set }`.
    open var keyEquivalent: String = ""
}

/// appkit/nsalert: `@MainActor class NSAlert : NSObject`.
@MainActor
open class NSAlert {
    public init() {}
    /// appkit/nsalert/window: `var window: NSWindow { get }`.
    open var window: NSWindow { fatalError() }
    /// appkit/nsalert/messagetext: `var messageText: String { get set }`.
    open var messageText: String = ""
    /// appkit/nsalert/informativetext: `var informativeText: String { get set }`.
    open var informativeText: String = ""
    /// appkit/nsalert/addbutton(withtitle:): `func addButton(withTitle title: String) -> NSButton`.
    open func addButton(withTitle title: String) -> NSButton { NSButton() }
    /// appkit/nsalert/beginsheetmodal(for:completionhandler:) (macOS 10.9): `func beginSheetModal(for
    /// sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil)`.
    open func beginSheetModal(
        for sheetWindow: NSWindow, completionHandler handler: ((NSApplication.ModalResponse) -> Void)? = nil
    ) {}
}

/// appkit/nsworkspace: `class NSWorkspace : NSObject` (not main-actor isolated).
open class NSWorkspace: @unchecked Sendable {
    /// appkit/nsworkspace/shared: `class var shared: NSWorkspace { get }`.
    open class var shared: NSWorkspace { NSWorkspace() }
    /// appkit/nsworkspace/open(_:): `func open(_ url: URL) -> Bool`.
    open func open(_ url: URL) -> Bool { false }
}

/// appkit/nsimage: `class NSImage : NSObject`.
open class NSImage: @unchecked Sendable {
    /// appkit/nsimage/init(data:): `init?(data: Data)`.
    public init?(data: Data) {}
    /// appkit/nsimage/cgimage(forproposedrect:context:hints:) (macOS 10.6): `func cgImage(forProposedRect
    /// proposedDestRect: UnsafeMutablePointer<NSRect>?, context referenceContext: NSGraphicsContext?,
    /// hints: [NSImageRep.HintKey : Any]?) -> CGImage?` (the context and hints simplified to what is passed: nil).
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?, context: AnyObject?, hints: [String: Any]?)
        -> AnyObject?
    { nil }
}

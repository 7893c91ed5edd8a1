// The UIKit API that AppAlertUI calls, declared as Apple's documentation declares it (pages under
// developer.apple.com/documentation/uikit, 2026, read through the project's `search` tool), for
// scripts/apple-typecheck. Declarations only. UIKit's classes are `@MainActor`; their Objective-C
// superclasses (NSObject, UIResponder) are left out: AppAlertUI calls nothing of theirs. What the
// `#if os(iOS)` branch calls (UIDevice) is not declared: that branch is never compiled on Linux.
// Table rows: scripts/availability/apple-apis.tsv.

// The framework re-exports Foundation (their umbrella headers import it): so do the stubs.
@_exported import Foundation

/// uikit/uiview: `@MainActor class UIView : UIResponder`.
@MainActor
open class UIView {
    /// uikit/uiview/window: `var window: UIWindow? { get }`.
    open var window: UIWindow? { nil }
    /// uikit/uiview/ishidden: `var isHidden: Bool { get set }`.
    open var isHidden = false
    /// uikit/uiview/frame: `var frame: CGRect { get set }`.
    open var frame = CGRect.zero
    /// uikit/uiview/bounds: `var bounds: CGRect { get set }`.
    open var bounds = CGRect.zero
    /// uikit/uiview/backgroundcolor: `@NSCopying var backgroundColor: UIColor? { get set }`.
    open var backgroundColor: UIColor?
    /// uikit/uiview/safeareainsets (iOS 11): `var safeAreaInsets: UIEdgeInsets { get }`.
    open var safeAreaInsets: UIEdgeInsets { UIEdgeInsets() }
}

/// uikit/uiedgeinsets: `struct UIEdgeInsets` (`top`, `left`, `bottom`, `right`: CGFloat).
public struct UIEdgeInsets: Sendable {
    public var top: CGFloat = 0
    public var left: CGFloat = 0
    public var bottom: CGFloat = 0
    public var right: CGFloat = 0
    public init() {}
}

/// uikit/uicolor: `class UIColor : NSObject` (Sendable); `class var clear: UIColor { get }`.
open class UIColor: @unchecked Sendable {
    init() {}
    open class var clear: UIColor { UIColor() }
}

/// uikit/uimodalpresentationstyle: `enum UIModalPresentationStyle` (Int raw values); `overFullScreen` (iOS 8).
public enum UIModalPresentationStyle: Int, Sendable {
    case automatic = -2
    case none = -1
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case blurOverFullScreen = 8
}

/// uikit/uimodaltransitionstyle: `enum UIModalTransitionStyle` (Int raw values).
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
}

/// uikit/uiviewcontroller: `@MainActor class UIViewController : UIResponder`.
@MainActor
open class UIViewController {
    public init() {}
    /// uikit/uiviewcontroller/overrideuserinterfacestyle (iOS 13): `var overrideUserInterfaceStyle:
    /// UIUserInterfaceStyle { get set }`.
    open var overrideUserInterfaceStyle = UIUserInterfaceStyle.unspecified
    /// uikit/uiviewcontroller/viewifloaded (iOS 9): `var viewIfLoaded: UIView? { get }`.
    open var viewIfLoaded: UIView? { nil }
    /// uikit/uiviewcontroller/isbeingdismissed: `var isBeingDismissed: Bool { get }`.
    open var isBeingDismissed: Bool { false }
    /// uikit/uiviewcontroller/presentedviewcontroller: `var presentedViewController: UIViewController? { get }`.
    open var presentedViewController: UIViewController? { nil }
    /// uikit/uiviewcontroller/present(_:animated:completion:): `func present(_ viewControllerToPresent:
    /// UIViewController, animated flag: Bool, completion: (@MainActor @Sendable () -> Void)? = nil)`.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool,
        completion: (@MainActor @Sendable () -> Void)? = nil
    ) {}
    /// uikit/uiviewcontroller/dismiss(animated:completion:) (iOS 5): `func dismiss(animated flag: Bool,
    /// completion: (() -> Void)? = nil)`. (AppAlertUI's call also type-checks with `present`'s
    /// `@MainActor @Sendable` completion: tried.)
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// uikit/uiviewcontroller/view: `var view: UIView! { get set }`.
    open var view: UIView! = UIView()
    /// uikit/uiviewcontroller/modalpresentationstyle: `var modalPresentationStyle: UIModalPresentationStyle { get set }`.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// uikit/uiviewcontroller/modaltransitionstyle: `var modalTransitionStyle: UIModalTransitionStyle { get set }`.
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    /// uikit/uiviewcontroller/ismodalinpresentation (iOS 13): `var isModalInPresentation: Bool { get set }`.
    open var isModalInPresentation = false
    /// uikit/uiviewcontroller/presentingviewcontroller (iOS 5): `var presentingViewController: UIViewController? { get }`.
    open var presentingViewController: UIViewController? { nil }
}

/// uikit/uiwindow: `@MainActor class UIWindow : UIView`.
@MainActor
open class UIWindow: UIView {
    /// uikit/uiwindow/init(windowscene:) (iOS 13): `init(windowScene: UIWindowScene)`.
    public init(windowScene: UIWindowScene) {}
    /// uikit/uiwindow/windowlevel: `var windowLevel: UIWindow.Level { get set }`.
    open var windowLevel = Level(rawValue: 0)
    /// uikit/uiwindow/iskeywindow: `var isKeyWindow: Bool { get }`.
    open var isKeyWindow: Bool { false }
    /// uikit/uiwindow/windowscene (iOS 13): `weak var windowScene: UIWindowScene? { get set }`.
    open weak var windowScene: UIWindowScene?
    /// uikit/uiwindow/rootviewcontroller: `var rootViewController: UIViewController? { get set }`.
    open var rootViewController: UIViewController?
    /// uikit/uiwindow/makekeyandvisible(): `func makeKeyAndVisible()`.
    open func makeKeyAndVisible() {}
    /// uikit/uiwindow/makekey(): `func makeKey()`.
    open func makeKey() {}

    /// uikit/uiwindow/level: `struct Level` (RawRepresentable, raw value `CGFloat`); `static let alert`.
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let alert = Level(rawValue: 2000)
        /// The UIKit overlay's `static func + (lhs: UIWindow.Level, rhs: CGFloat) -> UIWindow.Level`.
        public static func + (lhs: Level, rhs: CGFloat) -> Level { Level(rawValue: lhs.rawValue + rhs) }
    }
}

/// uikit/uiscene (iOS 13): `@MainActor class UIScene : UIResponder`.
@MainActor
open class UIScene: @MainActor Hashable {
    /// uikit/uiscene/diddisconnectnotification (iOS 13): `class let didDisconnectNotification: NSNotification.Name`.
    public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")
    /// uikit/uiscene/didactivatenotification (iOS 13): `nonisolated class let didActivateNotification: NSNotification.Name`.
    public nonisolated static let didActivateNotification = NSNotification.Name("UISceneDidActivateNotification")
    /// uikit/uiscene/willdeactivatenotification (iOS 13): `nonisolated class let willDeactivateNotification: NSNotification.Name`.
    public nonisolated static let willDeactivateNotification = NSNotification.Name(
        "UISceneWillDeactivateNotification")
    /// uikit/uiscene/activationstate-swift.property: `var activationState: UIScene.ActivationState { get }`.
    open var activationState: ActivationState { .unattached }

    /// uikit/uiscene/activationstate-swift.enum: `enum ActivationState` (Int raw values).
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// uikit/uiwindowscene (iOS 13): `@MainActor class UIWindowScene : UIScene`.
@MainActor
open class UIWindowScene: UIScene {
    /// uikit/uiwindowscene/keywindow (iOS 15): `var keyWindow: UIWindow? { get }`.
    open var keyWindow: UIWindow? { nil }
    /// uikit/uiwindowscene/windows (iOS 13): `var windows: [UIWindow] { get }`.
    open var windows: [UIWindow] { [] }
    /// uikit/uiwindowscene/traitcollection (iOS 13): `var traitCollection: UITraitCollection { get }`.
    open var traitCollection: UITraitCollection { UITraitCollection() }
}

/// uikit/uiapplication: `@MainActor class UIApplication : UIResponder`.
@MainActor
open class UIApplication {
    /// uikit/uiapplication/shared: `class var shared: UIApplication { get }`.
    open class var shared: UIApplication { fatalError() }
    /// uikit/uiapplication/connectedscenes (iOS 13): `var connectedScenes: Set<UIScene> { get }`.
    open var connectedScenes: Set<UIScene> { [] }

    /// uikit/uiapplication/openexternalurloptionskey: `struct OpenExternalURLOptionsKey` (Sendable, RawRepresentable, Hashable).
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }

    /// uikit/uiapplication/open(_:options:completionhandler:) (iOS 10): `func open(_ url: URL, options:
    /// [UIApplication.OpenExternalURLOptionsKey : Any] = [:], completionHandler completion:
    /// (@MainActor @Sendable (Bool) -> Void)? = nil)`.
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) {}
}

/// uikit/uialertcontroller: `@MainActor class UIAlertController : UIViewController`.
@MainActor
open class UIAlertController: UIViewController {
    /// uikit/uialertcontroller/init(title:message:preferredstyle:): `convenience init(title: String?,
    /// message: String?, preferredStyle: UIAlertController.Style)`.
    public convenience init(title: String?, message: String?, preferredStyle: Style) { self.init() }
    /// uikit/uialertcontroller/addaction(_:): `func addAction(_ action: UIAlertAction)`.
    open func addAction(_ action: UIAlertAction) {}

    /// uikit/uialertcontroller/style: `enum Style` (`actionSheet`, `alert`).
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }
}

/// uikit/uialertaction: `@MainActor class UIAlertAction`.
@MainActor
open class UIAlertAction {
    init() {}
    /// uikit/uialertaction/init(title:style:handler:): `convenience init(title: String?, style:
    /// UIAlertAction.Style, handler: ((UIAlertAction) -> Void)? = nil)`.
    public convenience init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) { self.init() }

    /// uikit/uialertaction/style-swift.enum: `enum Style` (`default`, `cancel`, `destructive`).
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }
}

/// uikit/uiimage: `class UIImage : NSObject` (not main-actor isolated; Sendable).
open class UIImage: @unchecked Sendable {
    /// uikit/uiimage/init(data:): `init?(data: Data)`.
    public init?(data: Data) {}
    /// uikit/uiimage/preparingfordisplay() (iOS 15): `func preparingForDisplay() -> UIImage?`.
    open func preparingForDisplay() -> UIImage? { self }
}

/// uikit/uitraitcollection: `@MainActor class UITraitCollection`; uitraitcollection/activeappearance
/// (iOS 14): `var activeAppearance: UIUserInterfaceActiveAppearance { get }`.
@MainActor
open class UITraitCollection {
    public init() {}
    open var activeAppearance: UIUserInterfaceActiveAppearance { .unspecified }
}

/// uikit/uiuserinterfaceactiveappearance (iOS 14): `enum UIUserInterfaceActiveAppearance : Int`
/// (`unspecified` -1, `inactive` 0, `active` 1).
public enum UIUserInterfaceActiveAppearance: Int, Sendable {
    case unspecified = -1
    case inactive = 0
    case active = 1
}

/// uikit/uiuserinterfacestyle (iOS 12): `enum UIUserInterfaceStyle : Int` (`unspecified`, `light`, `dark`).
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0
    case light = 1
    case dark = 2
}

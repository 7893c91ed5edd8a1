// The SwiftUI API that AppAlertUI calls, declared as Apple's documentation declares it, so that
// scripts/apple-typecheck can type-check the Apple-only code on Linux (labels, generics, closure types,
// isolation, result builders). Declarations only: nothing here runs. Each is transcribed from the
// page under developer.apple.com/documentation/swiftui named in its comment (read through the project's
// `search` tool, pages of 2026); the table row is scripts/availability/apple-apis.tsv's row of that name.
// The 2026 pages write `@ContentBuilder` where earlier SDKs wrote `@ViewBuilder`; this stub declares
// `ViewBuilder`, which every supported SDK (iOS 17+) has and which `ContentBuilder` replaces in name only
// for the view closures used here.
//
// Not declared: anything AppAlertUI does not call. A new call fails the type-check until its
// declaration is added here from its page, with its table row.

import Foundation
import Observation

// MARK: Views and builders

/// swiftui/view: `@MainActor @preconcurrency protocol View`; `body`: `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// swiftui/never: `extension Never: View`.
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/viewbuilder: `@resultBuilder struct ViewBuilder` (buildBlock, buildExpression, buildIf, buildEither).
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Since the iOS 17 SDK, one variadic `buildBlock` (parameter packs) in place of ten overloads.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > { fatalError() }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { fatalError() }
}


/// swiftui/emptyview: `@frozen struct EmptyView`.
public struct EmptyView: View {
    nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/tupleview: `@frozen struct TupleView<T>`.
public struct TupleView<T>: View {
    nonisolated public init(_ value: T) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/viewmodifier: `@MainActor @preconcurrency protocol ViewModifier`; `body(content:)`:
/// `@ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body`;
/// `typealias Content = _ViewModifier_Content<Self>`.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/modifiedcontent: `@frozen struct ModifiedContent<Content, Modifier>`; a View where Content: View, Modifier: ViewModifier.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

public struct _ModifiedView: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension View {
    /// swiftui/view/modifier(_:): `nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>`.
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }

    /// swiftui/view/alert(_:ispresented:presenting:actions:message:)-8584l (iOS 15, macOS 12):
    /// `nonisolated func alert<S, A, M, T>(_ title: S, isPresented: Binding<Bool>, presenting data: T?,
    /// @ContentBuilder actions: (T) -> A, @ContentBuilder message: (T) -> M) -> some View where
    /// S : StringProtocol, A : View, M : View`.
    nonisolated public func alert<S, A, M, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View where S: StringProtocol, A: View, M: View { _ModifiedView() }

    /// swiftui/view/alert(_:ispresented:presenting:actions:message:)-29bp4 (iOS 15, macOS 12): the
    /// `LocalizedStringKey` title overload, declared so overload resolution is Apple's.
    nonisolated public func alert<A, M, T>(
        _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
        @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
    ) -> some View where A: View, M: View { _ModifiedView() }

    /// swiftui/view/onchange(of:initial:_:)-4psgg (iOS 17, macOS 14): `nonisolated func onChange<V>(of
    /// value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V : Equatable`.
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
        -> some View where V: Equatable
    { _ModifiedView() }

    /// swiftui/view/onchange(of:initial:_:) (iOS 17, macOS 14): the zero-parameter action overload.
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void)
        -> some View where V: Equatable
    { _ModifiedView() }
}

// MARK: Controls

/// swiftui/localizedstringkey: `@frozen struct LocalizedStringKey`, expressible by a string literal.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable {
    public init(_ value: String) {}
    public init(stringLiteral value: String) {}
}

/// swiftui/text: `@frozen struct Text`; init(_:)-9d1g4: `nonisolated init<S>(_ content: S) where S : StringProtocol`.
public struct Text: View, Equatable {
    nonisolated public init<S>(_ content: S) where S: StringProtocol {}
    nonisolated public init(_ key: LocalizedStringKey) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Text {
    /// swiftui/text/font(_:): `func font(_ font: Font?) -> Text`.
    nonisolated public func font(_ font: Font?) -> Text { self }
}

/// swiftui/buttonrole: `struct ButtonRole`; `static let cancel: ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
    public static let cancel = ButtonRole()
    public static let destructive = ButtonRole()
}

/// swiftui/button: `@MainActor @preconcurrency struct Button<Label> where Label : View`.
@MainActor @preconcurrency
public struct Button<Label>: View where Label: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    /// swiftui/button/init(_:role:action:) (string title, iOS 15, macOS 12): `@preconcurrency
    /// nonisolated init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) where S : StringProtocol`.
    @preconcurrency nonisolated public init<S>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {}

    /// swiftui/button/init(_:action:)-lpm7: `@preconcurrency nonisolated init<S>(_ title: S, action:
    /// @escaping @MainActor () -> Void) where S : StringProtocol`.
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {}
}

/// swiftui/foreach: `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable`.
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    /// swiftui/foreach/init(_:content:) for views: `nonisolated init(_ data: Data, @ContentBuilder content:
    /// @escaping (Data.Element) -> Content) where ID == Data.Element.ID, Content : View, Data.Element : Identifiable`
    /// (the page found is the map-content sibling; this one's shape is the List and TableRow pages').
    nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

// MARK: State and environment

/// swiftui/binding: `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    /// swiftui/binding/init(get:set:)-7ufcp: `@preconcurrency init(get: @escaping @isolated(any) @Sendable
    /// () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void)`.
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value, set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    /// swiftui/binding/subscript(dynamicmember:): `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

/// swiftui/bindable (iOS 17, macOS 14): `@dynamicMemberLookup @propertyWrapper struct Bindable<Value>`.
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    /// swiftui/bindable/wrappedvalue: `var wrappedValue: Value`.
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    /// Not on the documentation pages, which leave out unavailable declarations: SwiftUI's interface
    /// declares `init(wrappedValue:)` unavailable for a value that is not an observable object. It is
    /// what lets a memberwise initializer of `@Bindable var source: Source` take a `Source`; calls
    /// resolve to the available initializer below.
    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(wrappedValue: Value) { fatalError() }
}

extension Bindable where Value: AnyObject {
    /// swiftui/bindable/subscript(dynamicmember:): `subscript<Subject>(dynamicMember keyPath:
    /// ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

extension Bindable where Value: AnyObject, Value: Observable {
    /// swiftui/bindable/init(wrappedvalue:): `init(wrappedValue: Value)` where Value : AnyObject, Value : Observable.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// swiftui/environment: `@frozen @propertyWrapper struct Environment<Value>`.
@propertyWrapper
public struct Environment<Value> {
    /// swiftui/environment/init(_:): `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// swiftui/environment/wrappedvalue: `var wrappedValue: Value { get }`.
    public var wrappedValue: Value { fatalError() }
}

/// swiftui/environmentvalues: `struct EnvironmentValues`.
public struct EnvironmentValues {
    /// swiftui/environmentvalues/openurl (iOS 14, macOS 11): `@MainActor @preconcurrency var openURL: OpenURLAction { get set }`.
    @MainActor @preconcurrency public var openURL: OpenURLAction {
        get { fatalError() }
        set {}
    }
    /// swiftui/environmentvalues/scenephase (iOS 14, macOS 11): `var scenePhase: ScenePhase { get set }`.
    public var scenePhase: ScenePhase {
        get { fatalError() }
        set {}
    }
}

/// swiftui/openurlaction (iOS 14, macOS 11): `@MainActor @preconcurrency struct OpenURLAction`.
@MainActor @preconcurrency
public struct OpenURLAction {
    /// swiftui/openurlaction/callasfunction(_:): `@MainActor @preconcurrency func callAsFunction(_ url: URL)`.
    @MainActor @preconcurrency public func callAsFunction(_ url: URL) {}
}

/// swiftui/scenephase (iOS 14, macOS 11): `enum ScenePhase` (`background`, `inactive`, `active`), Comparable.
public enum ScenePhase: Comparable, Hashable, Sendable {
    case background
    case inactive
    case active
}

// MARK: Layout and drawing (MessageViews.swift)

/// swiftui/horizontalalignment, verticalalignment, alignment: `@frozen struct` with `static let leading`, `top`.
public struct HorizontalAlignment: Equatable, Sendable {
    public static let leading = HorizontalAlignment()
    public static let center = HorizontalAlignment()
}
public struct VerticalAlignment: Equatable, Sendable {
    public static let top = VerticalAlignment()
    public static let center = VerticalAlignment()
    /// swiftui/verticalalignment/firsttextbaseline: `static let firstTextBaseline: VerticalAlignment`.
    public static let firstTextBaseline = VerticalAlignment()
}
public struct Alignment: Equatable, Sendable {
    public static let leading = Alignment()
    public static let center = Alignment()
}

/// swiftui/edge/set: `struct Edge.Set: OptionSet`; `static let all`, `trailing`.
/// swiftui/edge: `@frozen enum Edge` (`top`, `leading`, `bottom`, `trailing`).
public enum Edge: Hashable, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
        public static let trailing = Set(rawValue: 8)
    }
}

/// swiftui/vstack: `@frozen struct VStack<Content> where Content : View`; init(alignment:spacing:content:):
/// `nonisolated init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () -> Content)`.
public struct VStack<Content: View>: View {
    nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/hstack: `@frozen struct HStack<Content> where Content : View`; init(alignment:spacing:content:):
/// `nonisolated init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () -> Content)`.
public struct HStack<Content: View>: View {
    nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/group: `@frozen struct Group<Content>`; as a view: `init(@ContentBuilder content: () -> Content)`.
public struct Group<Content: View>: View {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/list: `@MainActor @preconcurrency struct List<SelectionValue, Content> where SelectionValue : Hashable, Content : View`;
/// `init(@ContentBuilder content: () -> Content)` where SelectionValue == Never.
@MainActor @preconcurrency
public struct List<SelectionValue: Hashable, Content: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}
extension List where SelectionValue == Never {
    nonisolated public init(@ViewBuilder content: () -> Content) {}
}

/// swiftui/font: `@frozen struct Font`; the text styles, each `static let`.
public struct Font: Hashable, Sendable {
    public static let title2 = Font()
    public static let headline = Font()
    public static let subheadline = Font()
    public static let body = Font()
    public static let footnote = Font()
    public static let caption2 = Font()
}

/// swiftui/shapestyle: `protocol ShapeStyle : Sendable`.
public protocol ShapeStyle: Sendable {}

/// swiftui/color: `@frozen struct Color`, a View and a ShapeStyle; `static let primary`, `clear`;
/// init(red:green:blue:opacity:): `init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1)`.
public struct Color: View, ShapeStyle, Hashable {
    public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
    nonisolated public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
    public static let primary = Color(red: 0, green: 0, blue: 0)
    /// swiftui/color/secondary: `static let secondary: Color`.
    public static let secondary = Color(red: 0.5, green: 0.5, blue: 0.5)
    public static let clear = Color(red: 0, green: 0, blue: 0, opacity: 0)
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/image: `@frozen struct Image`.
public struct Image: View, Equatable {
    /// swiftui/image/init(systemname:): `nonisolated init(systemName: String)`.
    nonisolated public init(systemName: String) {}
    /// swiftui/image/resizable(capinsets:resizingmode:): `func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`.
    public func resizable() -> Image { self }
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/backgroundprominence (iOS 17, macOS 14, tvOS 17, watchOS 10): `struct BackgroundProminence:
/// Hashable, Sendable`; `static let standard`, `static let increased`.
public struct BackgroundProminence: Hashable, Sendable {
    private let increasedProminence: Bool
    public static let standard = BackgroundProminence(increasedProminence: false)
    public static let increased = BackgroundProminence(increasedProminence: true)
}

extension EnvironmentValues {
    /// swiftui/environmentvalues/backgroundprominence (iOS 17, macOS 14, tvOS 17, watchOS 10):
    /// `var backgroundProminence: BackgroundProminence { get set }`.
    public var backgroundProminence: BackgroundProminence {
        get { .standard }
        set {}
    }
}

/// swiftui/colorscheme: `enum ColorScheme` (`light`, `dark`).
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light
    case dark
}

extension EnvironmentValues {
    /// swiftui/environmentvalues/colorscheme: `var colorScheme: ColorScheme { get set }`.
    public var colorScheme: ColorScheme {
        get { .light }
        set {}
    }
}

/// swiftui/state: `@frozen @propertyWrapper struct State<Value>`.
@propertyWrapper
public struct State<Value> {
    /// swiftui/state/init(initialvalue:): `init(initialValue value: Value)`.
    public init(initialValue value: Value) {}
    /// swiftui/state/init(wrappedvalue:): `init(wrappedValue value: Value)`.
    public init(wrappedValue value: Value) {}
    /// swiftui/state/wrappedvalue: `var wrappedValue: Value { get nonmutating set }`.
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { fatalError() }
}

/// swiftui/dynamicviewcontent: `protocol DynamicViewContent : View`.
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
}

extension ForEach: DynamicViewContent where Content: View {}


extension ForEach where Content: View {
    /// swiftui/foreach/init(_:id:content:): `nonisolated init(_ data: Data, id: KeyPath<Data.Element, ID>, @ContentBuilder content: @escaping (Data.Element) -> Content)`.
    nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension Button {
    /// swiftui/button/init(action:label:): `@preconcurrency nonisolated init(action: @escaping @MainActor () -> Void, @ContentBuilder label: () -> Label)`.
    @preconcurrency nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}

extension View {
    /// swiftui/view/font(_:): `nonisolated func font(_ font: Font?) -> some View`.
    nonisolated public func font(_ font: Font?) -> some View { _ModifiedView() }
    /// swiftui/view/padding(_:_:): `nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View`.
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { _ModifiedView() }
    /// swiftui/view/frame(minwidth:idealwidth:maxwidth:minheight:idealheight:maxheight:alignment:).
    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { _ModifiedView() }
    /// swiftui/view/foregroundstyle(_:) (iOS 15, macOS 12): `nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle`.
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { _ModifiedView() }
    /// swiftui/view/tint(_:)-23xyq (iOS 15, macOS 12): `nonisolated func tint(_ tint: Color?) -> some View`.
    nonisolated public func tint(_ tint: Color?) -> some View { _ModifiedView() }
    /// swiftui/view/background(_:ignoressafeareaedges:) (iOS 15, macOS 12): `nonisolated func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S : ShapeStyle`.
    nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View
    where S: ShapeStyle { _ModifiedView() }
    /// swiftui/view/opacity(_:): `nonisolated func opacity(_ opacity: Double) -> some View`.
    nonisolated public func opacity(_ opacity: Double) -> some View { _ModifiedView() }
    /// swiftui/view/scaledtofit(): `nonisolated func scaledToFit() -> some View`.
    nonisolated public func scaledToFit() -> some View { _ModifiedView() }
    /// swiftui/view/accessibilitylabel(_:)-(Text) (iOS 14, macOS 11): `nonisolated func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { _ModifiedView() }
    /// swiftui/view/accessibilityhidden(_:) (iOS 14, macOS 11): `nonisolated func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { _ModifiedView() }
    /// swiftui/view/task(name:priority:file:line:_:) (iOS 15, macOS 12): `nonisolated func task(name: String? = nil,
    /// priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line, _ action: sending @escaping @isolated(any) () async -> Void) -> some View`.
    nonisolated public func task(
        name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { _ModifiedView() }
    /// swiftui/view/task(id:name:priority:file:line:_:) (iOS 15, macOS 12): the same, run again when `id` changes, where T : Equatable.
    nonisolated public func task<T>(
        id: T, name: String? = nil, priority: TaskPriority = .userInitiated, file: String = #fileID, line: Int = #line,
        _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View where T: Equatable { _ModifiedView() }
    /// swiftui/view/sheet(item:ondismiss:content:): `nonisolated func sheet<Item, Content>(item: Binding<Item?>,
    /// onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping (Item) -> Content) -> some View where Item : Identifiable, Content : View`.
    nonisolated public func sheet<Item, Content>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View where Item: Identifiable, Content: View { _ModifiedView() }
}

/// swiftui/accessibilityactionkind (iOS 13, macOS 10.15): `struct AccessibilityActionKind`.
public struct AccessibilityActionKind: Sendable {
    /// swiftui/accessibilityactionkind/default: `static let `default`: AccessibilityActionKind`.
    public static let `default` = AccessibilityActionKind()
    /// swiftui/accessibilityactionkind/escape: `static let escape: AccessibilityActionKind`.
    public static let escape = AccessibilityActionKind()
}

#if canImport(UIKit)
    import UIKit
    extension Image {
        /// swiftui/image/init(uiimage:): `nonisolated init(uiImage: UIImage)`.
        nonisolated public init(uiImage: UIImage) {}
    }

    /// swiftui/uihostingcontroller (iOS 13): `@MainActor @preconcurrency class UIHostingController<Content>
    /// where Content : View` (a UIViewController).
    @MainActor @preconcurrency
    open class UIHostingController<Content>: UIViewController where Content: View {
        /// swiftui/uihostingcontroller/init(rootview:): `@MainActor @preconcurrency init(rootView: Content)`.
        public init(rootView: Content) { self.rootView = rootView }
        /// swiftui/uihostingcontroller/rootview: `@MainActor @preconcurrency var rootView: Content { get set }`.
        public var rootView: Content
        /// swiftui/uihostingcontroller/sizethatfits(in:) (iOS 13): `@MainActor @preconcurrency func
        /// sizeThatFits(in size: CGSize) -> CGSize`.
        public func sizeThatFits(in size: CGSize) -> CGSize { size }
        /// swiftui/uihostingcontroller/sizingoptions (iOS 16): `@MainActor @preconcurrency var sizingOptions:
        /// UIHostingControllerSizingOptions { get set }`.
        public var sizingOptions = UIHostingControllerSizingOptions()
    }

    /// swiftui/uihostingcontrollersizingoptions (iOS 16): `struct UIHostingControllerSizingOptions`
    /// (OptionSet, raw value `Int`); `static let intrinsicContentSize`.
    public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 1)
        public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 2)
    }
#endif
#if canImport(AppKit)
    import AppKit
    extension Image {
        /// swiftui/image/init(nsimage:): `nonisolated init(nsImage: NSImage)`.
        nonisolated public init(nsImage: NSImage) {}
    }

    /// swiftui/nshostingcontroller (macOS 10.15): `@MainActor @preconcurrency class NSHostingController<Content>
    /// where Content : View` (an NSViewController).
    @MainActor @preconcurrency
    open class NSHostingController<Content>: NSViewController where Content: View {
        /// swiftui/nshostingcontroller/init(rootview:): `@MainActor @preconcurrency init(rootView: Content)`.
        public init(rootView: Content) { self.rootView = rootView }
        /// swiftui/nshostingcontroller/rootview: `@MainActor @preconcurrency var rootView: Content { get set }`.
        public var rootView: Content
        /// swiftui/nshostingcontroller/sizethatfits(in:) (macOS 10.15): `@MainActor @preconcurrency func
        /// sizeThatFits(in size: CGSize) -> CGSize`.
        public func sizeThatFits(in size: CGSize) -> CGSize { size }
        /// swiftui/nshostingcontroller/sizingoptions (macOS 13): `@MainActor @preconcurrency var sizingOptions:
        /// NSHostingSizingOptions { get set }`.
        public var sizingOptions = NSHostingSizingOptions()
    }

    /// swiftui/nshostingsizingoptions (macOS 13): `struct NSHostingSizingOptions` (OptionSet, raw value
    /// `Int`).
    public struct NSHostingSizingOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let standardBounds = NSHostingSizingOptions(rawValue: 7)
    }

    /// swiftui/nshostingview (macOS 10.15): `@MainActor @preconcurrency class NSHostingView<Content>
    /// where Content : View` (an NSView).
    @MainActor @preconcurrency
    open class NSHostingView<Content>: NSView where Content: View {
        /// swiftui/nshostingview/init(rootview:): `@MainActor @preconcurrency required init(rootView: Content)`.
        public required init(rootView: Content) {}
    }
#endif

extension View {
    /// swiftui/view/sheet(ispresented:ondismiss:content:): `nonisolated func sheet<Content>(isPresented:
    /// Binding<Bool>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping () -> Content) -> some View where Content : View`.
    nonisolated public func sheet<Content>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View where Content: View { _ModifiedView() }
}

/// swiftui/primitivebuttonstyle: `@MainActor @preconcurrency protocol PrimitiveButtonStyle`.
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {}

/// swiftui/plainbuttonstyle: `struct PlainButtonStyle : PrimitiveButtonStyle`.
public struct PlainButtonStyle: PrimitiveButtonStyle {
    nonisolated public init() {}
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// swiftui/primitivebuttonstyle/plain (iOS 15, macOS 12): `@MainActor @preconcurrency static var plain: PlainButtonStyle { get }`.
    @MainActor @preconcurrency public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension View {
    /// swiftui/view/buttonstyle(_:)-(PrimitiveButtonStyle): `nonisolated func buttonStyle<S>(_ style: S) -> some View where S : PrimitiveButtonStyle`.
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { _ModifiedView() }
}

// MARK: The message presentations (issue 21): containers, banner, card, inbox.

/// swiftui/zstack: `@frozen struct ZStack<Content> where Content : View`; init(alignment:content:):
/// `nonisolated init(alignment: Alignment = .center, @ContentBuilder content: () -> Content)`.
public struct ZStack<Content: View>: View {
    nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/axis/set: `struct Axis.Set : OptionSet`; `static let horizontal`, `vertical`.
public enum Axis {
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// swiftui/viewthatfits (iOS 16, macOS 13): `@frozen struct ViewThatFits<Content> where Content : View`;
/// init(in:content:): `nonisolated init(in axes: Axis.Set = [.horizontal, .vertical], @ContentBuilder content: () -> Content)`.
public struct ViewThatFits<Content: View>: View {
    nonisolated public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/scrollview: `struct ScrollView<Content> where Content : View`; init(_:showsIndicators:content:):
/// `nonisolated init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content)`.
public struct ScrollView<Content: View>: View {
    nonisolated public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/shape: `protocol Shape : Sendable, Animatable, View`.
public protocol Shape: Sendable, View {}

/// swiftui/roundedrectangle: `@frozen struct RoundedRectangle`; init(cornerRadius:style:):
/// `nonisolated init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)`.
public struct RoundedRectangle: Shape {
    nonisolated public init(cornerRadius: CGFloat) {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/backgroundstyle: `@frozen struct BackgroundStyle`; swiftui/shapestyle/background (iOS 15,
/// macOS 12): `static var background: BackgroundStyle { get }` where Self == BackgroundStyle.
public struct BackgroundStyle: ShapeStyle { nonisolated public init() {} }
extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

/// swiftui/hierarchicalshapestyle (iOS 15, macOS 12): `@frozen struct HierarchicalShapeStyle`;
/// swiftui/shapestyle/primary, secondary: `static var primary: HierarchicalShapeStyle { get }` where
/// Self == HierarchicalShapeStyle.
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle() }
}

/// swiftui/tintshapestyle (iOS 15, macOS 12): `@frozen struct TintShapeStyle`; swiftui/shapestyle/tint:
/// `static var tint: TintShapeStyle { get }` where Self == TintShapeStyle.
public struct TintShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

/// swiftui/material (iOS 15, macOS 12, watchOS 10): `struct Material`; swiftui/shapestyle/regularmaterial:
/// `static var regularMaterial: Material { get }` where Self == Material.
public struct Material: ShapeStyle {}
extension ShapeStyle where Self == Material {
    public static var regularMaterial: Material { Material() }
}

extension Color {
    /// swiftui/color/black: `static let black: Color`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// swiftui/color/opacity(_:): `func opacity(_ opacity: Double) -> Color`.
    public func opacity(_ opacity: Double) -> Color { self }
}

extension Alignment {
    /// swiftui/alignment/top, toptrailing: `static let top: Alignment`, `static let topTrailing: Alignment`.
    public static let top = Alignment()
    public static let topTrailing = Alignment()
}

extension Edge.Set {
    /// swiftui/edge/set/horizontal: `static let horizontal: Edge.Set`.
    public static let horizontal = Edge.Set(rawValue: 10)
}

/// swiftui/anytransition: `@frozen struct AnyTransition`; `static let opacity`; `static func
/// scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition`; `static func move(edge: Edge) -> AnyTransition`;
/// `func combined(with other: AnyTransition) -> AnyTransition`.
public struct AnyTransition: Sendable {
    public static let opacity = AnyTransition()
    public static func scale(scale: CGFloat) -> AnyTransition { AnyTransition() }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// swiftui/animation: `@frozen struct Animation : Equatable, Sendable`; `static let default: Animation`.
public struct Animation: Equatable, Sendable {
    public static let `default` = Animation()
}

/// swiftui/accessibilitytraits: `struct AccessibilityTraits`; swiftui/accessibilitytraits/ismodal: `static let isModal`.
public struct AccessibilityTraits: Sendable {
    public static let isModal = AccessibilityTraits()
}

/// swiftui/layoutdirection: `enum LayoutDirection` (`leftToRight`, `rightToLeft`).
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

extension EnvironmentValues {
    /// swiftui/environmentvalues/accessibilityreducemotion: `var accessibilityReduceMotion: Bool { get }`.
    public var accessibilityReduceMotion: Bool { false }
    /// swiftui/environmentvalues/accessibilityvoiceoverenabled (iOS 15, macOS 12): `var accessibilityVoiceOverEnabled: Bool { get }`.
    public var accessibilityVoiceOverEnabled: Bool { false }
    /// swiftui/environmentvalues/layoutdirection: `var layoutDirection: LayoutDirection { get set }`.
    public var layoutDirection: LayoutDirection {
        get { .leftToRight }
        set {}
    }
}

/// swiftui/gesture: `@MainActor @preconcurrency protocol Gesture<Value>`.
@MainActor @preconcurrency
public protocol Gesture {
    associatedtype Value
}

/// swiftui/draggesture (no tvOS): `@MainActor @preconcurrency struct DragGesture`; `init(minimumDistance:
/// CGFloat = 10, coordinateSpace: some CoordinateSpaceProtocol = .local)`; DragGesture.Value:
/// `var translation: CGSize { get }`, `var predictedEndTranslation: CGSize { get }`.
@MainActor @preconcurrency
public struct DragGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var translation: CGSize
        public var predictedEndTranslation: CGSize
    }
    nonisolated public init(minimumDistance: CGFloat = 10) {}
}

/// swiftui/_endedgesture: the gesture `onEnded` returns.
public struct _EndedGesture<Content: Gesture>: Gesture {
    public typealias Value = Content.Value
}

extension Gesture {
    /// swiftui/gesture/onended(_:): `nonisolated func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self>`.
    nonisolated public func onEnded(_ action: @escaping (Self.Value) -> Void) -> _EndedGesture<Self> { fatalError() }
}

/// swiftui/label: `struct Label<Title, Icon> where Title : View, Icon : View`;
/// init(_:systemImage:): `nonisolated init<S>(_ title: S, systemImage name: String) where S : StringProtocol`.
public struct Label<Title: View, Icon: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}
extension Label where Title == Text, Icon == Image {
    nonisolated public init<S>(_ title: S, systemImage name: String) where S: StringProtocol {}
}

/// swiftui/labelstyle: `@MainActor @preconcurrency protocol LabelStyle`; swiftui/labelstyle/icononly:
/// `static var iconOnly: IconOnlyLabelStyle { get }`.
@MainActor @preconcurrency
public protocol LabelStyle {}
public struct IconOnlyLabelStyle: LabelStyle { nonisolated public init() {} }
extension LabelStyle where Self == IconOnlyLabelStyle {
    @MainActor @preconcurrency public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

/// swiftui/borderedprominentbuttonstyle, borderedbuttonstyle (iOS 15, macOS 12);
/// swiftui/primitivebuttonstyle/borderedprominent, bordered: `static var borderedProminent: BorderedProminentButtonStyle { get }`.
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { nonisolated public init() {} }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    @MainActor @preconcurrency public static var borderedProminent: BorderedProminentButtonStyle {
        BorderedProminentButtonStyle()
    }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    @MainActor @preconcurrency public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

/// swiftui/contentunavailableview (iOS 17, macOS 14): `struct ContentUnavailableView<Label, Description, Actions>`;
/// init(_:systemImage:description:): `nonisolated init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S : StringProtocol`.
public struct ContentUnavailableView<LabelContent: View, Description: View, Actions: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}
extension ContentUnavailableView where LabelContent == Label<Text, Image>, Description == Text?, Actions == EmptyView {
    nonisolated public init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S: StringProtocol {}
}

extension View {
    /// swiftui/view/ignoressafearea(_:edges:) (iOS 14, macOS 11): `nonisolated func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View`.
    nonisolated public func ignoresSafeArea(edges: Edge.Set = .all) -> some View { _ModifiedView() }
    /// swiftui/view/background(_:in:fillstyle:) (iOS 15, macOS 12): `nonisolated func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View where S : ShapeStyle, T : Shape`.
    nonisolated public func background<S, T>(_ style: S, in shape: T) -> some View where S: ShapeStyle, T: Shape {
        _ModifiedView()
    }
    /// swiftui/view/clipshape(_:style:): `nonisolated func clipShape<S>(_ shape: S, style: FillStyle = FillStyle()) -> some View where S : Shape`.
    nonisolated public func clipShape<S>(_ shape: S) -> some View where S: Shape { _ModifiedView() }
    /// swiftui/view/shadow(color:radius:x:y:): `nonisolated func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View`.
    nonisolated public func shadow(radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { _ModifiedView() }
    /// swiftui/view/accessibilityaddtraits(_:) (iOS 14, macOS 11): `nonisolated func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { _ModifiedView() }
    /// swiftui/view/accessibilityvalue(_:)-(Text) (iOS 14, macOS 11): `nonisolated func accessibilityValue(_ valueDescription: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityValue(_ valueDescription: Text) -> some View { _ModifiedView() }
    /// swiftui/view/accessibilityaction(named:_:)-(Text) (iOS 14, macOS 11): `nonisolated func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityAction(named name: Text, _ handler: @escaping () -> Void) -> some View {
        _ModifiedView()
    }
    /// swiftui/view/accessibilityaction(_:_:) (iOS 13, macOS 10.15): `nonisolated func accessibilityAction(_ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void) -> ModifiedContent<Self, AccessibilityAttachmentModifier>`.
    nonisolated public func accessibilityAction(
        _ actionKind: AccessibilityActionKind = .default, _ handler: @escaping () -> Void
    ) -> some View {
        _ModifiedView()
    }
    /// swiftui/view/transition(_:): `nonisolated func transition(_ t: AnyTransition) -> some View`.
    nonisolated public func transition(_ t: AnyTransition) -> some View { _ModifiedView() }
    /// swiftui/view/animation(_:value:): `nonisolated func animation<V>(_ animation: Animation?, value: V) -> some View where V : Equatable`.
    nonisolated public func animation<V>(_ animation: Animation?, value: V) -> some View where V: Equatable {
        _ModifiedView()
    }
    /// swiftui/view/overlay(alignment:content:) (iOS 15, macOS 12): `nonisolated func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V : View`.
    nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
    where V: View { _ModifiedView() }
    /// swiftui/view/interactivedismissdisabled(_:) (iOS 15, macOS 12): `nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View`.
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { _ModifiedView() }
    /// swiftui/view/gesture(_:including:): `nonisolated func gesture<T>(_ gesture: T, including mask: GestureMask = .all) -> some View where T : Gesture`.
    nonisolated public func gesture<T>(_ gesture: T) -> some View where T: Gesture { _ModifiedView() }
    /// swiftui/view/onappear(perform:): `nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View`.
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { _ModifiedView() }
    /// swiftui/view/ondisappear(perform:): `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`.
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { _ModifiedView() }
    /// swiftui/view/environment(_:_:): `nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`.
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        _ModifiedView()
    }
    /// swiftui/view/labelstyle(_:) (iOS 14, macOS 11): `nonisolated func labelStyle<S>(_ style: S) -> some View where S : LabelStyle`.
    nonisolated public func labelStyle<S>(_ style: S) -> some View where S: LabelStyle { _ModifiedView() }
    /// swiftui/view/swipeactions(edge:allowsfullswipe:content:) (iOS 15, macOS 12, watchOS 8; no tvOS):
    /// `nonisolated func swipeActions<T>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ContentBuilder content: () -> T) -> some View where T : View`.
    nonisolated public func swipeActions<T>(allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T) -> some View
    where T: View { _ModifiedView() }
    /// swiftui/view/linelimit(_:)-513mb: `nonisolated func lineLimit(_ number: Int?) -> some View`.
    nonisolated public func lineLimit(_ number: Int?) -> some View { _ModifiedView() }
    /// swiftui/view/contextmenu(menuitems:) (iOS 13, macOS 10.15, tvOS 14; watchOS 6-7 only):
    /// `nonisolated func contextMenu<MenuItems>(@ViewBuilder menuItems: () -> MenuItems) -> some View where MenuItems : View`.
    nonisolated public func contextMenu<MenuItems>(@ViewBuilder menuItems: () -> MenuItems) -> some View
    where MenuItems: View { _ModifiedView() }
    /// swiftui/view/navigationtitle(_:)-(StringProtocol) (iOS 14, macOS 11): `nonisolated func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol`.
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { _ModifiedView() }
}

/// accessibility/accessibilitynotification/announcement (iOS 17, macOS 14; the Accessibility module,
/// which SwiftUI re-exports): `struct Announcement`; `init(_ announcement: String)`; post(): `func post()`.
public enum AccessibilityNotification {
    public struct Announcement {
        public init(_ announcement: String) {}
        public func post() {}
    }
}

/// swiftui/optional: `extension Optional : View where Wrapped : View`.
extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension View {
    /// swiftui/view/padding(_:)-(CGFloat): `nonisolated func padding(_ length: CGFloat) -> some View`.
    nonisolated public func padding(_ length: CGFloat) -> some View { _ModifiedView() }
}

// MARK: The close control and the hosts (MessageCard.swift, SwiftUIMessages.swift)

/// swiftui/anyview: `@frozen struct AnyView`; init(_:): `init<V>(_ view: V) where V : View`.
public struct AnyView: View {
    nonisolated public init<V>(_ view: V) where V: View {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/circle: `@frozen struct Circle`, a Shape; `init()`.
public struct Circle: Shape {
    nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

/// swiftui/rectangle: `@frozen struct Rectangle`, a Shape; `init()`.
public struct Rectangle: Shape {
    nonisolated public init() {}
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Shape {
    /// swiftui/shape/fill(_:style:) (iOS 13, macOS 10.15): `func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View where S : ShapeStyle`.
    nonisolated public func fill<S>(_ content: S) -> some View where S: ShapeStyle { _ModifiedView() }
}

extension Font {
    /// swiftui/font/weight: `@frozen struct Font.Weight`; `static let semibold`.
    public struct Weight: Hashable, Sendable {
        public static let semibold = Weight()
    }
    /// swiftui/font/weight(_:): `func weight(_ weight: Font.Weight) -> Font`.
    public func weight(_ weight: Font.Weight) -> Font { self }
}

extension View {
    /// swiftui/view/contentshape(_:eofill:): `nonisolated func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S : Shape`.
    nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape {
        _ModifiedView()
    }
    /// swiftui/view/frame(width:height:alignment:): `nonisolated func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View`.
    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    { _ModifiedView() }
}

extension View {
    /// swiftui/view/background(alignment:content:) (iOS 15, macOS 12): `nonisolated func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V : View`.
    nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View
    where V: View { _ModifiedView() }
}

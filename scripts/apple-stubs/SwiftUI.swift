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

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
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
}
public struct Alignment: Equatable, Sendable {
    public static let leading = Alignment()
    public static let center = Alignment()
}

/// swiftui/edge/set: `struct Edge.Set: OptionSet`; `static let all`.
public enum Edge {
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
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

extension DynamicViewContent {
    /// swiftui/dynamicviewcontent/ondelete(perform:): `nonisolated func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent`.
    nonisolated public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { self }
}

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

#if canImport(UIKit)
    import UIKit
    extension Image {
        /// swiftui/image/init(uiimage:): `nonisolated init(uiImage: UIImage)`.
        nonisolated public init(uiImage: UIImage) {}
    }
#endif
#if canImport(AppKit)
    import AppKit
    extension Image {
        /// swiftui/image/init(nsimage:): `nonisolated init(nsImage: NSImage)`.
        nonisolated public init(nsImage: NSImage) {}
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

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
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> { fatalError() }
    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2)
        -> TupleView<(C0, C1, C2)>
    { fatalError() }
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
    /// swiftui/binding/init(get:set:) (not called by AppAlertUI; declared so the wrapper has a public init).
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
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

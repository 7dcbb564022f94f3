@_exported import Redux

/// Makes an action enum ``ActionIdentifiable`` and ``CaseEmbeddable``: it writes the enum's
/// identity, an extractor per case that holds values, and the embeddings lifts take key paths to.
///
/// ```swift
/// @ReduxAction
/// public enum AppAction {
///     case increment
///     case counter(CounterAction)
///     case select(id: Int)
///     case move(from: Int, to: Int)
/// }
/// ```
///
/// adds, inside the enum:
/// - `var actionIdentity: ActionIdentity`: what ``ActionIdentity/init(reflecting:)`` gives each
///   case: the case name (`"increment"`), followed by the contribution of the last associated
///   value that makes one. A value whose type conforms to ``ActionIdentifiable`` contributes its
///   identity; an enum that does not (`Result`, an error enum) its case path; an optional is
///   looked through (`nil` contributes no text but counts); anything else (a `String`, an `Int`,
///   a struct) nothing; a single unlabeled value that is a tuple is followed into its elements.
///   So `.rows(.element(id: 3, action: .save))` is `"rows.element.save"`, `.select(id: 3)` is
///   `"select"` and `.move(from: 1, to: 2)` is `"move"`. Each case with values calls
///   ``ActionIdentity/init(case:payloads:)`` (or ``ActionIdentity/init(case:payload:)`` for one
///   unlabeled value), which computes this: a conforming value costs a cast that folds away
///   where the call is specialized and its own `actionIdentity`; a value that cannot be an enum
///   is ruled out from its type's metadata; only a non-conforming enum or optional is reflected
///   on with `Mirror`.
/// - an extractor per case with associated values, named after the case: `var counter:
///   CounterAction?`, `var select: Int?` (the value, label dropped), `var move: (from: Int, to:
///   Int)?` (a tuple, labels kept); `nil` when the action is another case.
/// - `struct Embeddings: Sendable` with one ``Embedding`` per case with exactly one associated
///   value (`Embedding<AppAction, CounterAction>`, extracting with an `if case` and embedding
///   with the case itself, `AppAction.select(id:)`), and `static var embeddings: Embeddings`, so
///   an API taking an embedding also takes a key path: `lift(state: \.counter, action: \.counter)`,
///   `AppAction.embeddings.counter.embed(.increment)`.
///
/// and an extension conforming the enum to whichever of ``ActionIdentifiable`` and
/// ``CaseEmbeddable`` it does not already declare.
///
/// Every generated member takes the enum's access level when it is `public` or `package`, and
/// none otherwise (internal, `fileprivate` and `private` enums get internal members, which the
/// enum's own access bounds). In a generic enum (`enum Wrapper<T>`) the embeddings are
/// `Embedding<Wrapper<T>, T>`. A case name in backticks (`` case `default`(Int) ``) is spelled
/// with them in code and without them in the identity (`"default"`); a case named `Type`,
/// `Protocol`, `self` or `init` is embedded by a closure, since `AppAction.Type` and the like
/// mean something else.
///
/// Payload types are copied as written, except that an attributed function type is
/// parenthesized in its extractor (`var run: (@Sendable () -> Void)?`), `@autoclosure` is
/// dropped (the extractor holds the closure), and `Self` inside `Embeddings` becomes the enum's
/// type (`Embedding<Tree<T>, Tree<T>>` for `case next(Self)`).
///
/// A case marked `@available(*, unavailable)` gets no extractor and no embedding; any other
/// `@available` attribute of a case (deprecated, or tied to a platform) is copied onto its
/// extractor and embedding, so the generated code builds without warnings.
///
/// What it leaves alone: a `var actionIdentity` written in the enum's body is kept and none is
/// generated; an extractor whose name a member of the enum's body already takes (a `var` or
/// `func`) is not generated, and the embedding for that case still is. An enum without cases is
/// fine: an identity with an empty `switch`, empty `Embeddings`. Members written in an extension
/// are not seen: an extractor declared there with a case's name is declared twice.
///
/// Errors (at compile time): on a struct, class, actor, protocol or extension, "@ReduxAction
/// applies to an enum; ..."; a case inside `#if`, which the macro cannot see, asks to move it
/// out or to conform by hand; a case named `actionIdentity`, `embeddings` or `Embeddings`
/// (a generated member's name), and a case sharing its base name with an earlier one
/// (`set(x:)` and `set(y:)`, whose extractors and embeddings would share it), ask to rename the
/// case. Each generates nothing.
///
/// Isolation: the generated members are nonisolated, pure and `Sendable` where the enum is; they
/// run wherever the action is. TinyRedux's `@ReduxAction` (identity from case names) and The
/// Composable Architecture's `@CasePathable` (case paths, `AllCasePaths`) are the same ideas.
@attached(member, names: named(actionIdentity), named(Embeddings), named(embeddings), arbitrary)
@attached(extension, conformances: ActionIdentifiable, CaseEmbeddable)
public macro ReduxAction() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxActionMacro")

/// Makes a struct a state value: generates its memberwise initializer, its `Sendable` and
/// `Equatable` conformances and, when stored properties carry ``Field(_:)``, the
/// `static var fields` a scattered ``ModuleMap`` is built from (TinyRedux's `@ReduxState`; the
/// same chores The Composable Architecture's `@ObservableState` users write by hand).
///
/// ```swift
/// @ReduxState
/// public struct ProfileState {
///     @Field(\AppState.account.displayName) public var name: String = ""
///     public var count: Int = 0
///     public var note: String?
///     public let id: Int
/// }
/// // public init(name: String = "", count: Int = 0, note: String? = nil, id: Int) { ... }
/// // extension ProfileState: Sendable, Equatable {}
/// // public static var fields: [ModuleField<AppState, ProfileState>] {
/// //     [.bind(\.name, to: \AppState.account.displayName)]
/// // }
/// ```
///
/// **The initializer** takes every stored instance property in declaration order, including each
/// name of `var a, b: Int`; a `let` with an initializer (it cannot be set again), computed,
/// `static` and `lazy` properties are not parameters. A property's initializer is its
/// parameter's default; an optional `var` (`T?`, `T!`, `Optional<T>`) without one defaults to
/// `nil`, like Swift's implicit initializer. A function-typed parameter is `@escaping`. Its
/// access level is the struct's (`public`, `package`, otherwise internal, without a modifier),
/// lowered to the least accessible property among its parameters, as Swift's implicit
/// memberwise initializer is: a `public` struct with a `private` property gets a `private`
/// initializer, which only the struct's declaration and its extensions in the same file can
/// call. A setter's level (`public private(set) var`) does not lower it. When the struct
/// declares an initializer with the same argument labels, none is generated: the declared one
/// stays the only one.
///
/// **The conformances** are those of `Sendable` and `Equatable` the struct does not declare
/// itself. A generic struct gets one extension for each, conditional on every type parameter
/// (`extension Box: Sendable where T: Sendable {}`; `repeat each T: Sendable` for a pack); a
/// value parameter (`let Size: Int`) gets no requirement. The macro sees syntax, not types:
/// when a stored property's type is not `Sendable` or `Equatable`, the compiler names it at the
/// conformance.
///
/// **Fields**: with any ``Field(_:)`` property, `static var fields: [ModuleField<Root, Self>]`
/// (with the struct's access level) holds one `ModuleField.bind(\.property, to: \Root.path)` per
/// marked property, in declaration order — pass it to
/// ``ModuleMap/scattered(_:fields:action:name:)``. Each bound property's type must be
/// `Equatable` and `Sendable` (``ModuleField/bind(_:to:)`` requires it).
///
/// Diagnostics, all errors at the offending syntax; while one stands, no initializer and no
/// `fields` are generated (the conformances still are):
/// - on an enum, class, actor or protocol: "@ReduxState applies to a struct; …";
/// - a stored property without a type annotation (`var count = 0`): asks for one, with a fix-it
///   inserting it when the initializer is an integer (`Int`), floating-point (`Double`), string
///   (`String`) or Boolean (`Bool`) literal;
/// - a stored property declared with a tuple pattern (`var (x, y): (Int, Int)`): asks for one
///   declaration per name;
/// - a property wrapper on a stored property: unsupported, since the wrapper's storage would
///   become the initializer's parameter and the compared value; store the value itself. Any
///   capitalised attribute is taken for one but `@Field`, a global actor (`@MainActor`, a name
///   ending in `Actor`) and the compiler's own (`@NSCopying`, `@NSManaged`, `@IBOutlet`,
///   `@IBInspectable`, `@GKInspectable`);
/// - ``Field(_:)`` key paths from different root types: every field binds into one root.
///
/// Members inside `#if` blocks are not seen. A type declared inside a function cannot carry the
/// macro: the compiler refuses an extension macro on a local type ("local type cannot have
/// attached extension macro"). Expanded at compile time; the generated code has no isolation of
/// its own.
@attached(member, names: named(init), named(fields))
@attached(extension, conformances: Sendable, Equatable)
public macro ReduxState() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxStateMacro")

/// Binds a stored `var` of a ``ReduxState()`` struct to a field of the root state, anywhere in
/// it: the struct's generated `static var fields` gets `.bind(\.property, to: root)` for it, and
/// a scattered ``ModuleMap`` built from those fields reads the property from that root field
/// and writes a changed value back there (TinyRedux's scattered module fields).
///
/// ```swift
/// @ReduxState
/// struct ProfileState {
///     @Field(\AppState.account.displayName) var name: String = ""
///     @Field(\AppState.settings.notificationsOn) var notifications: Bool = false
/// }
/// let profile = ModuleMap<AppState, AppAction, ProfileState, ProfileAction>.scattered(
///     ProfileState(),
///     fields: ProfileState.fields,
///     action: Embedding(\.profile, embed: AppAction.profile),
///     name: "profile"
/// )
/// ```
///
/// The compiler type-checks `root` as a `WritableKeyPath` (so a read-only path is refused);
/// the generated binding checks that the property's type is `Value`. The macro generates
/// nothing itself.
///
/// The root type `fields` names is read from the key path's syntax by the naming convention:
/// the name after `\`, then each following component that is a plain name beginning with an
/// uppercase letter (generic arguments allowed), up to the first other one, the last component
/// always being the bound field. `\App.Root.profile.name` starts at `App.Root`. A nested root
/// type whose name begins with a lowercase letter or an underscore is read as a property: give
/// it a capitalised name with a typealias (`typealias State = state`) and start the key path
/// there.
///
/// A key path without its root type (`\.profile`) is refused by the compiler before the macro
/// expands: it cannot infer `Root` and `Value` ("cannot infer key path type from context;
/// consider explicitly specifying a root type"). Diagnostics, all errors at the use site:
/// - on a `let` ("@Field applies to a stored `var`…", with a fix-it replacing `let` by `var`),
///   or on a computed, `static` or `lazy` property (no fix-it); on a declaration of several
///   names (`var a, b: Int`) the compiler itself refuses it ("peer macro can only be applied to
///   a single variable");
/// - an argument that is not a key path literal (and, where the macro is expanded without type
///   checking, a key path without its root type: asks for `\AppState.profile`);
/// - outside a ``ReduxState()`` struct: asks to add `@ReduxState`;
/// - (from ``ReduxState()``) fields of one state starting at different root types.
@attached(peer)
public macro Field<Root, Value>(_ root: WritableKeyPath<Root, Value>) = #externalMacro(module: "ReduxMacrosPlugin", type: "FieldMacro")

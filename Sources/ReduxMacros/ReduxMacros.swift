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
/// - `var actionIdentity: ActionIdentity`: the case name (`"increment"`); a case with exactly one
///   associated value appends the payload's own identity when the payload's type conforms to
///   ``ActionIdentifiable`` (a cast at run time), so `.rows(.element(id: 3, action: .save))` is
///   `"rows.element.save"` when `RowAction` conforms, and `.select(id: 3)` is `"select"`. A case
///   with several values is its name alone. The result agrees with
///   ``ActionIdentity/init(reflecting:)`` for nested conforming payloads, without reflection: a
///   `switch` and at most one cast per level.
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
/// with them in code and without them in the identity (`"default"`).
///
/// What it leaves alone: a `var actionIdentity` written in the enum's body is kept and none is
/// generated; an extractor whose name a member of the enum's body already takes (a `var` or
/// `func`) is not generated, and the embedding for that case still is. An enum without cases is
/// fine: an identity with an empty `switch`, empty `Embeddings`.
///
/// Errors (at compile time): on a struct, class, actor, protocol or extension, "@ReduxAction
/// applies to an enum; ..."; a case inside `#if`, which the macro cannot see, asks to move it
/// out or to conform by hand. Both generate nothing.
///
/// Isolation: the generated members are nonisolated, pure and `Sendable` where the enum is; they
/// run wherever the action is. TinyRedux's `@ReduxAction` (identity from case names) and The
/// Composable Architecture's `@CasePathable` (case paths, `AllCasePaths`) are the same ideas.
@attached(member, names: named(actionIdentity), named(Embeddings), named(embeddings), arbitrary)
@attached(extension, conformances: ActionIdentifiable, CaseEmbeddable)
public macro ReduxAction() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxActionMacro")

/// A state struct's memberwise initializer, `Sendable` and `Equatable`. (Skeleton.)
@attached(member, names: named(init), named(fields))
@attached(extension, conformances: Sendable, Equatable)
public macro ReduxState() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxStateMacro")

/// Binds a stored property of a `@ReduxState` module state to a root state field. (Skeleton.)
@attached(peer)
public macro Field<Root, Value>(_ root: WritableKeyPath<Root, Value>) = #externalMacro(module: "ReduxMacrosPlugin", type: "FieldMacro")

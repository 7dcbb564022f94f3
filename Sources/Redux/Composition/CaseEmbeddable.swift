/// An enum that publishes one ``Embedding`` per case holding a single value, gathered in a
/// value of its ``Embeddings`` type, so an API can take a key path to one of them:
/// `reducer.lift(state: \.counter, action: \.counter)` reads `AppAction.embeddings.counter`.
///
/// `@ReduxAction` (the `ReduxMacros` product) writes the conformance; without the macros, write
/// it by hand:
///
/// ```swift
/// extension AppAction: CaseEmbeddable {
///     struct Embeddings: Sendable {
///         var counter: Embedding<AppAction, CounterAction> {
///             Embedding(extract: { if case .counter(let action) = $0 { action } else { nil } }, embed: AppAction.counter)
///         }
///     }
///     static var embeddings: Embeddings { Embeddings() }
/// }
/// ```
///
/// The Composable Architecture's `@CasePathable` and its `AllCasePaths` are the same idea.
/// Isolation: none; the embeddings are pure `Sendable` values.
public protocol CaseEmbeddable {
    /// The type whose properties are this enum's embeddings, one per case holding a single value,
    /// named after the case.
    associatedtype Embeddings
    /// The embeddings; key paths into this value name a case.
    static var embeddings: Embeddings { get }
}

extension Embedding where Whole: CaseEmbeddable {
    /// The embedding of the case `keyPath` names: `Embedding(\AppAction.Embeddings.counter)`.
    ///
    /// - Parameter keyPath: a key path into `Whole.Embeddings`, naming one case.
    @inlinable
    public init(_ keyPath: KeyPath<Whole.Embeddings, Embedding<Whole, Part>>) {
        self = Whole.embeddings[keyPath: keyPath]
    }
}

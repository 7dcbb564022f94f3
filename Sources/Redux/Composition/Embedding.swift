/// How a part is found in and put back into a whole: `extract` takes the part out if the whole
/// holds one, `embed` wraps a part into a whole.
///
/// Lifts use two of them. An **action embedding** says which parent actions are a child
/// feature's (`extract`) and how a child action becomes a parent action (`embed`, usually the
/// enum case: `AppAction.counter`). A **case embedding** does the same for a parent state that
/// is an enum of destinations (`Destination.detail`). The Composable Architecture calls this a
/// case path, SwiftRex a prism.
///
/// Both functions must be pure and `@Sendable`: the store calls them on the main actor while an
/// action is processed, and effect tasks call `embed` when they send.
///
/// ```swift
/// let counterActions = Embedding<AppAction, CounterAction>(
///     extract: { if case .counter(let action) = $0 { action } else { nil } },
///     embed: AppAction.counter
/// )
/// ```
public struct Embedding<Whole, Part>: Sendable {
    /// The part the whole holds, or `nil` when it holds another one.
    public let extract: @Sendable (Whole) -> Part?
    /// The whole that holds `part`.
    public let embed: @Sendable (Part) -> Whole

    /// Creates an embedding from its two functions.
    ///
    /// - Parameters:
    ///   - extract: returns the part a whole holds, or `nil` (called on every action the lifted
    ///     component sees, so keep it cheap: a `switch` or `if case`).
    ///   - embed: wraps a part; usually an enum case constructor.
    @inlinable
    public init(extract: @escaping @Sendable (Whole) -> Part?, embed: @escaping @Sendable (Part) -> Whole) {
        self.extract = extract
        self.embed = embed
    }

    /// Creates an embedding whose extraction reads an optional property of the whole, for an
    /// enum that exposes one per case (`var counter: CounterAction? { ... }`).
    ///
    /// - Parameters:
    ///   - keyPath: the property that is non-`nil` exactly when the whole holds the part.
    ///   - embed: wraps a part; usually the matching enum case constructor.
    @inlinable
    public init(_ keyPath: KeyPath<Whole, Part?> & Sendable, embed: @escaping @Sendable (Part) -> Whole) {
        self.extract = { $0[keyPath: keyPath] }
        self.embed = embed
    }
}

/// A named error handler: the pipeline's supervision branch, consulted only when an error is
/// raised.
///
/// Errors come from a middleware that throws or returns `.exit(.resolve(_))`, from a failed
/// `.deferred` handler, and from a `.task` that throws. Resolvers run in the order given to the
/// store, on the main actor, inside the action's run (or, for a task error, as a queued step
/// of its own), and never concurrently with anything else in the pipeline.
///
/// The `id` is a label for logs; duplicates are allowed. This is TinyRedux's resolver.
public struct Resolver<State: Sendable, Action: Sendable>: Sendable {
    /// The function a resolver runs for each error it is shown: called on the main actor,
    /// synchronously, with a context (error, origin, action, state) valid only during the call.
    public typealias Handler = @MainActor @Sendable (ResolverContext<State, Action>) -> ResolverExit<Action>

    /// The label this resolver carries in log events.
    public let id: String

    @usableFromInline
    let body: Handler

    /// Set for lifted resolvers: where the resolver sits in the state tree.
    @usableFromInline
    let lift: Lift<State, Action>?

    /// Creates a resolver.
    ///
    /// - Parameters:
    ///   - id: a label for logs; need not be unique.
    ///   - resolve: called on the main actor with the error, its origin, and the action.
    public init(id: String, _ resolve: @escaping Handler) {
        self.id = id
        self.body = resolve
        self.lift = nil
    }

    /// A lifted resolver.
    @inlinable
    init(id: String, body: @escaping Handler, lift: Lift<State, Action>) {
        self.id = id
        self.body = body
        self.lift = lift
    }
}

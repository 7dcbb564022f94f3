/// A value made from a store's state to be encoded as a frame: usually the part of the state a
/// tool, a test or a persisted copy needs, in the shape it wants.
///
/// ```swift
/// struct Total: StateProjection {
///     let total: Int
///     init(state: Cart) { total = state.total }
/// }
/// ```
///
/// ``init(state:)`` runs on the main actor, in the frames step of the pipeline, right after an
/// action's terminal; it reads the state it is given and nothing else, and should be cheap (it
/// runs once per frame). The value is then encoded by ``CanonicalJSONEncoder``. See
/// <doc:StateFrames>.
public protocol StateProjection<State>: Encodable {
    /// The store's state type.
    associatedtype State

    /// Builds the projection from the state at the frame's moment. Main actor.
    init(state: State)
}

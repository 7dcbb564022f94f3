import Redux

/// One piece of asynchronous work a middleware started while a harness ran it: a
/// `MiddlewareExit.effect(_:)` that was not empty, a `MiddlewareExit.task(_:)` or a
/// `MiddlewareExit.deferred(_:)`.
///
/// Reported by ``MiddlewareHarness`` in ``MiddlewareRun/effectsStarted`` and
/// ``MiddlewareHarness/effectsStarted``, in the order the work started. The ``origin`` is the one
/// an error of that work reaches the resolvers with in a store: `ErrorOrigin.effect(middlewareID:position:)`
/// for an effect or a task, `ErrorOrigin.middleware(id:position:)` for a deferred handler. The
/// harness runs the middleware alone, so the position is 0.
///
/// A value; Sendable, Hashable.
public struct StartedEffect: Sendable, Hashable, CustomStringConvertible {
    /// Which exit started the work.
    public enum Kind: Sendable, Hashable {
        /// `MiddlewareExit.effect(_:)` with a non-empty effect (the store logged `.effectStarted`).
        case effect
        /// `MiddlewareExit.task(_:)`.
        case task
        /// `MiddlewareExit.deferred(_:)`: the action is suspended while the handler runs.
        case deferred
    }

    /// Which exit started the work.
    public let kind: Kind
    /// Where an error the work throws is attributed.
    public let origin: ErrorOrigin

    /// Creates a record, for comparing with what a harness reports.
    public init(_ kind: Kind, origin: ErrorOrigin) {
        self.kind = kind
        self.origin = origin
    }

    /// `task (effect of middleware api#0)`.
    public var description: String { "\(kind) (\(origin))" }
}

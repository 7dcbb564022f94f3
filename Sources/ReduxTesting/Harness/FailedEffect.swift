import Redux

/// An error thrown by a middleware's `.task` or `.effect` work after its action had reached its
/// terminal, as a ``MiddlewareHarness`` saw it (the store's `.effectFailed` log event).
///
/// The harness has no resolvers, so in a store with none such an error would be logged as
/// unresolved; test the resolver that should take it with ``ResolverHarness``.
///
/// Equatable with the library's rule for errors: two failures are equal when their origins are
/// equal and their errors have the same dynamic type and the same `String(describing:)` text.
public struct FailedEffect: Sendable, Equatable, CustomStringConvertible {
    /// Where the error came from (`ErrorOrigin.effect(middlewareID:position:)`).
    public let origin: ErrorOrigin
    /// The error thrown.
    public let error: any Error

    /// Creates a record, for comparing with what a harness reports.
    public init(origin: ErrorOrigin, error: any Error) {
        self.origin = origin
        self.error = error
    }

    /// Same origin, same error type and text.
    public static func == (lhs: FailedEffect, rhs: FailedEffect) -> Bool {
        lhs.origin == rhs.origin && sameHarnessFailure(lhs.error, rhs.error)
    }

    /// `effect of middleware api#0 threw Offline()`.
    public var description: String { "\(origin) threw \(error)" }
}

/// A cap on how often actions of one kind may enter the store, given with a rate-limited
/// dispatch (``Store/dispatch(_:rate:file:line:isolation:)``).
///
/// Actions are grouped by their ``ActionIdentity``: `.search("a")` and `.search("b")` share one
/// budget, `.rows(.element(id: 1, action: .save))` and `.rows(.element(id: 2, action: .save))`
/// share another, and `.rows(.element(id: 1, action: .delete))` has its own. A dispatch the cap
/// does not admit is refused: nothing is queued, its ticket answers
/// ``DispatchOutcome/refused(_:)`` with ``RefusalReason/rateLimited``, and the log records one
/// `.refused(.rateLimited, site)` event. See <doc:RateLimits>.
///
/// The idea is TinyRedux's `DispatchRateLimit`.
///
/// A closed enum (see <doc:EnumPolicy>): it will not gain cases, so a `switch` over it may list
/// both.
///
/// A plain value: `Sendable`, `Hashable`. Any isolation.
public enum RateLimit: Sendable, Hashable {
    /// At most `n` actions of the identity pending at once: dispatched but not yet processed
    /// (waiting in the inbox or in the pipeline queue). Only dispatches made with a `.limit`
    /// are counted; an action stops being pending when its pass starts, or when it is dropped
    /// because the store went away. `n` must be 0 or more (`.limit(0)` refuses every dispatch
    /// of the identity); a negative `n` stops the program.
    ///
    /// A main-actor dispatch on an idle store runs at once and is never pending, so a burst of
    /// main-actor dispatches on an idle store is admitted whole.
    case limit(Int)

    /// At most one action of the identity admitted per interval, leading edge: the first
    /// dispatch is admitted and opens a window of `interval` on the store's clock
    /// (``StoreOptions/clock``, a `TestClock` in tests); dispatches of the identity inside the
    /// window are refused and do not extend it. `interval` must be `.zero` or more (`.zero`
    /// admits every dispatch); a negative interval stops the program.
    case minimumInterval(Duration)
}

extension RateLimit {
    /// Stops the program on a negative limit or interval, naming it.
    @usableFromInline
    func checkValid() {
        switch self {
        case .limit(let count):
            precondition(count >= 0, "RateLimit.limit(\(count)): the limit must be 0 or more")
        case .minimumInterval(let interval):
            precondition(interval >= .zero, "RateLimit.minimumInterval(\(interval)): the interval must be .zero or more")
        }
    }
}

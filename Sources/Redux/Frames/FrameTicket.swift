/// A handle on one frame request, whose ``result`` can be awaited: the frame of a projection of
/// the state taken at one dispatched action's terminal.
///
/// Returned by ``Store/dispatchTrackingFrame(_:as:timeout:file:line:)``. Like a
/// ``DispatchTicket``, it does not reference the store, so holding or awaiting it never keeps
/// the store alive: if the store is released (or invalidated) before the action's terminal, the
/// result is ``FrameError/cancelled``. The result is always answered — the frame, the action's
/// failure, its refusal, the store going away, or the timeout — so awaiting never hangs when the
/// request has a timeout or the store can go away.
///
/// Thread-safe: a ticket is `Sendable` and may be awaited from any task, any number of times.
public struct FrameTicket: Sendable {
    let request: FrameRequest

    /// The dispatch's sequence number: the one its log events and its frame carry.
    public let sequence: UInt64

    init(request: FrameRequest, sequence: UInt64) {
        self.request = request
        self.sequence = sequence
    }

    /// The frame, or why there is none (see ``FrameError``).
    ///
    /// Suspends until the request is answered. Cancelling the awaiting task answers this wait
    /// with ``FrameError/cancelled`` and leaves the request as it is: another wait still gets
    /// its answer.
    public var result: Result<StateFrame, FrameError> {
        get async { await request.wait(cancellingAnswers: false) }
    }

    /// The result if the request was already answered, else `nil`. Never suspends.
    public var resultIfAvailable: Result<StateFrame, FrameError>? { request.current }
}

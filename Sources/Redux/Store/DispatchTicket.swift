/// A handle on one tracked dispatch, whose ``outcome`` can be awaited.
///
/// Returned by ``Store/dispatchTracked(_:file:line:isolation:)``. The ticket does not reference
/// the store at all, so holding or awaiting it never keeps the store alive; if the store is
/// released or invalidated before the action's terminal, the outcome is
/// ``DispatchOutcome/cancelled``. The outcome is always answered, so awaiting never hangs.
///
/// Thread-safe: a ticket is `Sendable` and may be awaited from any task, any number of times.
public struct DispatchTicket<Action: Sendable>: Sendable {
    @usableFromInline let box: OutcomeBox<Action>

    @usableFromInline init(box: OutcomeBox<Action>) { self.box = box }

    /// How the action's run ended, once it has (see ``DispatchOutcome`` for the table).
    ///
    /// Suspends until the action reaches its terminal. Cancelling the awaiting task throws
    /// `CancellationError` from this wait and changes nothing in the store.
    public var outcome: DispatchOutcome<Action> {
        get async throws { try await box.wait() }
    }

    /// The dispatch's sequence number: the ``LogEvent/sequence`` of every log event about this
    /// action, so a ticket can be matched with the log.
    ///
    /// Drawn for every tracked dispatch, whether or not a log handler is attached; `0` only for
    /// a ticket answered without a dispatch (an effect's dispatch after its store was released).
    public var sequence: UInt64 { box.sequence }

    /// The outcome if the action already reached its terminal, else `nil`. Never suspends.
    public var outcomeIfFinished: DispatchOutcome<Action>? { box.current }

    /// Waits until the action reached its terminal and every effect it started has finished —
    /// the effects its reducers and middlewares started, what those merged or concatenated, and,
    /// transitively, the effects of the actions they sent. For SwiftUI's `.refreshable` and
    /// `.task` (The Composable Architecture's `send(_:).finish()`).
    ///
    /// Cancelling the waiting task cancels the effects the action itself started — those of its
    /// reducers and middlewares, with what they merge or concatenate; nothing they send
    /// afterwards, or sent and is still queued, is reduced — and returns at once. The effects of
    /// the actions they sent go on: waiting is transitive, cancelling is not. A sent action's
    /// effects belong to that action, whose reducer may be a parent that outlives the child
    /// whose view task waited (a parent that answers the child's `didFinish` by removing it and
    /// starting a delay keeps its delay); cancelling them would let a cancelled view task undo
    /// work the app decided on. Another wait on the same ticket still waits for them.
    ///
    /// Returns at once if the action started no effect, and once the store is invalidated or
    /// released. An action that one of those effects sent and that a `.deferred` middleware
    /// suspended is waited for until it resumes and ends.
    public func waitForEffects() async {
        do {
            _ = try await box.wait()
        } catch {
            box.cancelEffects()
            return
        }
        guard let group = box.existingEffects else { return }
        await group.wait()
    }
}

extension DispatchTicket {
    /// A ticket already answered `.refused(reason)`, for a dispatch that reached no store (the
    /// store of an effect's context or of a snapshot was released): its sequence number is 0.
    init(refused reason: RefusalReason) {
        let box = OutcomeBox<Action>(sequence: 0)
        box.resolve(.refused(reason))
        self.init(box: box)
    }
}

import Foundation

/// The after-terminal steps and the persistence step: right after an action's terminal (its log
/// event and its ticket's outcome) and the frames step, before the next queued action, on the
/// main actor — only while `runsAfterTerminal` is set.
extension Store {
    /// Runs the frames step if frames are registered, then the persistence step. Out of line,
    /// so that a store with neither pays only the flag's test at each terminal.
    ///
    /// "Handled" is what the observation step saw: it runs after a reducer chain only when a
    /// reducer handled the action (`.reduced`, or a resolver's recovery that reduced), and a
    /// store with a persistence always takes it (Observation/Store+Observation.swift), marking
    /// ``persistenceSawHandled``. Passing the outcome here instead would cost every terminal
    /// of every store instructions, even with nothing after the terminal.
    ///
    /// Inlinable (specialized for the app's types, so the recorder step copies the state and the
    /// action without generic witnesses) but kept out of line.
    @inlinable @inline(never)
    func afterTerminal(_ outcome: DispatchOutcome<Action>, action: Action, sequence: UInt64) {
        if hasFrameWork { takeFrames(sequence: sequence) }
        if isRecording { recordStep(outcome, action: action) }
        if persistence != nil { persistenceStep() }
    }

    /// The persistence step (see <doc:PersistingState>).
    @usableFromInline
    func persistenceStep() {
        guard let persistence else { return }
        let handled = persistenceSawHandled
        persistenceSawHandled = false
        if isInvalidated {
            // Invalidated from inside this action's pass: its pending save (and this action's,
            // if a reducer handled it) is written now, and the lock released.
            persistence.close(storage, force: handled)
            return
        }
        if handled { schedulePersistenceSave(persistence) }
    }

    /// After a handled action: unless a save is already scheduled, starts the store's timer
    /// task, which sleeps ``Persistence/interval`` on the store's clock and then takes the
    /// snapshot on the main actor and waits until the writer wrote it. The task is the store's
    /// own (cancelled with the store, counted for a test clock's quiescence so that a step of
    /// time waits for the write) but not an effect (a test store does not see it in flight).
    func schedulePersistenceSave(_ persistence: Persistence<State>) {
        guard persistence.needsSchedule() else { return }
        let clock = effectClock
        let deadline = clock.now.advanced(by: persistence.interval)
        let timer = runtime.spawn(priority: nil, ids: [], group: nil, housekeeping: true) { [weak self] token in
            do {
                try await clock.sleep(until: deadline, tolerance: nil)
            } catch {
                return
            }
            guard !token.isCancelled, let signal = await self?.firePersistenceSave(token) else { return }
            _ = await signal.wait()
        }
        persistence.scheduled(timer: timer)
    }

    /// The timer fired: the snapshot of the current state goes to the writer.
    func firePersistenceSave(_ timer: EffectToken) -> PersistenceWriteSignal? {
        guard let persistence, !isInvalidated else { return nil }
        // Never a travelled state: the live one (see <doc:TimeTravel>).
        return persistence.fire(timer: timer, state: travel?.live ?? storage)
    }

    /// ``invalidate()``: the pending save is written now, synchronously, and the lock released;
    /// called from inside the pipeline, the lock is released at the current action's terminal
    /// (which writes that action's save too). Not every call with `isProcessing` set has a
    /// terminal still to come (a subscription's callback, a log handler, events flushed at the
    /// end of a call): a main-actor task enqueued now closes the persistence right after the
    /// current main-actor call, if the lock is still held then. Slow path only: the dispatch
    /// path pays nothing for it.
    func invalidatePersistence(_ persistence: Persistence<State>) {
        if isProcessing {
            persistence.writePending(storage)
            Task { @MainActor [weak self] in
                // Released meanwhile: its deinitializer closed the persistence.
                guard let self else { return }
                persistence.close(self.storage, force: false)
            }
        } else {
            persistence.close(storage, force: false)
        }
    }
}

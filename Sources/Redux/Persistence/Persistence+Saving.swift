import Foundation

/// Saving: scheduling (on the store's clock), taking the snapshot (main actor), and writing it
/// (the serial writer, or the invalidating or releasing thread).
extension Persistence {
    /// A handled action's terminal: returns `true` if a save must be scheduled now (none is
    /// pending and the lock is held); the caller then starts the timer and hands it to
    /// ``scheduled(timer:)``. Main actor.
    func needsSchedule() -> Bool {
        core.withLock { core in
            guard core.holdsLock, !core.isScheduled else { return false }
            core.isScheduled = true
            return true
        }
    }

    /// Keeps the timer of the scheduled save, so that a flush or a purge can cancel it.
    func scheduled(timer: EffectToken?) {
        core.withLock { core in
            if core.isScheduled { core.timer = timer }
        }
        // A timer that could not start (the store is closing) leaves the save pending: the
        // invalidation or the release writes it.
    }

    /// The timer `timer` fired on the main actor: takes the snapshot of `state` and hands it to
    /// the writer. Returns `nil` when that save was taken meanwhile (a flush, a purge, the
    /// store's invalidation).
    @MainActor
    func fire(timer: EffectToken, state: State) -> PersistenceWriteSignal? {
        let taken = core.withLock { core -> Bool in
            guard core.isScheduled, core.timer === timer, core.holdsLock else { return false }
            core.isScheduled = false
            core.timer = nil
            core.saveCount += 1
            return true
        }
        guard taken else { return nil }
        return enqueue(capture(state))
    }

    /// Hands an encoding to the writer; the signal tells when it is written.
    func enqueue(_ job: @escaping @Sendable () throws(StateCodingError) -> Data) -> PersistenceWriteSignal {
        let signal = PersistenceWriteSignal()
        writer.async { [self] in signal.finish(perform(job)) }
        return signal
    }

    /// Encodes and writes one save on the calling thread (the writer, or a thread that waited
    /// for it to drain), then records and reports the result. Returns the failure, if any.
    @discardableResult
    func perform(_ job: () throws(StateCodingError) -> Data) -> PersistenceError? {
        let event = save(job)
        report(event)
        if case .saveFailed(let error) = event { return error }
        return nil
    }

    /// Encodes and writes one save on the calling thread and records the result: a success
    /// clears ``lastError``; a failure is kept there and the save stays pending
    /// (`retryPending`: the next save writes even if none is scheduled). Returns the event to
    /// report, ``PersistenceEvent/saved(bytes:timings:)`` or ``PersistenceEvent/saveFailed(_:)``.
    func save(_ job: () throws(StateCodingError) -> Data) -> PersistenceEvent {
        let clock = ContinuousClock()
        let start = clock.now
        let data: Data
        let failure: PersistenceError
        do throws(StateCodingError) {
            data = try job()
            let encode = clock.now - start
            do throws(PersistenceError) {
                let (write, sync) = try disk.write(data)
                core.withLock { core in
                    core.lastError = nil
                    core.retryPending = false
                }
                return .saved(bytes: data.count, timings: SaveTimings(encode: encode, write: write, sync: sync))
            } catch {
                failure = error
            }
        } catch {
            failure = .encoding(file: file, reason: error)
        }
        core.withLock { core in
            core.lastError = failure
            core.retryPending = true
        }
        return .saveFailed(failure)
    }

    /// Tells `onEvent` of a save's result; a failed save with no `onEvent` is written as a
    /// diagnostic line instead.
    func report(_ event: PersistenceEvent) {
        if let onEvent {
            onEvent(event)
        } else if case .saveFailed(let error) = event {
            core.withLock { $0.diagnostics }?.reportFailedSave(error)
        }
    }

    /// Takes the pending save (a scheduled one, or the state of a save that failed; with
    /// `force`, a save even if none is pending) from `state`:
    /// cancels its timer and counts it. `nil` when there is nothing to save or the lock is no
    /// longer held. Any thread.
    func take(_ state: @autoclosure () -> State?, force: Bool) -> (@Sendable () throws(StateCodingError) -> Data)? {
        guard let state = state() else { return nil }
        let (taken, timer) = core.withLock { core -> (Bool, EffectToken?) in
            guard core.holdsLock, core.isScheduled || core.retryPending || force else { return (false, nil) }
            let timer = core.timer
            core.isScheduled = false
            core.timer = nil
            core.saveCount += 1
            return (true, timer)
        }
        timer?.cancelTask()
        return taken ? capture(state) : nil
    }

    /// Saves the store's current state now, even if no save is pending, and waits until it is
    /// written (with its `fsync` calls). A pending save is taken by this one (its timer is
    /// cancelled). Does nothing before the store exists or once it was invalidated or released.
    ///
    /// Main actor: the snapshot is taken at the call; the encoding and the write run on the
    /// writer, after the saves taken before it.
    ///
    /// - Throws: the save's ``PersistenceError`` (also in ``lastError`` and reported as
    ///   ``PersistenceEvent/saveFailed(_:)``).
    @MainActor
    public func flush() async throws(PersistenceError) {
        let read = core.withLock { $0.currentState }
        guard let read, let job = take(read(), force: true) else { return }
        if let error = await enqueue(job).wait() { throw error }
    }

    /// Deletes the file. A pending save is dropped; the next handled action schedules a save
    /// again (which writes a fresh file). Main actor; waits for the saves already handed to the
    /// writer, so none of them re-creates the file afterwards.
    ///
    /// Only while the persistence serves a live store, which holds the file's lock: before a
    /// store was created with it, or once that store was invalidated or released, the file may
    /// belong to another store (another process), and `purge()` throws instead of deleting it.
    ///
    /// - Throws: ``PersistenceError/notAttached(file:)`` when the persistence serves no store
    ///   (nothing is deleted); ``PersistenceError/io(file:operation:code:)`` when the file exists
    ///   and cannot be deleted (also kept in ``lastError``). On success, `onEvent` is told
    ///   ``PersistenceEvent/purged``.
    @MainActor
    public func purge() throws(PersistenceError) {
        let (held, timer) = core.withLock { core -> (Bool, EffectToken?) in
            guard core.holdsLock else { return (false, nil) }
            let timer = core.timer
            core.isScheduled = false
            core.retryPending = false
            core.timer = nil
            return (true, timer)
        }
        guard held else { throw .notAttached(file: file) }
        timer?.cancelTask()
        let failure = writer.sync { () -> PersistenceError? in
            // Checked again on the writer: a release on another thread unlocks only after the
            // writer drained, so the lock is still held while the file is deleted.
            guard core.withLock({ $0.holdsLock }) else { return .notAttached(file: file) }
            do throws(PersistenceError) {
                try disk.remove()
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            if case .notAttached = failure { throw failure }
            core.withLock { $0.lastError = failure }
            throw failure
        }
        onEvent?(.purged)
    }

    /// The store is invalidated or released: writes the pending save from `state`
    /// synchronously on the calling thread, once the writer has drained (`force`: even if none
    /// is pending), then releases the file's lock. Later calls do nothing.
    func close(_ state: @autoclosure () -> State?, force: Bool) {
        // The writer drains first, so that a save failing on it leaves its state pending here.
        writer.sync {}
        let job = take(state(), force: force)
        if let job { perform(job) }
        let held = core.withLock { core -> Bool in
            defer {
                core.holdsLock = false
                core.currentState = nil
            }
            return core.holdsLock
        }
        if held { disk.unlock() }
    }

    /// Writes the pending save from `state` synchronously (after the writer drained), keeping
    /// the lock: for an invalidation from inside the pipeline, whose action's terminal still
    /// comes and closes the persistence.
    func writePending(_ state: State) {
        writer.sync {}
        let job = take(state, force: false)
        if let job { perform(job) }
    }
}

import Foundation

/// Attaching a persistence to a store: the lock, the restore, and what it reports. Runs in the
/// store's initializer, on the main actor, before the store exists.
extension Persistence {
    /// Takes the file's lock, removes leftover temporary files, reads the file and restores it
    /// into `initialState` (migrating an older file and saving the result at once). A bad file
    /// is kept aside and reported, and `initialState` is returned unchanged.
    ///
    /// - Throws: ``PersistenceError/alreadyAttached(file:)``, ``PersistenceError/inUse(file:waited:)``,
    ///   or ``PersistenceError/io(file:operation:code:)`` when the file cannot be read or a bad
    ///   file cannot be renamed (the store is not created then: nothing is overwritten).
    @MainActor
    func restore(into initialState: State, diagnostics: DiagnosticSink?) throws(PersistenceError) -> State {
        let free = core.withLock { core -> Bool in
            guard !core.isAttached else { return false }
            core.isAttached = true
            return true
        }
        guard free else { throw .alreadyAttached(file: file) }
        var state = initialState
        let status: PersistenceStatus
        do throws(PersistenceError) {
            try disk.lock(timeout: lockTimeout)
            do throws(PersistenceError) {
                disk.removeLeftovers()
                status = try read(into: &state, initialState: initialState)
            } catch {
                disk.unlock()
                throw error
            }
        } catch {
            core.withLock { $0.isAttached = false }
            throw error
        }
        core.withLock { core in
            core.status = status
            core.holdsLock = true
            core.diagnostics = diagnostics
        }
        // The migrated state is saved at once; its result is reported after `.restored`. A
        // failed save stays pending: the next save, the invalidation or the release writes it.
        var migrationSave: PersistenceEvent?
        if case .migrated = status {
            core.withLock { $0.saveCount += 1 }
            let job = capture(state)
            migrationSave = writer.sync { save(job) }
        }
        if let onEvent {
            onEvent(.restored(status))
        } else if case .recovered(let error, let keptAside) = status, let diagnostics {
            diagnostics.reportBadPersistedFile(error, keptAside: keptAside)
        }
        if let migrationSave { report(migrationSave) }
        return state
    }

    /// Reads the file into `state`; a bad file is renamed aside (and `state` reset).
    private func read(into state: inout State, initialState: State) throws(PersistenceError) -> PersistenceStatus {
        guard let data = try disk.read() else { return .startedFresh }
        do throws(PersistenceError) {
            return try load(data, &state)
        } catch {
            state = initialState
            let aside = try disk.keepAside()
            return .recovered(error, keptAside: aside)
        }
    }

    /// Points the persistence at its store, whose initializer is about to run the install hooks.
    @MainActor
    func attach(currentState: @escaping @MainActor @Sendable () -> State?) {
        core.withLock { $0.currentState = currentState }
    }
}

extension DiagnosticSink {
    /// A bad persisted file, with no `onEvent` to tell.
    func reportBadPersistedFile(_ error: PersistenceError, keptAside: URL?) {
        let aside = keptAside.map { " It was kept aside as \($0.path)." } ?? ""
        write("swift-redux: persistence: \(error).\(aside) The store starts from its initial state. Give the Persistence an onEvent handler, or set StoreOptions.printsDiagnostics = false.")
    }

    /// A save that failed, with no `onEvent` to tell.
    func reportFailedSave(_ error: PersistenceError) {
        write("swift-redux: persistence: a save failed: \(error). The file keeps its previous content; the next save tries again. Give the Persistence an onEvent handler, or set StoreOptions.printsDiagnostics = false.")
    }
}

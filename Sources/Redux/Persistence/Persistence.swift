import Foundation

/// Keeps a store's state in a file: restores it when the store is created and saves a `Codable`
/// snapshot of it after the actions a reducer handled. See <doc:PersistingState>.
///
/// Give it to a store's throwing initializer
/// (``Store/init(initialState:reducers:middlewares:resolvers:options:persistence:onLog:)``):
/// the store takes the file's lock, restores (migrating an older file and saving the result at
/// once) and only then runs its middleware install hooks. After each action a reducer handled, a
/// save is scheduled `interval` later on the store's clock unless one is already scheduled: at
/// most one save per interval, never postponed by a flood of actions, and the last state always
/// saved. The snapshot is taken on the main actor when the save fires; a serial writer encodes it
/// and writes the file atomically (temporary file, `fsync`, rename, `fsync` of the directory) off
/// the main actor.
///
/// One persistence serves one store: attaching it to a second store throws
/// ``PersistenceError/alreadyAttached(file:)``. The file's lock is held from the store's creation
/// until ``Store/invalidate()`` or the store's release, which both write a pending save first.
///
/// Thread-safe: a final class whose mutable state is behind a lock. The ideas come from
/// redux-persist (a store rehydrated from storage, with versioned migrations) and The Composable
/// Architecture's file storage (a shared value saved to a file, coalesced, flushed on exit).
public final class Persistence<State: Sendable>: Sendable {
    /// The file the state is saved to. Beside it, in the same directory: the lock file
    /// `<name>.lock`, temporary files `<name>.tmp-<pid>-<n>` while a save runs, and bad files
    /// kept aside as `<name>.corrupt-<UTC timestamp>`.
    public let file: URL
    /// The schema version written in the file (at least 1). A file with a lower version is
    /// migrated; one with a higher version is kept aside.
    public let version: Int
    /// The longest time between a handled action and the save that includes it, on the
    /// store's clock (``StoreOptions/clock``). At least `.zero`.
    public let interval: Duration
    /// How long the store's initializer waits for another process's (or persistence's) lock,
    /// in real (monotonic) time: `nil` waits for ever, `.zero` fails at once. The wait blocks
    /// the thread creating the store (the main actor), polling every few milliseconds: a GUI app
    /// should pass a short timeout, or create the store off its launch path.
    public let lockTimeout: Duration?

    let onEvent: (@Sendable (PersistenceEvent) -> Void)?
    /// Takes the snapshot of a state (on the calling thread) and returns the encoding of the
    /// file's whole content, to run later on the writer.
    let capture: @Sendable (State) -> @Sendable () throws(StateCodingError) -> Data
    /// Reads a file's content into the state: returns the status and whether the result must
    /// be saved at once (a migration).
    let load: @Sendable (Data, inout State) throws(PersistenceError) -> PersistenceStatus
    /// The file layer: lock, read, atomic write, keep aside, remove.
    let disk: PersistenceFile
    /// Runs the encodings and writes, one at a time, in the order the snapshots were taken.
    let writer = DispatchQueue(label: "swift-redux.persistence")
    let core = Locked(PersistenceCore<State>())

    /// A persistence for a state that is itself `Codable`, saved whole.
    ///
    /// - Parameters:
    ///   - file: where the state is saved; its directory must exist.
    ///   - version: the schema version (≥ 1) written in the file.
    ///   - interval: the longest time from a handled action to its save, on the store's clock.
    ///   - lockTimeout: how long the store's creation waits for the file's lock (real time);
    ///     `nil` for ever.
    ///   - migrate: turns an older file's content into the current state; runs once, in the
    ///     store's initializer (main actor), and its result is saved at once.
    ///   - onEvent: told what restoring did, and of each save, failure and purge (see
    ///     ``PersistenceEvent`` for the thread of each). It must not wait for the main actor:
    ///     ``Store/invalidate()`` waits on the main actor for the writer that calls it.
    public convenience init(
        file: URL,
        version: Int = 1,
        interval: Duration = .milliseconds(500),
        lockTimeout: Duration? = .seconds(10),
        migrate: (@Sendable (PersistedState) throws -> State)? = nil,
        onEvent: (@Sendable (PersistenceEvent) -> Void)? = nil
    ) where State: Codable {
        self.init(
            file: file, version: version, interval: interval, lockTimeout: lockTimeout,
            snapshot: { $0 }, restore: { saved, state in state = saved },
            migrate: migrate, onEvent: onEvent
        )
    }

    /// A persistence that saves a projection of the state.
    ///
    /// - Parameters:
    ///   - file: where the state is saved; its directory must exist.
    ///   - version: the schema version (≥ 1) written in the file.
    ///   - interval: the longest time from a handled action to its save, on the store's clock.
    ///   - lockTimeout: how long the store's creation waits for the file's lock (real time);
    ///     `nil` for ever.
    ///   - snapshot: the part of the state to save. Pure and `Sendable`: it runs on the main
    ///     actor when a save fires, and in the store's deinitializer on the releasing thread.
    ///   - restore: writes a saved snapshot back into the state; runs in the store's
    ///     initializer (main actor), on the initial state given to it.
    ///   - migrate: turns an older file's content into a current snapshot; runs once, in the
    ///     store's initializer (main actor), and its result is saved at once.
    ///   - onEvent: told what restoring did, and of each save, failure and purge (see
    ///     ``PersistenceEvent`` for the thread of each); it must not wait for the main actor.
    public init<Snapshot: Codable & Sendable>(
        file: URL,
        version: Int = 1,
        interval: Duration = .milliseconds(500),
        lockTimeout: Duration? = .seconds(10),
        snapshot: @escaping @Sendable (State) -> Snapshot,
        restore: @escaping @Sendable (Snapshot, inout State) -> Void,
        migrate: (@Sendable (PersistedState) throws -> Snapshot)? = nil,
        onEvent: (@Sendable (PersistenceEvent) -> Void)? = nil
    ) {
        precondition(version >= 1, "Persistence version must be at least 1 (got \(version)).")
        precondition(interval >= .zero, "Persistence interval must not be negative (got \(interval)).")
        if let lockTimeout { precondition(lockTimeout >= .zero, "Persistence lockTimeout must not be negative (got \(lockTimeout)).") }
        self.file = file
        self.version = version
        self.interval = interval
        self.lockTimeout = lockTimeout
        self.onEvent = onEvent
        self.disk = PersistenceFile(url: file)
        self.capture = { state in
            let saved = PersistedEnvelope(state: snapshot(state), version: version)
            return { () throws(StateCodingError) -> Data in try CanonicalJSONEncoder().encode(saved) }
        }
        self.load = { data, state throws(PersistenceError) -> PersistenceStatus in
            try PersistedEnvelope<Snapshot>.load(data, file: file, version: version, migrate: migrate, restore: restore, into: &state)
        }
    }

    /// What restoring did: ``PersistenceStatus/notAttached`` until a store was created with
    /// this persistence. Any thread.
    public var status: PersistenceStatus { core.withLock { $0.status } }

    /// The saves taken since the store was created (a snapshot captured, the migrated state's
    /// save included), whether or not they reached the disk yet. Any thread.
    public var saveCount: Int { core.withLock { $0.saveCount } }

    /// The last save or purge failure; `nil` again after a save that succeeds. Any thread.
    public var lastError: PersistenceError? { core.withLock { $0.lastError } }
}

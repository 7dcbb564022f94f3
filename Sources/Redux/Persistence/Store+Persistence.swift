import Foundation

/// Creating a store with a ``Persistence``: see <doc:PersistingState>.
extension Store {
    /// Creates a store whose state is restored from, and saved to, `persistence`'s file.
    ///
    /// In order, on the main actor: takes the file's lock (waiting up to
    /// ``Persistence/lockTimeout``, real time), removes leftover temporary files (only under the
    /// lock), reads the file, migrates an older version (the migrated state is saved at once,
    /// synchronously, before anything else), restores it into `initialState` through the
    /// persistence's mapping, tells `onEvent` ``PersistenceEvent/restored(_:)``, and only then
    /// runs the middleware install hooks, on the restored state (what they dispatch is handled,
    /// and saved, like any action).
    ///
    /// A bad file never throws: a corrupt file, a newer version, a failed or missing migration is
    /// renamed aside (`<name>.corrupt-<UTC timestamp>`), reported in ``Persistence/status``
    /// (``PersistenceStatus/recovered(_:keptAside:)``), to `onEvent`, or — with no `onEvent` — as
    /// one diagnostic line (debug builds); the store starts from `initialState` and its next
    /// save writes a fresh file.
    ///
    /// The lock is held until ``invalidate()`` or the store's release, which write a pending
    /// save first.
    ///
    /// Waiting for the lock blocks the calling thread (the main actor): it polls every few
    /// milliseconds for up to ``Persistence/lockTimeout``, 10 seconds by default. A GUI app
    /// should pass a short timeout, or create the store off its launch path.
    ///
    /// - Throws: ``PersistenceError/inUse(file:waited:)`` when the lock stays taken for
    ///   ``Persistence/lockTimeout``; ``PersistenceError/alreadyAttached(file:)`` when the
    ///   persistence already serves a store; ``PersistenceError/io(file:operation:code:)`` when
    ///   the lock file cannot be opened (a missing directory) or locked, the file cannot be
    ///   read, or a bad file cannot be renamed aside.
    public convenience init(
        initialState: State,
        reducers: [Reducer<State, Action>],
        middlewares: [Middleware<State, Action>] = [],
        resolvers: [Resolver<State, Action>] = [],
        options: StoreOptions = StoreOptions(),
        persistence: Persistence<State>,
        onLog: LogHandler? = nil
    ) throws(PersistenceError) {
        let restored = try persistence.restore(into: initialState, diagnostics: options.activeDiagnostics)
        self.init(
            initialState: restored, reducers: reducers, middlewares: middlewares, resolvers: resolvers,
            options: options, onLog: onLog, reference: nil, persistence: persistence
        )
    }

    /// Creates a store with one plain reducer that handles every action, whose state is
    /// restored from, and saved to, `persistence`'s file; as
    /// ``init(initialState:reducers:middlewares:resolvers:options:persistence:onLog:)`` otherwise.
    public convenience init(
        initialState: State,
        options: StoreOptions = StoreOptions(),
        persistence: Persistence<State>,
        onLog: LogHandler? = nil,
        reduce: @escaping @Sendable (inout State, Action) -> Void
    ) throws(PersistenceError) {
        try self.init(
            initialState: initialState,
            reducers: [Reducer(id: "reduce", handlingAll: reduce)],
            options: options,
            persistence: persistence,
            onLog: onLog
        )
    }
}

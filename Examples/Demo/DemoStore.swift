import Redux
import ReduxClocks

/// How the demo makes its store: one factory for a session replay, a recorded replay
/// (`--record`) and the replay check of a recording (`--replay-check`), so the three build the
/// same store from the same parts.
///
/// Isolation: main actor, where the store lives.
@MainActor
enum DemoStore {
    /// The options a session replay runs with: `clock`, and a `.test` dependency container, so
    /// the built-in `\.uuid` counts up from zero and `\.date` is always the same instant. These
    /// are the options the replay check hands its factory, so a recording and its check run
    /// alike. (The demo's features read neither generator today; one that starts to stamp ids
    /// or dates into the state stays replayable.)
    static func options(clock: TestClock) -> StoreOptions {
        StoreOptions(clock: clock, dependencies: Dependencies(context: .test))
    }

    /// A fresh store with the demo's initial state, reducers, middlewares and resolvers, on
    /// `options` (its clock must be a `TestClock`), logging every event to `transcript`.
    ///
    /// The app's dependencies (``AppEnvironment``, whose movie server counts requests) are made
    /// anew for each store, so no two stores share a server's condition.
    static func make(options: StoreOptions, transcript: Transcript) -> Store<AppState, AppAction> {
        // The dependencies, given once: the movies feature's lift derives its environment from them.
        let environment = AppEnvironment.demo()
        return Store(
            initialState: AppState(),
            reducers: Reducers.app(environment: environment),
            middlewares: Middlewares.all,
            resolvers: Resolvers.all,
            options: options,
            onLog: { event in transcript.record(event) }
        )
    }
}

import Redux

// An example feature for OptionalChildFeatureTests: a screen that presents a stopwatch sheet.
// The stopwatch is a child feature written against its own state and actions; its `start` runs
// a timer on the store's clock. The parent holds it as `Presented<Stopwatch>?` and lifts its
// reducer, so dismissing the sheet (or presenting a new one) ends the old instance's timer.

/// The child's state.
struct Stopwatch: Equatable, Sendable {
    var seconds = 0
    var isRunning = false
}

/// The child's actions; `tick` is sent by its timer.
enum StopwatchAction: Equatable, Sendable {
    case start
    case tick
    case stop
}

/// The parent's state: the sheet, when presented.
struct StopwatchScreen: Equatable, Sendable {
    var sheet: Presented<Stopwatch>?
}

/// The parent's actions: its own, and the child's wrapped in `sheet`.
enum StopwatchScreenAction: Equatable, Sendable {
    case presentSheet
    case dismissSheet
    case sheet(StopwatchAction)
}

enum StopwatchFeature {
    /// How often the stopwatch ticks.
    static let interval = Duration.seconds(1)

    /// The child: `start` runs a timer sending `tick` every ``interval`` (cancellable by `stop`).
    static let stopwatch = Reducer<Stopwatch, StopwatchAction>(id: "stopwatch", effects: { state, action in
        switch action {
        case .start:
            state.isRunning = true
            return Effect.timer(every: interval, send: .tick).cancellable(id: "ticks", cancelInFlight: true)
        case .tick:
            state.seconds += 1
            return .none
        case .stop:
            state.isRunning = false
            return .cancel(id: "ticks")
        }
    })

    /// The parent's own reducer: presents a fresh stopwatch, or dismisses it.
    static let screen = Reducer<StopwatchScreen, StopwatchScreenAction>(id: "screen") { state, action in
        switch action {
        case .presentSheet: state.sheet = Presented(Stopwatch())
        case .dismissSheet: state.sheet = nil
        case .sheet: return .defaultNext
        }
        return .next
    }

    /// Which parent actions are the child's.
    static let sheetActions = Embedding<StopwatchScreenAction, StopwatchAction>(
        extract: { if case let .sheet(action) = $0 { action } else { nil } },
        embed: StopwatchScreenAction.sheet
    )

    /// The parent's reducer chain: its own, then the child lifted into `sheet`.
    static let reducers = [screen, stopwatch.lift(state: \StopwatchScreen.sheet, action: sheetActions)]
}

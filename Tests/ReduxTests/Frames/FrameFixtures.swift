import Foundation
import Redux
import ReduxTesting

/// The state the frames tests encode: a count (the usual change key), a label that changes
/// nothing the key sees, and a ratio that can be made NaN.
struct FrameTally: Sendable, Hashable, Codable {
    var count = 0
    var label = ""
    var ratio = 0.0
}

enum FrameTallyAction: Sendable, Equatable {
    case increment
    case touch
    case label(String)
    case poison
    case heal
    case addTen
    /// Consumed by a middleware's `.exit(.done)` (with `tallyMiddlewares`).
    case consume
    /// Suspended by a `.deferred` handler that sleeps `nap` on the store's clock, then resumes.
    case later
    /// Thrown by a middleware; with `resolver`, handed to it.
    case boom
    /// Reduced, and a middleware dispatches `.label("follow-up")` behind it.
    case withFollowUp
}

struct FrameTallyError: Error, Equatable {
    let name: String
}

/// The count alone.
struct CountProjection: StateProjection, Codable, Equatable {
    let count: Int
    init(state: FrameTally) { count = state.count }
}

/// The count and the ratio (NaN after `.poison`).
struct RatioProjection: StateProjection, Codable, Equatable {
    let count: Int
    let ratio: Double
    init(state: FrameTally) {
        count = state.count
        ratio = state.ratio
    }
}

func reduceTally(_ state: inout FrameTally, _ action: FrameTallyAction) -> Bool {
    switch action {
    case .increment, .withFollowUp: state.count += 1
    case .touch: break
    case .label(let text): state.label = text
    case .poison:
        state.count += 1
        state.ratio = .nan
    case .heal:
        state.count += 1
        state.ratio = 1
    case .addTen, .later: state.count += 10
    case .consume, .boom: return false
    }
    return true
}

/// A store of `FrameTally` with the fixture middlewares and `resolver` (none by default).
@MainActor
func makeTallyStore(
    clock: any Clock<Duration> = ContinuousClock(),
    nap: Duration = .seconds(3_600),
    resolver: Resolver<FrameTally, FrameTallyAction>? = nil,
    onLog: Store<FrameTally, FrameTallyAction>.LogHandler? = nil
) -> Store<FrameTally, FrameTallyAction> {
    let middleware = Middleware<FrameTally, FrameTallyAction>(id: "fixture") { context in
        switch context.action {
        case .consume:
            return .exit(.done)
        case .later:
            return .deferred { effect in
                try await effect.clock.sleep(for: nap)
                return .next
            }
        case .boom:
            throw FrameTallyError(name: "boom")
        case .withFollowUp:
            context.dispatch(.label("follow-up"))
            return .next
        default:
            return .next
        }
    }
    return Store(
        initialState: FrameTally(),
        reducers: [Reducer(id: "tally") { state, action in reduceTally(&state, action) ? .next : .defaultNext }],
        middlewares: [middleware],
        resolvers: resolver.map { [$0] } ?? [],
        options: StoreOptions(clock: clock, printsDiagnostics: false),
        onLog: onLog
    )
}

/// Reads every element of `stream` until it ends: the counts of its frames (`nil` for a failure).
func counts(of stream: FrameStream) async -> [Int?] {
    var result: [Int?] = []
    for await element in stream {
        result.append(try? element.get().decode(CountProjection.self).count)
    }
    return result
}

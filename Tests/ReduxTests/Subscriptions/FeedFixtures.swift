import Foundation
import Redux
import Testing

// A feed state with one member of each comparison class, for the select subscription and state
// stream rules.

/// A small reference-free `Equatable` struct (16 bytes of integers).
struct FeedPoint: Equatable, Sendable {
    var x = 0
    var y = 0
}

/// A small `Equatable` struct holding a `String` (compared by value, not by bytes).
struct FeedTitle: Equatable, Sendable {
    var text = "t"
    var level = 0
}

/// A value that is not `Equatable`.
struct FeedPayload: Sendable {
    var size = 0
}

/// A row of the feed's `IdentifiedArray`.
struct FeedRow: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
}

struct FeedState: Sendable {
    var balance = 0
    var flag = false
    var label = "a"
    var point = FeedPoint()
    var title = FeedTitle()
    var note: String?
    var payload = FeedPayload()
    var rows = IdentifiedArray<FeedRow>(uniqueElements: [FeedRow(id: 1, title: "one"), FeedRow(id: 2, title: "two")])

    /// A computed property: its key path has no offset in the state.
    var doubled: Int { balance * 2 }
}

enum FeedAction: Sendable, Equatable {
    case deposit(Int)
    case set(Int)
    case flag(Bool)
    case label(String)
    case point(FeedPoint)
    case title(FeedTitle)
    case note(String?)
    case payload(Int)
    /// Mutates row 1 in place, writing the title it already has (an equal rewrite).
    case rewriteRowInPlace
    /// Assigns row 1 through the comparing setter, with the element it already holds.
    case assignEqualRow
    case renameRow(Int, String)
    /// Handled by the reducer, changes nothing.
    case touch
    /// Declined by every reducer.
    case ignored
    /// Starts the middleware's effect, when the store has one.
    case start
}

/// The feed's reducer: every action but `.ignored` and `.start` is handled.
let feedReducer = Reducer<FeedState, FeedAction>(id: "feed") { state, action in
    switch action {
    case .deposit(let amount): state.balance += amount
    case .set(let amount): state.balance = amount
    case .flag(let flag): state.flag = flag
    case .label(let label): state.label = label
    case .point(let point): state.point = point
    case .title(let title): state.title = title
    case .note(let note): state.note = note
    case .payload(let size): state.payload.size = size
    case .rewriteRowInPlace:
        let title = state.rows[id: 1]?.title ?? ""
        state.rows[id: 1]?.title = title
    case .assignEqualRow:
        let row = state.rows[id: 1]
        state.rows[id: 1] = row
    case .renameRow(let id, let title): state.rows[id: id]?.title = title
    case .touch: break
    case .ignored, .start: return .defaultNext
    }
    return .next
}

@MainActor
func makeFeedStore(_ state: FeedState = FeedState(), middlewares: [Middleware<FeedState, FeedAction>] = []) -> Store<FeedState, FeedAction> {
    Store(initialState: state, reducers: [feedReducer], middlewares: middlewares)
}

/// An object that subscribes when created and cancels its token in its `deinit` (a service
/// written the usual way). What it is told goes to `calls`, which the test keeps.
@MainActor
final class FeedService {
    let token: Subscription

    init(store: Store<FeedState, FeedAction>, calls: FeedCalls) {
        token = store.subscribe(select: \.balance) { balance in calls.values.append(balance) }
    }

    deinit {
        token.cancel()
    }
}

/// An object tied to its subscription by `.weak(self)`: it never cancels.
@MainActor
final class FeedWeakOwner {
    init(store: Store<FeedState, FeedAction>, calls: FeedCalls) {
        store.subscribe(select: \.balance, owner: .weak(self)) { balance in calls.values.append(balance) }
    }
}

/// What a subscriber was told, kept apart from the subscriber so that the test can read it after
/// the subscriber is gone.
@MainActor
final class FeedCalls {
    var values: [Int] = []
}

/// Collects what a stream yields on the main actor, and whether it finished.
@MainActor
final class FeedStreamRecorder<Value: Sendable> {
    private(set) var values: [Value] = []
    private(set) var finished = false
    private var consumer: Task<Void, Never>?

    init(_ stream: AsyncStream<Value>) {
        consumer = Task { @MainActor [weak self] in
            for await value in stream { self?.values.append(value) }
            self?.finished = true
        }
    }

    /// Waits (giving the main actor turns) until `count` values arrived; `false` if not within
    /// `patience` — a guard against a hang, not a timing proof.
    func waitForCount(_ count: Int) async -> Bool {
        await waitOnMainActor { self.values.count >= count }
    }

    /// Waits until the stream finished; `false` if not within `patience`.
    func waitForFinish() async -> Bool {
        await waitOnMainActor { self.finished }
    }

    /// Stops consuming (cancels the consumer task).
    func stop() {
        consumer?.cancel()
    }
}

/// Gives the main actor turns until `condition` holds; `false` if it did not within `patience`.
@MainActor
func waitOnMainActor(_ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: patience)
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        await Task.yield()
    }
    return true
}

/// Gives the main actor `turns` turns, for "nothing arrives" checks.
@MainActor
func giveMainActorTurns(_ turns: Int = 1_000) async {
    for _ in 0..<turns { await Task.yield() }
}

/// A semaphore the main actor waits on (with the suite's patience) for a thread.
final class FeedSemaphore: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    func signal() { semaphore.signal() }

    /// Blocks until signalled; `false` if not within `patience`.
    func wait() -> Bool { waitForSignal(semaphore) }
}

/// Holds a token that a callback reaches (cleared by the test at its end: no cycle is left).
@MainActor
final class FeedTokenBox {
    var token: Subscription?
}

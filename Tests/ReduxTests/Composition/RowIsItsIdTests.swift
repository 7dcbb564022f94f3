@testable import Redux
import Foundation
import ReduxTesting
import Testing

// A row is its id: a collection element's instance is its id, for as long as that id is present
// at the end of every reducer chain. What happens to the collection inside a chain (rebuilt from
// fresh results, sorted, filtered, reassigned, an element replaced with the same id, removed and
// added again) keeps the row's work; an id absent after a chain has ended has its work cancelled
// and whatever it still sends dropped, and the id added again later is a new instance.
//
// The fixture: a row whose `.save` sets `isSaving` and starts a save that sleeps 1 s on the store
// clock, then sends `.saved` (which clears `isSaving` and counts the save). The save ignores
// cancellation — it always sends — and reports to a probe whether its sleep was cancelled, so a
// test sees both sides: the task's cancellation, and that a gone row's late send is dropped.

private let saveDuration: Duration = .seconds(1)
/// The hang limit of every wait in this file (a condition, never a proof by time).
private let hangLimit: Duration = .seconds(60)

private struct SaveRow: Equatable, Sendable, Identifiable, Codable {
    var id: Int
    var title = ""
    var isSaving = false
    var saves = 0
}

private enum SaveRowAction: Equatable, Sendable {
    case save
    case saved
}

/// The row feature; its save reports `cancelled <id>` or `done <id>` to `probe`, then sends.
private func saveRowReducer(_ probe: SharedList<String>) -> Reducer<SaveRow, SaveRowAction> {
    Reducer<SaveRow, SaveRowAction>(id: "row", effects: { state, action in
        switch action {
        case .save:
            state.isSaving = true
            let id = state.id
            return .run { send in
                do {
                    try await send.sleep(for: saveDuration)
                    probe.append("done \(id)")
                } catch {
                    probe.append("cancelled \(id)")
                }
                send(.saved)
            }
        case .saved:
            state.isSaving = false
            state.saves += 1
            return .none
        }
    })
}

private struct SearchList: Equatable, Sendable {
    var rows: IdentifiedArray<SaveRow> = []
    /// An `Identifiable` optional child: it follows the same rule by its id.
    var detail: SaveRow?
    /// A presented child: a new identity at each showing, a decoded one included.
    var sheet: Presented<SaveRow>?
}

private enum SearchListAction: Equatable, Sendable {
    case rows(ElementAction<Int, SaveRowAction>)
    case detail(SaveRowAction)
    case sheet(SaveRowAction)
    case showSheet(Int)
    /// Sets the sheet decoded from `data` (restored or imported state).
    case restoreSheet(Data)
    case add(Int)
    case remove(Int)
    /// Fresh search results: the rows rebuilt the usual way, keeping the rows still there.
    case results([Int])
    case sortDescending
    /// Keeps only the rows whose id is in the list (a filter that builds a new collection).
    case keep([Int])
    /// Assigns a new collection of fresh copies of the rows (same ids, same state).
    case reassign
    /// Replaces the row with a new value with the same id, in its place.
    case replace(Int)
    /// Removes the row and appends a new one with the same id, in one reducer.
    case removeAndAdd(Int)
    /// Removes the row in the first reducer of the chain; the second adds it again.
    case handOver(Int)
    case showDetail(Int)
    case hideDetail
    /// Hides the detail and shows one with the same id, in one reducer.
    case reshowDetail(Int)
}

private let rowActions = Embedding<SearchListAction, ElementAction<Int, SaveRowAction>>(
    extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: SearchListAction.rows)
private let detailActions = Embedding<SearchListAction, SaveRowAction>(
    extract: { if case .detail(let action) = $0 { action } else { nil } }, embed: SearchListAction.detail)
private let sheetActions = Embedding<SearchListAction, SaveRowAction>(
    extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: SearchListAction.sheet)

private let searchListReducer = Reducer<SearchList, SearchListAction>(id: "list") { state, action in
    switch action {
    case .add(let id): state.rows.append(SaveRow(id: id))
    case .remove(let id): state.rows.remove(id: id)
    case .results(let ids):
        let old = state.rows
        state.rows = IdentifiedArray(uniqueElements: ids.map { old[id: $0] ?? SaveRow(id: $0) })
    case .sortDescending: state.rows.sort { $0.id > $1.id }
    case .keep(let ids): state.rows = IdentifiedArray(uniqueElements: state.rows.filter { ids.contains($0.id) })
    case .reassign:
        let copies = state.rows.map { SaveRow(id: $0.id, title: $0.title, isSaving: $0.isSaving, saves: $0.saves) }
        state.rows = []
        state.rows = IdentifiedArray(uniqueElements: copies)
    case .replace(let id): state.rows[id: id] = SaveRow(id: id, title: "replaced", isSaving: true)
    case .removeAndAdd(let id):
        state.rows.remove(id: id)
        state.rows.append(SaveRow(id: id, title: "added again", isSaving: true))
    case .handOver(let id): state.rows.remove(id: id)
    case .showDetail(let id): state.detail = SaveRow(id: id)
    case .hideDetail: state.detail = nil
    case .reshowDetail(let id):
        state.detail = nil
        state.detail = SaveRow(id: id, title: "shown again", isSaving: true)
    case .showSheet(let id): state.sheet = Presented(SaveRow(id: id))
    case .restoreSheet(let data): state.sheet = try? JSONDecoder().decode(Presented<SaveRow>.self, from: data)
    default: return .defaultNext
    }
    return .next
}

/// The second half of `.handOver`: adds the row the first reducer removed.
private let handOverReducer = Reducer<SearchList, SearchListAction>(id: "handOver") { state, action in
    guard case .handOver(let id) = action else { return .defaultNext }
    state.rows.append(SaveRow(id: id, title: "handed over", isSaving: true))
    return .next
}

@MainActor
private func makeSearchListStore(_ probe: SharedList<String>, clock: TestClock) -> Store<SearchList, SearchListAction> {
    let row = saveRowReducer(probe)
    return Store(
        initialState: SearchList(),
        reducers: [
            searchListReducer,
            handOverReducer,
            row.lift(state: \SearchList.rows, action: rowActions),
            row.lift(state: \SearchList.detail, action: detailActions),
            row.lift(state: \SearchList.sheet, action: sheetActions),
        ],
        options: StoreOptions(clock: clock)
    )
}

/// Rows 1, 2 and 3, with row 1's save in flight (its task asleep on the clock).
@MainActor
private func rowsWithRowOneSaving(_ probe: SharedList<String>, _ clock: TestClock) async throws -> Store<SearchList, SearchListAction> {
    let store = makeSearchListStore(probe, clock: clock)
    store.dispatch(contentsOf: [.add(1), .add(2), .add(3), .rows(.element(id: 1, action: .save))])
    try await store.quiescent(timeout: hangLimit)
    #expect(store.state.rows[id: 1]?.isSaving == true)
    return store
}

/// Lets every save finish and waits until the store has settled.
@MainActor
private func finishSaves(_ store: Store<SearchList, SearchListAction>, _ clock: TestClock) async throws {
    await clock.advance(by: saveDuration)
    try await store.settled(timeout: hangLimit)
}

@Suite("A row is its id", .timeLimit(.minutes(5)))
@MainActor
struct RowIsItsIdTests {
    /// The usual search pattern: fresh results rebuild the rows, reusing the rows still there.
    @Test func rebuiltSearchResultsKeepARowsSaveInFlightAndTheSaveLands() async throws {
        let probe = SharedList<String>()
        let clock = TestClock()
        let store = try await rowsWithRowOneSaving(probe, clock)
        store.dispatch(.results([3, 1, 4]))
        #expect(store.state.rows.ids == [3, 1, 4])
        #expect(store.instances.count == 1, "row 1's instance goes on")
        try await finishSaves(store, clock)
        #expect(probe.values == ["done 1"])
        #expect(store.state.rows[id: 1] == SaveRow(id: 1, isSaving: false, saves: 1), "the save landed: row 1 left isSaving")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    /// Rows left out of the results are gone at the end of the chain: their work is cancelled
    /// and what it still sends is dropped.
    @Test func aRowLeftOutOfRebuiltResultsHasItsSaveCancelledAndDropped() async throws {
        let probe = SharedList<String>()
        let clock = TestClock()
        let store = try await rowsWithRowOneSaving(probe, clock)
        store.dispatch(.results([2, 3]))
        try await finishSaves(store, clock)
        #expect(probe.values == ["cancelled 1"])
        store.dispatch(.results([1, 2, 3]))
        #expect(store.state.rows[id: 1] == SaveRow(id: 1), "a new row 1: nothing of the old save")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    @Test func sortingFilteringReassigningAndReplacingInPlaceKeepARowsWork() async throws {
        let edits: [(String, [SearchListAction], SaveRow)] = [
            ("sort", [.sortDescending], SaveRow(id: 1, saves: 1)),
            ("filter", [.keep([1, 3])], SaveRow(id: 1, saves: 1)),
            ("reassign", [.reassign], SaveRow(id: 1, saves: 1)),
            ("replace in place", [.replace(1)], SaveRow(id: 1, title: "replaced", saves: 1)),
            ("all of them, one action each", [.sortDescending, .keep([1, 2]), .reassign, .replace(1), .results([2, 1])],
             SaveRow(id: 1, title: "replaced", saves: 1)),
        ]
        for (name, actions, expected) in edits {
            let probe = SharedList<String>()
            let clock = TestClock()
            let store = try await rowsWithRowOneSaving(probe, clock)
            for action in actions { store.dispatch(action) }
            try await finishSaves(store, clock)
            #expect(probe.values == ["done 1"], "\(name)")
            #expect(store.state.rows[id: 1] == expected, "\(name)")
            #expect(store.bookkeeping.isEmpty, "\(name): \(store.bookkeeping)")
        }
    }

    /// Removed and added again inside one reducer, or across the reducers of one chain: the id
    /// is present at the end of the chain, so it is the same instance, and its work lands in the
    /// element that holds the id.
    @Test func aRowRemovedAndAddedAgainInsideOneChainIsTheSameInstanceAndItsWorkLands() async throws {
        for (action, title) in [(SearchListAction.removeAndAdd(1), "added again"), (.handOver(1), "handed over")] {
            let probe = SharedList<String>()
            let clock = TestClock()
            let store = try await rowsWithRowOneSaving(probe, clock)
            store.dispatch(action)
            #expect(store.instances.count == 1, "\(action): the instance goes on")
            try await finishSaves(store, clock)
            #expect(probe.values == ["done 1"], "\(action)")
            #expect(store.state.rows[id: 1] == SaveRow(id: 1, title: title, isSaving: false, saves: 1), "\(action)")
            #expect(store.state.rows.ids == [2, 3, 1], "\(action)")
            #expect(store.bookkeeping.isEmpty, "\(action): \(store.bookkeeping)")
        }
    }

    /// Removed by one action and added again by the next: the id was absent at the end of a
    /// chain, so the row added again is a new instance, and nothing of the old save lands —
    /// neither when the two actions come in separate calls nor in one batch.
    @Test func aRowRemovedInOneActionAndAddedInTheNextIsANewInstanceAndNothingOldLands() async throws {
        for batched in [false, true] {
            let probe = SharedList<String>()
            let clock = TestClock()
            let store = try await rowsWithRowOneSaving(probe, clock)
            if batched {
                store.dispatch(contentsOf: [.remove(1), .add(1)])
            } else {
                store.dispatch(.remove(1))
                store.dispatch(.add(1))
            }
            try await finishSaves(store, clock)
            #expect(probe.values == ["cancelled 1"], "batched: \(batched)")
            #expect(store.state.rows[id: 1] == SaveRow(id: 1), "batched: \(batched): nothing old landed")
            // The new instance's own work lands.
            store.dispatch(.rows(.element(id: 1, action: .save)))
            try await store.quiescent(timeout: hangLimit)
            try await finishSaves(store, clock)
            #expect(store.state.rows[id: 1] == SaveRow(id: 1, saves: 1), "batched: \(batched)")
            #expect(store.bookkeeping.isEmpty, "batched: \(batched): \(store.bookkeeping)")
        }
    }

    /// An `Identifiable` optional child follows the same rule by its id.
    @Test func anIdentifiableOptionalChildShownAgainWithItsIdInsideOneChainKeepsItsWork() async throws {
        let probe = SharedList<String>()
        let clock = TestClock()
        let store = makeSearchListStore(probe, clock: clock)
        store.dispatch(contentsOf: [.showDetail(7), .detail(.save)])
        try await store.quiescent(timeout: hangLimit)
        store.dispatch(.reshowDetail(7))
        try await finishSaves(store, clock)
        #expect(probe.values == ["done 7"])
        #expect(store.state.detail == SaveRow(id: 7, title: "shown again", saves: 1))
        // Hidden by one action and shown again by the next: a new instance.
        store.dispatch(.detail(.save))
        try await store.quiescent(timeout: hangLimit)
        store.dispatch(.hideDetail)
        store.dispatch(.showDetail(7))
        try await finishSaves(store, clock)
        #expect(probe.values == ["done 7", "cancelled 7"])
        #expect(store.state.detail == SaveRow(id: 7))
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }

    /// `Presented` gives a child a new identity at each showing, and a decoded `Presented` is a
    /// new showing: restored or imported state set into the store ends the work of the instance
    /// it replaces, even when it is equal to it and has the same id.
    @Test func aDecodedPresentedChildIsANewShowingAndEndsTheWorkOfTheOneItReplaces() async throws {
        let probe = SharedList<String>()
        let clock = TestClock()
        let store = makeSearchListStore(probe, clock: clock)
        store.dispatch(contentsOf: [.showSheet(5), .sheet(.save)])
        try await store.quiescent(timeout: hangLimit)
        let saved = try JSONEncoder().encode(store.state.sheet)
        store.dispatch(.restoreSheet(saved))
        #expect(store.state.sheet?.value == SaveRow(id: 5, isSaving: true), "equal to the one shown")
        try await finishSaves(store, clock)
        #expect(probe.values == ["cancelled 5"])
        #expect(store.state.sheet?.value == SaveRow(id: 5, isSaving: true), "nothing of the old showing's save landed")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

/// The same rule for the work of lifted middlewares and the errors lifted resolvers recover: a
/// row removed and added again inside one reducer (`replaceRow`) is the same instance, so its
/// work lands in the row that holds the id. (Removed by one action and added again by the next,
/// it is a new instance: see LateWorkOfGoneInstancesTests.)
@Suite("A row is its id: lifted middlewares and resolvers", .timeLimit(.minutes(5)))
@MainActor
struct RowIsItsIdLiftedWorkTests {
    @Test func taskDeferredAndEffectOfARowReplacedInsideOneReducerLandInIt() async throws {
        // `.stop`: a task dispatches `.increment` twice; `.decrement`: deferred, then reduced;
        // `.finished`: reduced at once (wiped by the replacement), its effect sends `.increment`.
        for (trigger, count) in [(JobAction.stop, 2), (.decrement, -1), (.finished, 1)] {
            let clock = TestClock()
            let store = makeHomeStore(clock: clock, middlewares: [LiftedMiddlewareLateWorkTests.worker().lift(state: \Home.rows, action: .rows)])
            store.dispatch(contentsOf: [.addRow(1), .rows(.element(id: 1, action: trigger)), .replaceRow(1)])
            await clock.advance(by: jobDuration * 2)
            try await store.settled(timeout: hangLimit)
            #expect(store.state.rows[id: 1] == Job(id: 1, count: count), "\(trigger)")
            #expect(store.bookkeeping.isEmpty, "\(trigger): \(store.bookkeeping)")
        }
    }

    @Test func aLiftedTaskOfARowReplacedInsideOneReducerReadsTheRowThatHoldsItsId() async throws {
        let clock = TestClock()
        let reads = SharedList<String>()
        let reader = Middleware<Job, JobAction>(id: "reader") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                reads.append("before \(String(describing: try? await effect.read(\.count)))")
                try? await effect.sleep(for: jobDuration)
                do { reads.append("after \(try await effect.read(\.count))") } catch { reads.append("after threw") }
            }
        }
        let store = makeHomeStore(clock: clock, middlewares: [reader.lift(state: \Home.rows, action: .rows)])
        store.dispatch(.addRow(1), .addRow(2))
        store.dispatch(.rows(.element(id: 2, action: .increment)), .rows(.element(id: 2, action: .stop)))
        try await store.quiescent(timeout: hangLimit)
        store.dispatch(.replaceRow(2))
        await clock.advance(by: jobDuration * 2)
        try await store.settled(timeout: hangLimit)
        #expect(reads.values == ["before Optional(1)", "after 0"], "the task reads the row that now holds id 2")
    }

    /// An error of a row's task (a lifted middleware) or effect (a lifted reducer), recovered by a
    /// lifted resolver after the row was replaced inside one reducer, is reduced into that row.
    @Test func anErrorOfARowReplacedInsideOneReducerIsRecoveredIntoIt() async throws {
        struct Boom: Error {}
        let recover = Resolver<Job, JobAction>(id: "recover") { context in
            context.action == .stop ? .exit(.reduceAs(.increment)) : .defaultNext
        }
        let failingTask = Middleware<Job, JobAction>(id: "failing") { context in
            guard context.action == .stop else { return .next }
            return .task { effect in
                try? await effect.sleep(for: jobDuration)
                throw Boom()
            }
        }
        let failingJob = Reducer<Job, JobAction>(id: "job", effects: { state, action in
            switch action {
            case .stop:
                return .run { send in
                    try? await send.sleep(for: jobDuration)
                    throw Boom()
                }
            case .increment:
                state.count += 1
                return .none
            default: return .none
            }
        })
        for fromTask in [true, false] {
            let clock = TestClock()
            let store = fromTask
                ? makeHomeStore(clock: clock, middlewares: [failingTask.lift(state: \Home.rows, action: .rows)],
                                resolvers: [recover.lift(state: \Home.rows, action: .rows)])
                : makeHomeStore(job: failingJob, clock: clock, resolvers: [recover.lift(state: \Home.rows, action: .rows)])
            store.dispatch(.addRow(1))
            store.dispatch(.rows(.element(id: 1, action: .stop)))
            try await store.quiescent(timeout: hangLimit)
            store.dispatch(.replaceRow(1))
            await clock.advance(by: jobDuration * 2)
            try await store.settled(timeout: hangLimit)
            #expect(store.state.rows[id: 1]?.count == 1, "fromTask=\(fromTask)")
        }
    }
}

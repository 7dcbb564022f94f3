import Foundation
@testable import Redux
import ReduxTesting
import Testing

// A seeded fuzz of lifted children appearing and disappearing, beside the differential fuzz
// (its model does not know lifts yet): a collection of rows, each row value with a unique tag,
// whose jobs sleep on the store's TestClock and then send `.finished`. Random programs add,
// remove, move and replace rows (remove and re-add with the same id in one reducer), rebuild the
// collection from a random list of ids (keeping the rows still there, the usual search pattern),
// start jobs, race a start against the row's removal, replacement, or removal and re-adding in
// one `dispatch(contentsOf:)` (each action its own reducer chain), and advance virtual time.
// The oracle is the rule "a row is its id": a row's job is reduced if and only if its id was
// present at every chain end from its start until it delivers. Checked, per seed:
// - a job whose id was absent at some chain end after its start (or whose start found no row)
//   is never reduced, even when the id came back later;
// - a job whose id was present at every chain end until its deadline is reduced exactly once,
//   into the row that holds its id (whatever value, tag, or place the row has by then);
// - at the end, after every row is removed, nothing is left: no registered instance, no task.
// Run: `swift test --filter CompositionFuzz` (150 seeds); `REDUX_COMPOSITION_FUZZ_SEEDS=5000`.

private struct FuzzRow: Equatable, Sendable, Identifiable {
    let id: Int
    let tag: Int
    var finished: [Int] = []
}

private enum RowAction: Equatable, Sendable {
    case start(job: Int, milliseconds: Int)
    case finished(job: Int, id: Int)
}

private struct FuzzBoard: Equatable, Sendable {
    var rows = IdentifiedArray<FuzzRow>()
    var nextTag = 1
}

private enum FuzzBoardAction: Equatable, Sendable {
    case rows(ElementAction<Int, RowAction>)
    case add(Int)
    case remove(Int)
    case move(from: Int, to: Int)
    case replace(Int)
    /// The collection rebuilt from these ids: the rows still there kept, the others new.
    case rebuild([Int])
    case removeAll
}

/// What the jobs and reducers saw: misdeliveries (a job reduced into a row with another id) and
/// the jobs reduced.
private final class Witness: Sendable {
    let misdelivered = SharedList<String>()
    let reduced = SharedList<Int>()
}

@MainActor
private func fuzzStore(_ witness: Witness, clock: TestClock, diagnostics: DiagnosticLines) -> Store<FuzzBoard, FuzzBoardAction> {
    let row = Reducer<FuzzRow, RowAction>(id: "row", effects: { state, action in
        switch action {
        case let .start(job, milliseconds):
            let id = state.id
            return .run { send in
                try await send.sleep(for: .milliseconds(milliseconds))
                send(.finished(job: job, id: id))
            }.cancellable(id: "job-\(job)")
        case let .finished(job, id):
            if id != state.id { witness.misdelivered.append("job \(job) of row \(id) reduced into row \(state.id)") }
            state.finished.append(job)
            witness.reduced.append(job)
            return .none
        }
    })
    let board = Reducer<FuzzBoard, FuzzBoardAction>(id: "board") { state, action in
        func add(_ id: Int) {
            state.rows.append(FuzzRow(id: id, tag: state.nextTag))
            state.nextTag += 1
        }
        switch action {
        case .add(let id): add(id)
        case .remove(let id): state.rows.remove(id: id)
        case let .move(from, to): state.rows.move(from: from, to: to)
        case .replace(let id):
            state.rows.remove(id: id)
            add(id)
        case .rebuild(let ids):
            let old = state.rows
            var rows: [FuzzRow] = []
            for id in ids {
                if let row = old[id: id] {
                    rows.append(row)
                } else {
                    rows.append(FuzzRow(id: id, tag: state.nextTag))
                    state.nextTag += 1
                }
            }
            state.rows = IdentifiedArray(uniqueElements: rows)
        case .removeAll:
            for id in state.rows.ids { state.rows.remove(id: id) }
        case .rows: return .defaultNext
        }
        return .next
    }
    let actions = Embedding<FuzzBoardAction, ElementAction<Int, RowAction>>(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: FuzzBoardAction.rows)
    return Store(initialState: FuzzBoard(), reducers: [board, row.lift(state: \FuzzBoard.rows, action: actions)], options: diagnostics.options(clock: clock))
}

@Suite("Composition fuzz", .timeLimit(.minutes(5)))
@MainActor
struct CompositionFuzzTests {
    /// A job the model follows: its row's id and its deadline in virtual ms.
    private struct Job { let id: Int; let deadline: Int }

    @Test func aRowsJobIsReducedIfAndOnlyIfItsIdWasPresentAtEveryChainEndUntilItDelivers() async throws {
        let count = ProcessInfo.processInfo.environment["REDUX_COMPOSITION_FUZZ_SEEDS"].flatMap(Int.init) ?? 150
        for seed in 1...UInt64(count) {
            try await run(seed: seed)
        }
    }

    private func run(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let clock = TestClock()
        let witness = Witness()
        // A start for a row that is gone writes a diagnostic line: captured, and checked at the end.
        let diagnostics = DiagnosticLines()
        let store = fuzzStore(witness, clock: clock, diagnostics: diagnostics)
        var now = 0
        var nextJob = 1
        /// The jobs started whose id was present at every chain end since.
        var jobs: [Int: Job] = [:]
        /// Jobs that must be reduced (their id stayed until the deadline) or must not.
        var mustReduce: Set<Int> = [], mustNot: Set<Int> = []
        /// Starts dispatched for a row that is absent when their chain runs (one line each).
        var rowlessStarts = 0
        var program: [String] = []

        /// The ids present at the end of the chain of each action of `batch`, dispatched in one
        /// call, as the model predicts them; a start is registered (or found rowless) when its own
        /// chain runs, and every chain end drops the jobs of the ids absent then.
        func dispatchModelled(_ batch: [FuzzBoardAction]) {
            var present = Set(store.storage.rows.ids)
            for action in batch {
                switch action {
                case .add(let id), .replace(let id): present.insert(id)
                case .remove(let id): present.remove(id)
                case .rebuild(let ids): present = Set(ids)
                case .removeAll: present = []
                case .move: break
                case .rows(.element(let id, .start(let job, let milliseconds))):
                    if present.contains(id) { jobs[job] = Job(id: id, deadline: now + milliseconds) } else {
                        mustNot.insert(job)
                        rowlessStarts += 1
                    }
                case .rows: break
                }
                for (job, info) in jobs where !present.contains(info.id) {
                    mustNot.insert(job)
                    jobs[job] = nil
                }
            }
            if batch.count == 1 { store.dispatch(batch[0]) } else { store.dispatch(contentsOf: batch) }
            #expect(Set(store.storage.rows.ids) == present, "seed \(seed): the model's ids after \(batch)")
        }
        func settleJobs(until time: Int) {
            // Jobs due by `time` (their id present at every chain end so far) are reduced when
            // time gets there.
            for (job, info) in jobs where info.deadline <= time {
                mustReduce.insert(job)
                jobs[job] = nil
            }
        }
        /// A short description of an action for the program's text.
        func text(_ action: FuzzBoardAction) -> String {
            switch action {
            case .rows(.element(let id, .start(let job, let milliseconds))): "start \(id) job \(job) \(milliseconds)ms"
            case .add(let id): "add \(id)"
            case .remove(let id): "remove \(id)"
            case .replace(let id): "replace \(id)"
            default: "\(action)"
            }
        }
        func startAction(_ id: Int) -> FuzzBoardAction {
            let job = nextJob
            nextJob += 1
            return .rows(.element(id: id, action: .start(job: job, milliseconds: 10 * random.int(1...5))))
        }

        for _ in 0..<random.int(10...40) {
            let id = random.int(1...5)
            switch random.int(0...10) {
            case 0, 1: program.append("add \(id)"); dispatchModelled([.add(id)])
            case 2: program.append("remove \(id)"); dispatchModelled([.remove(id)])
            case 3:
                let size = store.storage.rows.elements.count
                guard size > 1 else { continue }
                let (from, to) = (random.index(size), random.index(size))
                program.append("move \(from) \(to)"); dispatchModelled([.move(from: from, to: to)])
            case 4: program.append("replace \(id)"); dispatchModelled([.replace(id)])
            case 5, 6:
                guard store.storage.rows.contains(id: id) else { continue }
                let start = startAction(id)
                program.append(text(start)); dispatchModelled([start])
            case 7:
                // The race: a start and the row's removal, replacement, or removal and re-adding
                // by the next action, in one call.
                guard store.storage.rows.contains(id: id) else { continue }
                let start = startAction(id)
                let end: [FuzzBoardAction] = switch random.int(0...2) {
                case 0: [.remove(id)]
                case 1: [.replace(id)]
                default: [.remove(id), .add(id)]
                }
                let batch = random.chance(50) ? [start] + end : end + [start]
                program.append("race [\(batch.map(text).joined(separator: ", "))]"); dispatchModelled(batch)
            case 8:
                // Fresh results: a random list of distinct ids, some kept, some new, in any order.
                var ids = Array(1...6).filter { _ in random.chance(60) }
                for index in ids.indices.reversed() where index > 0 {
                    ids.swapAt(index, random.index(index + 1))
                }
                program.append("rebuild \(ids)"); dispatchModelled([.rebuild(ids)])
            default:
                let step = 10 * random.int(1...3)
                program.append("advance \(step)")
                settleJobs(until: now + step)
                now += step
                await clock.advance(by: .milliseconds(step))
            }
        }
        settleJobs(until: Int.max)
        await clock.advance(by: .milliseconds(100))
        try await store.settled(timeout: patience)
        let context = "seed \(seed): \(program.joined(separator: "; "))"
        #expect(witness.misdelivered.values.isEmpty, "\(witness.misdelivered.values) — \(context)")
        let reduced = witness.reduced.values
        #expect(Set(reduced).isSuperset(of: mustReduce), "jobs not reduced: \(mustReduce.subtracting(reduced).sorted()) — \(context)")
        #expect(Set(reduced).isDisjoint(with: mustNot), "jobs of ids absent at a chain end reduced: \(mustNot.intersection(reduced).sorted()) — \(context)")
        #if DEBUG
        #expect(diagnostics.lines.count == rowlessStarts, "seed \(seed): one line per start for an absent row")
        #endif
        diagnostics.expectAll(containingOneOf: ["reached an absent child"], nonEmpty: false)
        #expect(reduced.count == Set(reduced).count, "a job reduced twice — \(context)")
        store.dispatch(.removeAll)
        try await store.settled(timeout: patience)
        #expect(store.instances.count == 0, "\(context)")
        #expect(store.runtime.bookkeepingCount == 0, "\(context)")
    }
}

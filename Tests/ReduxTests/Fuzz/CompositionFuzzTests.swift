import Foundation
@testable import Redux
import ReduxTesting
import Testing

// A seeded fuzz of lifted children appearing and disappearing (issue 7), beside the
// differential fuzz of issue 5/6 (its model does not know lifts yet): a collection of rows, each
// a child instance with a unique tag, whose jobs sleep on the store's TestClock and then send
// `.finished(tag)`. Random programs add, remove, move and replace rows (remove and re-add with
// the same id in one reducer chain), start jobs, race a start against the row's removal in one
// `dispatch(contentsOf:)`, and advance virtual time. Checked, per seed:
// - no `.finished` is ever reduced into another instance than the one whose job sent it (an
//   action of a removed instance reaching a successor with the same id would be);
// - a job whose instance was removed before its deadline is never reduced; a job whose
//   instance stayed (moved or not) until its deadline is reduced exactly once;
// - at the end, after every row is removed, nothing is left: no registered instance, no task.
// Run: `swift test --filter CompositionFuzz` (150 seeds); `REDUX_COMPOSITION_FUZZ_SEEDS=5000`.

private struct FuzzRow: Equatable, Sendable, Identifiable {
    let id: Int
    let tag: Int
    var finished: [Int] = []
}

private enum RowAction: Equatable, Sendable {
    case start(job: Int, milliseconds: Int)
    case finished(job: Int, tag: Int)
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
    case removeAll
}

/// What the jobs and reducers saw: misdeliveries and the jobs reduced.
private final class Witness: Sendable {
    let misdelivered = SharedList<String>()
    let reduced = SharedList<Int>()
}

@MainActor
private func fuzzStore(_ witness: Witness, clock: TestClock) -> Store<FuzzBoard, FuzzBoardAction> {
    let row = Reducer<FuzzRow, RowAction>(id: "row", effects: { state, action in
        switch action {
        case let .start(job, milliseconds):
            let tag = state.tag
            return .run { send in
                try await send.sleep(for: .milliseconds(milliseconds))
                send(.finished(job: job, tag: tag))
            }.cancellable(id: "job-\(job)")
        case let .finished(job, tag):
            if tag != state.tag { witness.misdelivered.append("job \(job) of instance \(tag) reduced into instance \(state.tag)") }
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
        case .removeAll:
            for id in state.rows.ids { state.rows.remove(id: id) }
        case .rows: return .defaultNext
        }
        return .next
    }
    let actions = Embedding<FuzzBoardAction, ElementAction<Int, RowAction>>(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: FuzzBoardAction.rows)
    return Store(initialState: FuzzBoard(), reducers: [board, row.lift(state: \FuzzBoard.rows, action: actions)], options: StoreOptions(clock: clock))
}

@Suite("Composition fuzz", .timeLimit(.minutes(5)))
@MainActor
struct CompositionFuzzTests {
    /// A job the model follows: the instance it belongs to and its deadline in virtual ms.
    private struct Job { let tag: Int; let deadline: Int }

    @Test func liftedRowsAppearingAndDisappearingNeverGetAnotherInstancesResultsAndLeaveNothing() async throws {
        let count = ProcessInfo.processInfo.environment["REDUX_COMPOSITION_FUZZ_SEEDS"].flatMap(Int.init) ?? 150
        for seed in 1...UInt64(count) {
            try await run(seed: seed)
        }
    }

    private func run(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        let clock = TestClock()
        let witness = Witness()
        let store = fuzzStore(witness, clock: clock)
        var now = 0
        var nextJob = 1
        var jobs: [Int: Job] = [:]
        /// Jobs that must be reduced (their instance was there at the deadline) or must not.
        var mustReduce: Set<Int> = [], mustNot: Set<Int> = []
        var program: [String] = []

        func settleJobs(until time: Int) {
            // Jobs due by `time` whose instance is still there are reduced when time gets there.
            for (job, info) in jobs where info.deadline <= time {
                if store.storage.rows.elements.contains(where: { $0.tag == info.tag }) { mustReduce.insert(job) } else { mustNot.insert(job) }
                jobs[job] = nil
            }
        }
        func removedNow() {
            for (job, info) in jobs where !store.storage.rows.elements.contains(where: { $0.tag == info.tag }) {
                mustNot.insert(job)
                jobs[job] = nil
            }
        }
        func startAction(_ id: Int) -> FuzzBoardAction? {
            guard let row = store.storage.rows[id: id] else { return nil }
            let job = nextJob
            nextJob += 1
            let milliseconds = 10 * random.int(1...5)
            jobs[job] = Job(tag: row.tag, deadline: now + milliseconds)
            return .rows(.element(id: id, action: .start(job: job, milliseconds: milliseconds)))
        }

        for _ in 0..<random.int(10...40) {
            let id = random.int(1...5)
            switch random.int(0...9) {
            case 0, 1: program.append("add \(id)"); store.dispatch(.add(id))
            case 2: program.append("remove \(id)"); store.dispatch(.remove(id)); removedNow()
            case 3:
                let size = store.storage.rows.elements.count
                guard size > 1 else { continue }
                let (from, to) = (random.index(size), random.index(size))
                program.append("move \(from) \(to)"); store.dispatch(.move(from: from, to: to))
            case 4: program.append("replace \(id)"); store.dispatch(.replace(id)); removedNow()
            case 5, 6:
                guard let start = startAction(id) else { continue }
                program.append("start \(id)"); store.dispatch(start)
            case 7:
                // The race: a start and the row's removal (or replacement) in one call.
                guard let start = startAction(id) else { continue }
                let end: FuzzBoardAction = random.chance(50) ? .remove(id) : .replace(id)
                let batch = random.chance(50) ? [start, end] : [end, start]
                program.append("race \(batch)"); store.dispatch(contentsOf: batch)
                if batch[0] == end, case .rows(.element(_, .start(let job, _))) = start, let info = jobs[job] {
                    // The start came after: skipped (removed) or reaching the new instance (replaced).
                    if let successor = store.storage.rows[id: id] { jobs[job] = Job(tag: successor.tag, deadline: info.deadline) }
                }
                removedNow()
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
        #expect(Set(reduced).isDisjoint(with: mustNot), "jobs of removed instances reduced: \(mustNot.intersection(reduced).sorted()) — \(context)")
        #expect(reduced.count == Set(reduced).count, "a job reduced twice — \(context)")
        store.dispatch(.removeAll)
        try await store.settled(timeout: patience)
        #expect(store.instances.count == 0, "\(context)")
        #expect(store.runtime.bookkeepingCount == 0, "\(context)")
    }
}

import Foundation
import Observation
import Redux

// Observation cases: what a dispatch costs when `withObservationTracking` observers read the
// store's members.
//
// - P3: 1,000 observers, each reading one stored `Int` member of a 1,000-member state
//   (Generated/WideState.swift); one dispatch changes one member; the fired observer registers
//   again. Against P1: (P3 - P1) / 1,000 is the cost per observed member.
// - P3b: one observer reading row 0 of a 1,000,000-row `IdentifiedArray` through an element
//   slice, while every dispatch writes another row in place. P3b-whole: the same writes, with
//   the whole array read after each dispatch (outside any tracking).
// - SUB10: 10 observers, each reading one field of a 10-field state; one dispatch changes one
//   field (rotating); the fired observer registers again. SUB10-floor: the same observers and
//   mutations on a plain `@Observable` class.
// - P7-observed: P7's resident-size growth with SUB10's 10 observers attached.
//
// Every observer's `onChange` records which observer fired in a `FireLog`; the loop registers
// each fired observer again right after the dispatch (or mutation) that fired it. The
// self-checks: every dispatch fires the observer of what it changed (a change is never missed),
// and no other observer (P3: exactly 1 per dispatch; SUB10: exactly 1; P3b: 0). P3b and
// P3b-whole also check that no write copied the rows: the element buffer's address is the same
// before and after each run, and a dispatch takes less than a quarter of one copy of the buffer
// (timed in the same process: a bound that also holds under callgrind, where a dispatch that
// registers an observer again measured a ninth of a copy). A store that
// fires every observer on every action fails the second check (exit 70) unless
// `REDUX_BENCH_ALLOW_OVERFIRE=1` is set: then the extra observers are registered again like
// the fired one (so the figure is that store's real cost) and the report shows how many fired.

/// Which observers fired since the loop last looked, in firing order.
///
/// `@unchecked Sendable`: `onChange` closures must be `@Sendable`, but every observer here is
/// told synchronously inside a main-actor dispatch or mutation, so the log is only touched on the
/// main actor.
final class FireLog: @unchecked Sendable {
    var fired: [Int] = []

    init(capacity: Int) {
        fired.reserveCapacity(capacity)
    }

    func record(_ observer: Int) {
        fired.append(observer)
    }
}

/// Fires counted over a run of an observed case.
struct FireTally {
    /// Observers fired, in total.
    var fired = 0
    /// Dispatches whose changed member's observer fired.
    var changedFired = 0
    /// Dispatches (or mutations).
    var operations = 0

    var firedPerOperation: Double { operations == 0 ? 0 : Double(fired) / Double(operations) }
}

/// Whether observers beyond the exact ones may fire without failing the run
/// (`REDUX_BENCH_ALLOW_OVERFIRE=1`): for measuring a store that does not observe members exactly.
let allowOverfire = ProcessInfo.processInfo.environment["REDUX_BENCH_ALLOW_OVERFIRE"] == "1"

/// After one dispatch: registers every fired observer again and empties the log; returns how
/// many fired and whether `changed` (the observer of what the dispatch changed) was among them.
@MainActor
@inline(__always)
func rearmFired(_ log: FireLog, changed: Int, _ register: (Int) -> Void) -> (fired: Int, sawChanged: Bool) {
    let fired = log.fired.count
    guard fired > 0 else { return (0, false) }
    var sawChanged = false
    for position in 0..<fired {
        let observer = log.fired[position]
        if observer == changed { sawChanged = true }
        register(observer)
    }
    log.fired.removeAll(keepingCapacity: true)
    return (fired, sawChanged)
}

/// The self-checks of a run that should fire exactly the changed member's observer per
/// operation (`exact` of them per operation in total: 1, or 0 where nothing observed changes).
func expectExact(_ name: String, _ tally: FireTally, exact: Int, changedObserved: Bool) throws {
    if changedObserved {
        try expect(tally.changedFired == tally.operations, "\(name): the changed member's observer fired on \(tally.changedFired) of \(tally.operations) dispatches (a change was missed)")
    }
    if !allowOverfire {
        try expect(
            tally.fired == exact * tally.operations,
            "\(name): \(tally.fired) observers fired over \(tally.operations) dispatches (\(fixed(tally.firedPerOperation, 2)) per dispatch), expected exactly \(exact) per dispatch; set REDUX_BENCH_ALLOW_OVERFIRE=1 to measure a store that over-fires"
        )
    }
}

// MARK: - P3: 1,000 members

/// P3's action: add 1 to member `f<index>`.
enum WideAction: Sendable {
    case bump(Int)
    case reset
}

@inline(never)
func makeWideReducer() -> Reducer<WideState, WideAction> {
    Reducer(id: "wide") { state, action in
        switch action {
        case .bump(let index):
            state.count &+= 1
            state.bump(member: index)
        case .reset:
            state = WideState()
        }
        return .next
    }
}

/// Registers observer `index` of P3: it reads `store.f<index>`.
@MainActor
@inline(never)
func observeWideMember(_ store: Store<WideState, WideAction>, _ index: Int, _ log: FireLog) {
    withObservationTracking {
        _ = readWideMember(store, index)
    } onChange: {
        log.record(index)
    }
}

// MARK: - SUB10: 10 fields

/// SUB10's state: a dispatch counter and 10 fields.
struct TenState: Sendable {
    var count = 0
    var a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0, a8 = 0, a9 = 0
}

/// SUB10's action: add 1 to field `a<index>`.
enum TenAction: Sendable {
    case bump(Int)
    case reset
}

@inline(never)
func makeTenReducer() -> Reducer<TenState, TenAction> {
    Reducer(id: "ten") { state, action in
        switch action {
        case .bump(let index):
            state.count &+= 1
            switch index {
            case 0: state.a0 &+= 1
            case 1: state.a1 &+= 1
            case 2: state.a2 &+= 1
            case 3: state.a3 &+= 1
            case 4: state.a4 &+= 1
            case 5: state.a5 &+= 1
            case 6: state.a6 &+= 1
            case 7: state.a7 &+= 1
            case 8: state.a8 &+= 1
            default: state.a9 &+= 1
            }
        case .reset:
            state = TenState()
        }
        return .next
    }
}

/// Reads `store.a<index>` (dynamic member lookup).
@MainActor
@inline(never)
func readTenField(_ store: Store<TenState, TenAction>, _ index: Int) -> Int {
    switch index {
    case 0: store.a0
    case 1: store.a1
    case 2: store.a2
    case 3: store.a3
    case 4: store.a4
    case 5: store.a5
    case 6: store.a6
    case 7: store.a7
    case 8: store.a8
    default: store.a9
    }
}

/// Registers observer `index` of SUB10: it reads `store.a<index>`.
@MainActor
@inline(never)
func observeTenField(_ store: Store<TenState, TenAction>, _ index: Int, _ log: FireLog) {
    withObservationTracking {
        _ = readTenField(store, index)
    } onChange: {
        log.record(index)
    }
}

/// SUB10-floor's object: 10 observable stored properties and a counter of mutations.
@Observable
final class TenFields {
    var a0 = 0
    var a1 = 0
    var a2 = 0
    var a3 = 0
    var a4 = 0
    var a5 = 0
    var a6 = 0
    var a7 = 0
    var a8 = 0
    var a9 = 0
    @ObservationIgnored var count = 0
}

/// SUB10-floor's mutation: `object.a<index> += 1`.
@MainActor
@inline(never)
func bumpTenFields(_ object: TenFields, _ index: Int) {
    object.count &+= 1
    switch index {
    case 0: object.a0 += 1
    case 1: object.a1 += 1
    case 2: object.a2 += 1
    case 3: object.a3 += 1
    case 4: object.a4 += 1
    case 5: object.a5 += 1
    case 6: object.a6 += 1
    case 7: object.a7 += 1
    case 8: object.a8 += 1
    default: object.a9 += 1
    }
}

/// Reads `object.a<index>`.
@MainActor
@inline(never)
func readTenFields(_ object: TenFields, _ index: Int) -> Int {
    switch index {
    case 0: object.a0
    case 1: object.a1
    case 2: object.a2
    case 3: object.a3
    case 4: object.a4
    case 5: object.a5
    case 6: object.a6
    case 7: object.a7
    case 8: object.a8
    default: object.a9
    }
}

/// Registers observer `index` of SUB10-floor: it reads `object.a<index>`.
@MainActor
@inline(never)
func observeTenFields(_ object: TenFields, _ index: Int, _ log: FireLog) {
    withObservationTracking {
        _ = readTenFields(object, index)
    } onChange: {
        log.record(index)
    }
}

// MARK: - P3b: 1,000,000 rows

/// P3b's row.
struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
}

/// P3b's state: a dispatch counter and the rows.
struct RowsState: Sendable {
    var count = 0
    var rows: IdentifiedArray<Row>
}

/// A row's own actions (the element map needs an action type; none is dispatched).
enum RowAction: Sendable {
    case touch
}

/// P3b's action: write row `id`'s value in place; `row` carries a row's own action.
enum RowsAction: Sendable {
    case write(Int)
    case row(ElementAction<Int, RowAction>)
}

@inline(never)
func makeRowsReducer() -> Reducer<RowsState, RowsAction> {
    Reducer(id: "rows") { state, action in
        switch action {
        case .write(let id):
            // Ids are the indices here: the element is written in place at its position, as
            // P4 writes its array (`rows[id: id]` would add an id lookup P4 does not do).
            state.count &+= 1
            state.rows[id].value = state.count
        case .row:
            break
        }
        return .next
    }
}

/// The element map P3b's observer reads row 0 through (`store.slice(map, id: 0)`).
@inline(never)
func makeRowsMap() -> ElementModuleMap<RowsState, RowsAction, Row, RowAction> {
    .elements(
        state: \RowsState.rows,
        action: Embedding(extract: { if case .row(let action) = $0 { action } else { nil } }, embed: RowsAction.row),
        name: "rows"
    )
}

/// `count` rows with ids `0..<count`, all of value 0.
@inline(never)
func makeRows(_ count: Int) -> IdentifiedArray<Row> {
    IdentifiedArray(uniqueElements: (0..<count).lazy.map { Row(id: $0, value: 0) })
}

/// The address of the rows' element buffer (equal before and after a run: no copy replaced it).
@MainActor
func rowsBufferAddress(_ store: Store<RowsState, RowsAction>) -> UInt {
    store.rows.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

// MARK: - The cases

/// One observed case's timings and how many observers fired per dispatch.
struct ObservedSamples {
    let samples: Samples
    let firedPerOperation: Double
}

/// The observation cases' results.
struct ObservationResults {
    let p3: ObservedSamples
    let p3b: ObservedSamples
    let p3bWhole: ObservedSamples
    /// Nanoseconds one copy of the 1,000,000-row element buffer takes (what a copy per dispatch
    /// would add to P3b).
    let rowsCopyNanoseconds: Double
    let sub10: ObservedSamples
    let sub10Floor: ObservedSamples
    /// Resident growth in bytes per run; `nil` where the resident size cannot be read.
    let p7Observed: Samples?
    let p7ObservedFiredPerOperation: Double
}

extension BenchCases {
    /// P3, P3b, P3b-whole, SUB10, SUB10-floor and P7-observed.
    func observation() throws -> ObservationResults {
        let p3 = try p3()
        let p3b = try p3b()
        let p3bWhole = try p3bWhole()
        let sub10 = try sub10()
        let sub10Floor = try sub10Floor()
        let p7Observed = try p7Observed()
        return ObservationResults(
            p3: p3, p3b: p3b.observed, p3bWhole: p3bWhole, rowsCopyNanoseconds: p3b.copyNanoseconds,
            sub10: sub10, sub10Floor: sub10Floor,
            p7Observed: p7Observed.samples, p7ObservedFiredPerOperation: p7Observed.firedPerOperation
        )
    }

    /// The member (field) each slot of the action source changes: its payload modulo `count`.
    private func memberSource(_ count: Int) -> [Int] {
        source.actions.map { action in
            if case .add(let value) = action { value % count } else { 0 }
        }
    }

    /// The loop of P3 and SUB10: dispatches `actions[index & mask]`, then registers every fired
    /// observer again; checks that every dispatch was reduced and fired exactly the observer of
    /// what it changed (`changed[index & mask]`).
    private func observedLoop<State, Action>(
        _ name: String,
        store: Store<State, Action>,
        actions: [Action],
        changed: [Int],
        log: FireLog,
        operations: Int,
        warmUp: Int,
        mask: Int,
        count reduced: () -> Int,
        observe: (Int) -> Void
    ) throws -> ObservedSamples {
        var total = FireTally()
        let samples = try nanosecondsPerOperation(operations: operations, warmUp: warmUp, runs: config.runs) { count in
            let before = reduced()
            var tally = FireTally()
            for index in 0..<count {
                let slot = index & mask
                store.dispatch(actions[slot])
                let (fired, sawChanged) = rearmFired(log, changed: changed[slot], observe)
                tally.fired &+= fired
                if sawChanged { tally.changedFired &+= 1 }
            }
            tally.operations = count
            let after = reduced()
            try expect(after == before + count, "\(name): \(after - before) of \(count) actions reduced synchronously")
            try expectExact(name, tally, exact: 1, changedObserved: true)
            total.fired += tally.fired
            total.operations += count
            Blackhole.consume(after)
        }
        return ObservedSamples(samples: samples, firedPerOperation: total.firedPerOperation)
    }

    /// `P3`: 1,000 observers, one per member; each dispatch changes one member.
    func p3() throws -> ObservedSamples {
        let members = memberSource(WideState.memberCount)
        let actions = members.map(WideAction.bump)
        let mask = source.mask
        let store = Store(initialState: WideState(), reducers: [makeWideReducer()])
        let log = FireLog(capacity: WideState.memberCount)
        for member in 0..<WideState.memberCount {
            observeWideMember(store, member, log)
        }
        return try observedLoop(
            "P3", store: store, actions: actions, changed: members, log: log,
            operations: config.wideOperations, warmUp: config.wideWarmUp, mask: mask,
            count: { store.count }, observe: { observeWideMember(store, $0, log) }
        )
    }

    /// The rows' action source: P4's indices, with row 0 (the observed one) replaced by row 1.
    private func rowsActions() -> [RowsAction] {
        source.actions.map { action in
            guard case .add(let index) = action else { return .write(1) }
            return .write(index == 0 ? 1 : index)
        }
    }

    /// `P3b`: one observer reads row 0 through an element slice; each dispatch writes another
    /// row in place. Also returns how long one copy of the element buffer takes.
    func p3b() throws -> (observed: ObservedSamples, copyNanoseconds: Double) {
        let actions = rowsActions()
        let mask = source.mask
        let store = Store(initialState: RowsState(rows: makeRows(config.arrayLength)), reducers: [makeRowsReducer()])
        guard let slice = store.slice(makeRowsMap(), id: 0) else {
            throw BenchFailure(description: "P3b: no slice for row 0")
        }
        let copyNanoseconds = elementBufferCopyNanoseconds(store)
        let log = FireLog(capacity: 1)
        func observe() {
            withObservationTracking {
                _ = slice.state.value
            } onChange: {
                log.record(0)
            }
        }
        observe()
        var total = FireTally()
        let samples = try nanosecondsPerOperation(operations: config.observedOperations, warmUp: config.observedWarmUp, runs: config.runs) { count in
            let buffer = rowsBufferAddress(store)
            let start = ContinuousClock.now
            var tally = FireTally()
            for index in 0..<count {
                store.dispatch(actions[index & mask])
                tally.fired &+= rearmFired(log, changed: -1) { _ in observe() }.fired
            }
            let elapsed = start.duration(to: .now).nanoseconds
            tally.operations = count
            try expect(rowsBufferAddress(store) == buffer, "P3b: the rows' element buffer moved during the run (a write copied it)")
            try expect(elapsed / Double(count) < copyNanoseconds / 4, "P3b: \(fixed(elapsed / Double(count), 1)) ns per dispatch, not below a quarter of one copy of the rows (\(fixed(copyNanoseconds, 1)) ns): writes copy the array")
            try expect(slice.state.value == 0, "P3b: row 0 was written")
            try expectExact("P3b", tally, exact: 0, changedObserved: false)
            total.fired += tally.fired
            total.operations += count
            Blackhole.consume(store.count)
        }
        return (ObservedSamples(samples: samples, firedPerOperation: total.firedPerOperation), copyNanoseconds)
    }

    /// `P3b-whole`: P3b's writes, with one observer of the whole array registered once (it fires
    /// on the first write) and the whole array read after each dispatch, outside any tracking.
    func p3bWhole() throws -> ObservedSamples {
        let actions = rowsActions()
        let mask = source.mask
        let store = Store(initialState: RowsState(rows: makeRows(config.arrayLength)), reducers: [makeRowsReducer()])
        let copyNanoseconds = elementBufferCopyNanoseconds(store)
        let log = FireLog(capacity: 1)
        withObservationTracking {
            _ = store.rows
        } onChange: {
            log.record(0)
        }
        var operations = 0
        let samples = try nanosecondsPerOperation(operations: config.observedOperations, warmUp: config.observedWarmUp, runs: config.runs) { count in
            let buffer = rowsBufferAddress(store)
            let start = ContinuousClock.now
            for index in 0..<count {
                store.dispatch(actions[index & mask])
                _ = store.rows.count
            }
            let elapsed = start.duration(to: .now).nanoseconds
            operations += count
            try expect(rowsBufferAddress(store) == buffer, "P3b-whole: the rows' element buffer moved during the run (a write copied it)")
            try expect(elapsed / Double(count) < copyNanoseconds / 4, "P3b-whole: \(fixed(elapsed / Double(count), 1)) ns per dispatch, not below a quarter of one copy of the rows (\(fixed(copyNanoseconds, 1)) ns): writes copy the array")
            try expect(log.fired.count == 1, "P3b-whole: the whole-array observer fired \(log.fired.count) times, expected once (on the first write)")
            Blackhole.consume(store.count)
        }
        return ObservedSamples(samples: samples, firedPerOperation: Double(log.fired.count) / Double(operations))
    }

    /// How long copying the store's element buffer once takes, in nanoseconds (the best of 3).
    private func elementBufferCopyNanoseconds(_ store: Store<RowsState, RowsAction>) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            var copy = store.rows.elements
            let start = ContinuousClock.now
            copy[0].value &+= 1
            best = min(best, start.duration(to: .now).nanoseconds)
            Blackhole.consume(copy[0].value)
        }
        return best
    }

    /// The actions SUB10 and P7-observed dispatch: field `index % 10` at slot `index`.
    private func tenActions() -> (fields: [Int], actions: [TenAction]) {
        let fields = (0..<ActionSource.size).map { $0 % 10 }
        return (fields, fields.map(TenAction.bump))
    }

    /// `SUB10`: 10 observers, one per field; each dispatch changes one field (rotating).
    func sub10() throws -> ObservedSamples {
        let (fields, actions) = tenActions()
        let mask = source.mask
        let store = Store(initialState: TenState(), reducers: [makeTenReducer()])
        let log = FireLog(capacity: 10)
        for field in 0..<10 { observeTenField(store, field, log) }
        return try observedLoop(
            "SUB10", store: store, actions: actions, changed: fields, log: log,
            operations: config.observedOperations, warmUp: config.observedWarmUp, mask: mask,
            count: { store.count }, observe: { observeTenField(store, $0, log) }
        )
    }

    /// `SUB10-floor`: SUB10's observers and mutations on a plain `@Observable` class.
    func sub10Floor() throws -> ObservedSamples {
        let (fields, _) = tenActions()
        let mask = source.mask
        let object = TenFields()
        let log = FireLog(capacity: 10)
        for field in 0..<10 { observeTenFields(object, field, log) }
        var total = FireTally()
        let samples = try nanosecondsPerOperation(operations: config.observedOperations, warmUp: config.observedWarmUp, runs: config.runs) { count in
            let before = object.count
            var tally = FireTally()
            for index in 0..<count {
                let field = fields[index & mask]
                bumpTenFields(object, field)
                let (fired, sawChanged) = rearmFired(log, changed: field) { observeTenFields(object, $0, log) }
                tally.fired &+= fired
                if sawChanged { tally.changedFired &+= 1 }
            }
            tally.operations = count
            try expect(object.count == before + count, "SUB10-floor: \(object.count - before) of \(count) mutations made")
            try expectExact("SUB10-floor", tally, exact: 1, changedObserved: true)
            total.fired += tally.fired
            total.operations += count
            Blackhole.consume(object.count)
        }
        return ObservedSamples(samples: samples, firedPerOperation: total.firedPerOperation)
    }

    /// `P7-observed`: P7 with SUB10's 10 observers attached (each registered again when it
    /// fires), on a fresh store per run; growth in bytes, `nil` where the resident size cannot
    /// be read.
    func p7Observed() throws -> (samples: Samples?, firedPerOperation: Double) {
        let (fields, actions) = tenActions()
        let mask = source.mask
        var values: [Double] = []
        var total = FireTally()
        for _ in 0..<config.observedMemoryRuns {
            let store = Store(initialState: TenState(), reducers: [makeTenReducer()])
            let log = FireLog(capacity: 10)
            for field in 0..<10 { observeTenField(store, field, log) }
            guard let before = residentBytes() else { return (nil, 0) }
            let count = config.memoryDispatches
            var tally = FireTally()
            for index in 0..<count {
                let slot = index & mask
                store.dispatch(actions[slot])
                let (fired, sawChanged) = rearmFired(log, changed: fields[slot]) { observeTenField(store, $0, log) }
                tally.fired &+= fired
                if sawChanged { tally.changedFired &+= 1 }
            }
            guard let after = residentBytes() else { return (nil, 0) }
            tally.operations = count
            let reduced = store.count
            try expect(reduced == count, "P7-observed: \(reduced) of \(count) actions reduced synchronously")
            try expectExact("P7-observed", tally, exact: 1, changedObserved: true)
            total.fired += tally.fired
            total.operations += count
            values.append(Double(after - before))
        }
        return (Samples(values: values), total.firedPerOperation)
    }
}

// Edge cases of exact observation, through the public API only: each test is named after the
// rule it checks.

import Foundation
import Observation
import Redux
import Testing

// MARK: - Fixtures

/// Counts `onChange` calls of one `withObservationTracking` reader; re-registers from inside
/// `onChange` when `renew` is set (like a view that renders again).
@MainActor
final class EdgeCaseWatch {
    private let read: @MainActor () -> Void
    private let renew: Bool
    private(set) var fired = 0

    init(renew: Bool = true, _ read: @escaping @MainActor () -> Void) {
        self.read = read
        self.renew = renew
        register()
    }

    private func register() {
        withObservationTracking {
            read()
        } onChange: { [weak self] in
            MainActor.assumeIsolated { self?.changed() }
        }
    }

    private func changed() {
        fired += 1
        if renew { register() }
    }
}

struct EdgeCaseRow: Identifiable, Equatable, Sendable, Codable {
    var id: Int
    var title = ""
    var n = 0
}

enum EdgeCaseRowAction: Sendable { case bump }

enum EdgeCaseDest: Equatable, Sendable {
    case editor(Int)
    case name(String)
    case none
}

enum EdgeCaseMixed: Equatable, Sendable {
    case text(String)
    case list([Int])
}

struct EdgeCasePad: Equatable, Sendable {
    var a: UInt8 = 0
    var b: Int64 = 0
}

struct EdgeCaseNamed: Equatable, Sendable {
    var name = "a"
    var n = 0
}

struct EdgeCaseProfile: Equatable, Sendable {
    var name = "p"
}

struct EdgeCaseHuge: Equatable, Sendable {
    var x = SIMD64<Double>()
    var y = SIMD64<Double>()
    var z = SIMD4<Double>()
}

final class EdgeCaseBox: @unchecked Sendable {
    var value = 0
}

final class EdgeCaseEqBox: @unchecked Sendable, Equatable {
    var value = 0
    static func == (lhs: EdgeCaseEqBox, rhs: EdgeCaseEqBox) -> Bool { lhs === rhs }
}

struct EdgeCaseWhole: Equatable, Sendable {
    var part = 0
    var other = 0
}

protocol EdgeCaseHasCount {
    var count: Int { get }
}

struct EdgeCaseState: Sendable, EdgeCaseHasCount {
    var a = 0
    var b = 0
    var count = 0
    var d = 0.0
    var s = "s"
    var opt: Int? = 1
    var optS: String? = "x"
    var dest = EdgeCaseDest.editor(0)
    var destO: EdgeCaseDest?
    var mixed = EdgeCaseMixed.text("a")
    var pad = EdgeCasePad()
    var named = EdgeCaseNamed()
    var profile: EdgeCaseProfile? = EdgeCaseProfile()
    var watched = 0 {
        didSet {}
    }
    var items = [1, 2, 3]
    var first: Int { items[0] }
    var box = EdgeCaseBox()
    var eqBox = EdgeCaseEqBox()
    var huge = EdgeCaseHuge()
    var mid = SIMD16<Double>()
    var rows = IdentifiedArray<EdgeCaseRow>(uniqueElements: [EdgeCaseRow(id: 1), EdgeCaseRow(id: 2), EdgeCaseRow(id: 3)])
    var w = EdgeCaseWhole()
    var p = 0
    var sections: [IdentifiedArray<EdgeCaseRow>] = [[EdgeCaseRow(id: 1)]]
    /// A computed collection, safe to read only while `sections` is not empty.
    var firstSection: IdentifiedArray<EdgeCaseRow> {
        get { sections[0] }
        set { sections[0] = newValue }
    }
}

enum EdgeCaseAction: Sendable {
    case m(@Sendable (inout EdgeCaseState) -> Void)
    case row(ElementAction<Int, EdgeCaseRowAction>)
    case none
}

let edgeCaseRowsMap = ElementModuleMap<EdgeCaseState, EdgeCaseAction, EdgeCaseRow, EdgeCaseRowAction>.elements(
    state: \.rows,
    action: Embedding(extract: { if case .row(let action) = $0 { action } else { nil } }, embed: EdgeCaseAction.row)
)

let edgeCaseRowReducer = Reducer<EdgeCaseRow, EdgeCaseRowAction>(id: "edgeCaserow") { state, _ in
    state.n += 1
    return .next
}

let edgeCaseRootReducer = Reducer<EdgeCaseState, EdgeCaseAction>(id: "edgeCaseroot") { state, action in
    guard case .m(let body) = action else { return .defaultNext }
    body(&state)
    return .next
}

@MainActor
func edgeCaseStore(_ state: EdgeCaseState = EdgeCaseState(), onLog: Store<EdgeCaseState, EdgeCaseAction>.LogHandler? = nil) -> Store<EdgeCaseState, EdgeCaseAction> {
    Store(initialState: state, reducers: [edgeCaseRootReducer, edgeCaseRowsMap.lift(edgeCaseRowReducer)], onLog: onLog)
}

extension Store where State == EdgeCaseState, Action == EdgeCaseAction {
    func m(_ body: @escaping @Sendable (inout EdgeCaseState) -> Void) { dispatch(.m(body)) }
}

/// A generic read, with the key path built in a generic context.
@MainActor
func edgeCaseGenericCount<S: EdgeCaseHasCount & Sendable, A: Sendable>(_ store: Store<S, A>) -> Int {
    store[dynamicMember: \S.count]
}

@MainActor
func edgeCaseGenericRead<S: Sendable, A: Sendable, V>(_ store: Store<S, A>, _ keyPath: KeyPath<S, V>) -> V {
    store[dynamicMember: keyPath]
}

// MARK: - Tests

@MainActor
@Suite("Observation edge cases", .timeLimit(.minutes(5)))
struct ObservationEdgeCaseTests {
    // Scattered slices: ModuleField documents overlapping bindings (`\.whole` and `\.whole.part`);
    // a read of `whole` gets its `part` from the second binding, so it must track that root too.
    @Test func scatteredMemberReadTracksEveryBindingItsValueComesFrom() {
        let map = ModuleMap<EdgeCaseState, EdgeCaseAction, EdgeCaseLocal, EdgeCaseRowAction>.scattered(
            EdgeCaseLocal(),
            fields: [.bind(\.whole, to: \.w), .bind(\.whole.part, to: \.p)],
            action: Embedding(extract: { _ in nil }, embed: { _ in EdgeCaseAction.none }),
            name: "scattered"
        )
        let store = edgeCaseStore()
        let slice = store.slice(map)
        let reader = EdgeCaseWatch { _ = slice.whole }
        store.m { $0.p = 5 }
        #expect(slice.whole.part == 5)
        #expect(reader.fired == 1, "a reader of slice.whole was not told that its part (bound to \\.p) changed")

        // The same overlap the other way round: `\.whole` bound last wins for `part`, so a read
        // of `part` must track `\.w`.
        let reversed = ModuleMap<EdgeCaseState, EdgeCaseAction, EdgeCaseLocal, EdgeCaseRowAction>.scattered(
            EdgeCaseLocal(),
            fields: [.bind(\.whole.part, to: \.p), .bind(\.whole, to: \.w)],
            action: Embedding(extract: { _ in nil }, embed: { _ in EdgeCaseAction.none }),
            name: "reversed"
        )
        let other = store.slice(reversed)
        let partReader = EdgeCaseWatch { _ = other[dynamicMember: \EdgeCaseLocal.whole.part] }
        store.m { $0.w.part = 9 }
        #expect(other[dynamicMember: \EdgeCaseLocal.whole.part] == 9)
        #expect(partReader.fired == 1, "a reader of slice.whole.part was not told that \\.w.part changed")
    }

    // Computed members are never evaluated after a reduce: also for a computed collection read
    // for its structure (`elementIDs`), guarded at the read site.
    @Test func computedCollectionReadForItsStructureIsNeverEvaluatedAfterAReduce() async {
        await #expect(processExitsWith: .success) {
            await MainActor.run {
                let store = edgeCaseStore()
                let reader = EdgeCaseWatch(renew: false) {
                    if !store.sections.isEmpty { _ = store.elementIDs(\.firstSection) }
                }
                store.dispatch(.m({ $0.sections.removeAll() }))  // traps if `firstSection` is evaluated
                _ = reader
            }
        }
    }

    @Test func negativeZeroIsAnEqualWriteAndLaterChangesAreNotMissed() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.d }
        store.m { $0.d = -0.0 }
        #expect(reader.fired == 0)
        store.m { $0.d = 0.0 }
        #expect(reader.fired == 0)
        store.m { $0.d = .nan }
        #expect(reader.fired == 1)
        store.m { $0.d = 1.0 }
        #expect(reader.fired == 2)
    }

    @Test func paddedStructEqualWriteFiresNothingAndChangeFiresOnce() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.pad }
        store.m { $0.pad = EdgeCasePad(a: 0, b: 0) }
        #expect(reader.fired == 0)
        store.m { $0.pad.b = 7 }
        #expect(reader.fired == 1)
        store.m { $0.pad.a = 1 }
        #expect(reader.fired == 2)
    }

    @Test func didSetMemberIsNeverMissed() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.watched }
        store.m { $0.watched = 3 }
        #expect(reader.fired == 1)
        store.m { $0.watched = 4 }
        #expect(reader.fired == 2)
    }

    @Test func computedMemberIsNeverEvaluatedAfterAReduce() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch(renew: false) {
            if !store.items.isEmpty { _ = store.first }
        }
        store.m { $0.items.removeAll() }   // would trap if `first` were evaluated to compare it
        #expect(reader.fired == 1)
    }

    @Test func keyPathThroughOptionalIsNeverMissed() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store[dynamicMember: \.profile?.name] }
        store.m { $0.profile?.name = "q" }
        #expect(reader.fired == 1)
        store.m { $0.profile = nil }
        #expect(reader.fired == 2)
        store.m { $0.profile = EdgeCaseProfile(name: "r") }
        #expect(reader.fired == 3)
    }

    @Test func genericKeyPathsTrackTheMember() {
        let store = edgeCaseStore()
        let viaProtocol = EdgeCaseWatch { _ = edgeCaseGenericCount(store) }
        let viaGeneric = EdgeCaseWatch { _ = edgeCaseGenericRead(store, \EdgeCaseState.a) }
        store.m { $0.b = 1 }
        #expect(viaGeneric.fired == 0)
        store.m { $0.count = 1 }
        #expect(viaProtocol.fired >= 1)
        store.m { $0.a = 1 }
        #expect(viaGeneric.fired == 1)
    }

    @Test func classMemberMutatedThroughItsReferenceIsNeverMissed() {
        let store = edgeCaseStore()
        let plain = EdgeCaseWatch { _ = store.box.value }
        let equatable = EdgeCaseWatch { _ = store.eqBox.value }
        store.m { $0.box.value += 1; $0.eqBox.value += 1 }
        #expect(plain.fired == 1)
        #expect(equatable.fired == 1)
    }

    @Test func hugeAndMidSizeReferenceFreeMembersAreNeverMissed() {
        let store = edgeCaseStore()
        let huge = EdgeCaseWatch { _ = store.huge }
        let mid = EdgeCaseWatch { _ = store.mid }
        store.m { $0.mid = SIMD16<Double>() }   // equal write
        #expect(mid.fired == 0)
        store.m { $0.huge.y[63] = 1; $0.mid[15] = 1 }
        #expect(huge.fired >= 1)
        #expect(mid.fired == 1)
    }

    @Test func enumStringPayloadChangeFiresOnceAndNoOpFiresNothing() {
        let store = edgeCaseStore()
        store.m { $0.dest = .name("a") }
        let reader = EdgeCaseWatch { _ = store.dest }
        store.m { $0.dest = .name("a") }
        store.m { $0.a += 1 }
        #expect(reader.fired == 0)
        store.m { $0.dest = .name("b") }
        #expect(reader.fired == 1)
        store.m { $0.dest = .name(String(repeating: "b", count: 40)) }
        #expect(reader.fired == 2)
        store.m { $0.dest = .name(String(repeating: "b", count: 40)) }
        #expect(reader.fired == 2)
    }

    @Test func enumSwitchingToACollectionPayloadAndBackIsNeverMissed() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.mixed }
        store.m { $0.mixed = .list([1]) }
        #expect(reader.fired == 1)
        store.m { $0.mixed = .list([1, 2]) }
        #expect(reader.fired >= 2)
        let before = reader.fired
        store.m { $0.mixed = .text("z") }
        #expect(reader.fired == before + 1)
        store.m { $0.a += 1 }
        #expect(reader.fired == before + 1)
    }

    @Test func optionalGoingNilAndBackFiresEachTime() {
        let store = edgeCaseStore()
        let text = EdgeCaseWatch { _ = store.optS }
        let number = EdgeCaseWatch { _ = store.opt }
        store.m { $0.optS = nil; $0.opt = nil }
        store.m { $0.optS = "x"; $0.opt = 1 }
        store.m { $0.optS = nil; $0.opt = nil }
        store.m { $0.optS = nil; $0.opt = nil }
        #expect(text.fired == 3)
        #expect(number.fired == 3)
    }

    @Test func caseReadIgnoresThePayloadAndSeesEveryCaseChange() {
        let store = edgeCaseStore()
        let cases = EdgeCaseWatch { _ = store.case(\.dest) }
        let optionalCases = EdgeCaseWatch { _ = store.case(\.destO) }
        for value in 1...3 { store.m { $0.dest = .editor(value) } }
        #expect(cases.fired == 0)
        store.m { $0.dest = .name("a") }
        #expect(cases.fired == 1)
        store.m { $0.dest = .name("b") }
        #expect(cases.fired == 1)
        store.m { $0.dest = .none }
        #expect(cases.fired == 2)
        store.m { $0.destO = .editor(1) }
        #expect(optionalCases.fired == 1)
        store.m { $0.destO = .editor(2) }
        #expect(optionalCases.fired == 1)
        store.m { $0.destO = EdgeCaseDest.none }          // .some(.none): a change of case
        #expect(optionalCases.fired == 2)
        store.m { $0.destO = nil }
        #expect(optionalCases.fired == 3)
    }

    @Test func observerReadingSeveralChangedMembersIsToldOncePerAction() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.a; _ = store.b; _ = store.state; _ = store.rows; _ = store.elementIDs(\.rows) }
        store.m { $0.a = 1; $0.b = 1; $0.rows.append(EdgeCaseRow(id: 9)) }
        #expect(reader.fired == 1)
    }

    @Test func dispatchFromOnChangeIsQueuedAfterTheTerminalNeverNested() {
        let events = EdgeCaseEvents()
        let store = edgeCaseStore(onLog: { event in
            if case .terminal = event.kind { events.add("terminal \(event.sequence)") }
        })
        let reducerLog = EdgeCaseLog()
        withObservationTracking { _ = store.a } onChange: {
            MainActor.assumeIsolated {
                events.add("told")
                if !events.sent {
                    events.sent = true
                    store.dispatch(.m({ $0.b = 1; reducerLog.append("reduce b") }))
                }
                events.lines.append(contentsOf: reducerLog.drain())
                events.add("told end")
            }
        }
        store.dispatch(.m({ $0.a = 1; reducerLog.append("reduce a") }))
        events.lines.append(contentsOf: reducerLog.drain())
        let lines = events.lines
        let toldEnd = lines.firstIndex(of: "told end")
        let reduceB = lines.firstIndex(of: "reduce b")
        let firstTerminal = lines.firstIndex { $0.hasPrefix("terminal") }
        #expect(toldEnd != nil && reduceB != nil && reduceB! > toldEnd!, "nested: \(lines)")
        #expect(firstTerminal != nil && reduceB != nil && firstTerminal! < reduceB!, "FIFO: \(lines)")
        #expect(lines.firstIndex(of: "told")! < firstTerminal!, "\(lines)")
        #expect(store.b == 1, "\(lines)")
    }

    @Test func observerIsToldBeforeEffectsStart() {
        let events = EdgeCaseEvents()
        let effectReducer = Reducer<EdgeCaseState, EdgeCaseAction>(id: "effects", effects: { _, action in
            guard case .m = action else { return .none }
            return .run { _ in }
        })
        let store = Store(initialState: EdgeCaseState(), reducers: [edgeCaseRootReducer, effectReducer], onLog: { event in
            if case .terminal = event.kind { events.add("terminal") }
            if case .effectStarted = event.kind { events.add("effect") }
        })
        withObservationTracking { _ = store.a } onChange: {
            MainActor.assumeIsolated { events.add("told") }
        }
        store.dispatch(.m({ $0.a = 1 }))
        #expect(events.lines.first == "told", "\(events.lines)")
        #expect(events.lines.filter { $0 == "told" }.count == 1)
    }

    @Test func elementSliceOfRemovedIdFiresOnceThenAgainWhenItComesBack() {
        let store = edgeCaseStore()
        let slice = store.slice(edgeCaseRowsMap, id: 2)!
        let reader = EdgeCaseWatch { _ = slice.n }
        store.m { _ = $0.rows.remove(id: 2) }
        #expect(reader.fired == 1)
        store.m { $0.rows[id: 1]?.n += 1 }
        store.m { $0.rows.append(EdgeCaseRow(id: 7)) }
        store.m { $0.rows.removeAll() }
        #expect(reader.fired == 1)
        store.m { $0.rows.append(EdgeCaseRow(id: 2, n: 42)) }
        #expect(reader.fired == 2)
        #expect(store.slice(edgeCaseRowsMap, id: 2)!.n == 42)
    }

    /// A slice read while its id was absent is detached for good (see ElementSlice): its reader
    /// is told when the id comes back, reads the value it last saw, and a new slice reaches the
    /// new element.
    @Test func aSliceReadWhileItsIdWasAbsentIsToldWhenTheIdComesBackAndStaysDetached() {
        let store = edgeCaseStore()
        let slice = store.slice(edgeCaseRowsMap, id: 2)!
        let reader = EdgeCaseWatch { _ = slice.n }
        store.m { _ = $0.rows.remove(id: 2) }
        store.m { $0.rows.append(EdgeCaseRow(id: 2, n: 42)) }
        #expect(reader.fired == 2)
        #expect(slice.isDetached)
        #expect(slice.n == 0, "the value it last saw")
        #expect(store.slice(edgeCaseRowsMap, id: 2)!.n == 42)
    }

    @Test func detachedOptionalSliceFiresNothingMore() {
        let map = OptionalModuleMap<EdgeCaseState, EdgeCaseAction, EdgeCaseProfile, EdgeCaseRowAction>.optional(
            state: \.profile,
            action: Embedding(extract: { _ in nil }, embed: { _ in EdgeCaseAction.none })
        )
        let store = edgeCaseStore()
        let slice = store.slice(map)!
        let reader = EdgeCaseWatch { _ = slice.name }
        store.m { $0.a += 1 }
        #expect(reader.fired == 0)
        store.m { $0.profile?.name = "q" }
        #expect(reader.fired == 1)
        store.m { $0.profile = nil }
        #expect(reader.fired == 2)
        store.m { $0.profile = EdgeCaseProfile(name: "back") }
        store.m { $0.profile?.name = "again" }
        #expect(reader.fired == 2, "a detached optional slice's reader was told again")
        #expect(slice.isDetached)
    }

    @Test func detachedEnumCaseSliceFiresNothingMore() {
        let map = OptionalModuleMap<EdgeCaseState, EdgeCaseAction, Int, EdgeCaseRowAction>.enumCase(
            state: \.destO,
            case: Embedding(extract: { if case .editor(let value) = $0 { value } else { nil } }, embed: EdgeCaseDest.editor),
            action: Embedding(extract: { _ in nil }, embed: { _ in EdgeCaseAction.none })
        )
        let store = edgeCaseStore(EdgeCaseState(destO: .editor(1)))
        let slice = store.slice(map)!
        let reader = EdgeCaseWatch { _ = slice.state }
        store.m { $0.destO = .editor(2) }
        #expect(reader.fired == 1)
        store.m { $0.destO = .name("x") }
        #expect(reader.fired == 2)
        store.m { $0.destO = .editor(3) }
        store.m { $0.destO = .editor(4) }
        #expect(reader.fired == 2, "a detached enum-case slice's reader was told again")
    }

    @Test func bindingValueTracksOnlyItsMember() {
        let store = edgeCaseStore()
        let binding = store.binding(\.a, send: { value in EdgeCaseAction.m({ $0.a = value }) })
        let reader = EdgeCaseWatch { _ = binding.wrappedValue }
        store.m { $0.b += 1 }
        #expect(reader.fired == 0)
        store.m { $0.a += 1 }
        #expect(reader.fired == 1)
    }

    @Test func manyStoresOfOneStateTypeDoNotTellEachOther() {
        let one = edgeCaseStore(), two = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = one.a }
        two.m { $0.a = 5 }
        #expect(reader.fired == 0)
        one.m { $0.a = 5 }
        #expect(reader.fired == 1)
    }

    @Test func onChangeThatInvalidatesTheStoreLetsOtherObserversBeTold() {
        let store = edgeCaseStore()
        withObservationTracking { _ = store.a } onChange: {
            MainActor.assumeIsolated { store.invalidate() }
        }
        let other = EdgeCaseWatch { _ = store.b }
        store.m { $0.a = 1; $0.b = 1 }
        #expect(other.fired == 1)
        #expect(store.b == 1)
    }

    @Test func onChangeThatReleasesTheStoreAndMakesSlicesIsSafe() {
        let holder = EdgeCaseHolder()
        holder.store = edgeCaseStore()
        let slice = holder.store!.slice(edgeCaseRowsMap, id: 2)!
        withObservationTracking { _ = holder.store!.a } onChange: {
            MainActor.assumeIsolated {
                holder.rowsSeen = holder.store?.slices(edgeCaseRowsMap).count ?? -1
                _ = holder.store?.slice(edgeCaseRowsMap, id: 1)?.n
                holder.store = nil
            }
        }
        holder.store!.dispatch(.m({ $0.a = 1 }))
        #expect(holder.rowsSeen == 3)
        #expect(holder.store == nil)
        #expect(slice.isDetached)
        #expect(slice.n == 0)
    }

    @Test func structWithStringFieldEqualWriteFiresNothing() {
        let store = edgeCaseStore()
        let reader = EdgeCaseWatch { _ = store.named }
        store.m { $0.named = EdgeCaseNamed(name: "a", n: 0) }
        #expect(reader.fired == 0)
        store.m { $0.named.name.append("b") }
        #expect(reader.fired == 1)
    }

    // IdentifiedArray mutations against a row reader (row id 2's slice), a list reader
    // (`elementIDs`), a slices reader and a whole-array reader.
    @Test(arguments: EdgeCaseMutation.all)
    func identifiedArrayMutationTellsExactlyTheReadersOfWhatChanged(_ mutation: EdgeCaseMutation) {
        let store = edgeCaseStore()
        let row = store.slice(edgeCaseRowsMap, id: 2)!
        let rowReader = EdgeCaseWatch(renew: false) { _ = row.state }
        let ids = EdgeCaseWatch(renew: false) { _ = store.elementIDs(\.rows) }
        let slices = EdgeCaseWatch(renew: false) { _ = store.slices(edgeCaseRowsMap) }
        let whole = EdgeCaseWatch(renew: false) { _ = store.rows }
        let other = EdgeCaseWatch(renew: false) { _ = store.a }
        store.dispatch(.m(mutation.body))
        let got = [rowReader.fired, ids.fired, slices.fired, whole.fired, other.fired]
        let expected = [mutation.row, mutation.list, mutation.list, mutation.whole, 0]
        let matches = zip(got, expected).allSatisfy { $0.1 < 0 || $0.0 == $0.1 }
        #expect(matches, "\(mutation.name): [row2, ids, slices, whole, a] got \(got), expected \(expected) (-1: either)")
    }

    @Test func rowChildActionFiresOnlyItsRow() {
        let store = edgeCaseStore()
        let rows = store.slices(edgeCaseRowsMap)
        let list = EdgeCaseWatch { _ = store.slices(edgeCaseRowsMap) }
        let readers = rows.map { row in EdgeCaseWatch { _ = row.n } }
        rows[1].dispatch(.bump)
        rows[1].dispatch(.bump)
        rows[1].dispatch(.bump)
        #expect(list.fired == 0)
        #expect(readers.map(\.fired) == [0, 3, 0])
    }
}

@MainActor
final class EdgeCaseEvents {
    var lines: [String] = []
    var sent = false
    func add(_ line: String) { lines.append(line) }
}

@MainActor
final class EdgeCaseHolder {
    var store: Store<EdgeCaseState, EdgeCaseAction>?
    var rowsSeen = 0
}

struct EdgeCaseRefRow: Identifiable, Sendable {
    let id: Int
    var box = EdgeCaseBox()
}

struct EdgeCaseRefState: Sendable {
    var rows = IdentifiedArray<EdgeCaseRefRow>(uniqueElements: [EdgeCaseRefRow(id: 1)])
}

struct EdgeCaseLocal: Sendable, Equatable {
    var whole = EdgeCaseWhole()
}

/// A reducer-side log (reducers are `@Sendable`).
final class EdgeCaseLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    func drain() -> [String] { lock.lock(); defer { lines = []; lock.unlock() }; return lines }
}

struct EdgeCaseMutation: Sendable, CustomStringConvertible {
    let name: String
    let row: Int
    let list: Int
    let whole: Int
    let body: @Sendable (inout EdgeCaseState) -> Void
    var description: String { name }

    static let all: [EdgeCaseMutation] = [
        EdgeCaseMutation(name: "sort descending", row: 0, list: 1, whole: 1) { $0.rows.sort { $0.id > $1.id } },
        EdgeCaseMutation(name: "move first to end", row: 0, list: 1, whole: 1) { $0.rows.move(fromOffsets: [0], toOffset: 3) },
        EdgeCaseMutation(name: "remove(atOffsets: [0])", row: 0, list: 1, whole: 1) { $0.rows.remove(atOffsets: [0]) },
        EdgeCaseMutation(name: "removeAll(where: id 2)", row: 1, list: 1, whole: 1) { $0.rows.removeAll { $0.id == 2 } },
        EdgeCaseMutation(name: "removeAll(where: id 3)", row: 0, list: 1, whole: 1) { $0.rows.removeAll { $0.id == 3 } },
        EdgeCaseMutation(name: "rows[1].n += 1", row: 1, list: 0, whole: 1) { $0.rows[1].n += 1 },
        EdgeCaseMutation(name: "rows[0].n += 1", row: 0, list: 0, whole: 1) { $0.rows[0].n += 1 },
        EdgeCaseMutation(name: "rows[1] = equal (positional setter)", row: 0, list: 0, whole: 0) { $0.rows[1] = EdgeCaseRow(id: 2) },
        EdgeCaseMutation(name: "range write rows[1...1] = modified slice", row: 1, list: 0, whole: 1) {
            var part = $0.rows[1...1]
            part[1].n = 9
            $0.rows[1...1] = part
        },
        EdgeCaseMutation(name: "in-place through a range rows[1...2][1].n = 9", row: 1, list: 0, whole: 1) { $0.rows[1...2][1].n = 9 },
        EdgeCaseMutation(name: "sort already in order", row: 0, list: -1, whole: -1) { $0.rows.sort { $0.id < $1.id } },
        EdgeCaseMutation(name: "rows[1] = unequal (positional setter)", row: 1, list: 0, whole: 1) { $0.rows[1] = EdgeCaseRow(id: 2, n: 5) },
        EdgeCaseMutation(name: "rows[0] = new id 9 (positional)", row: 0, list: 1, whole: 1) { $0.rows[0] = EdgeCaseRow(id: 9) },
        EdgeCaseMutation(name: "[id: 2] = equal", row: 0, list: 0, whole: 0) { $0.rows[id: 2] = EdgeCaseRow(id: 2) },
        EdgeCaseMutation(name: "[id: 2] = unequal", row: 1, list: 0, whole: 1) { $0.rows[id: 2] = EdgeCaseRow(id: 2, title: "t") },
        EdgeCaseMutation(name: "[id: 2]?.n += 1", row: 1, list: 0, whole: 1) { $0.rows[id: 2]?.n += 1 },
        EdgeCaseMutation(name: "[id: 2] = nil", row: 1, list: 1, whole: 1) { $0.rows[id: 2] = nil },
        EdgeCaseMutation(name: "updateOrAppend(equal)", row: 0, list: 0, whole: 0) { $0.rows.updateOrAppend(EdgeCaseRow(id: 2)) },
        EdgeCaseMutation(name: "updateOrAppend(unequal)", row: 1, list: 0, whole: 1) { $0.rows.updateOrAppend(EdgeCaseRow(id: 2, n: 1)) },
        EdgeCaseMutation(name: "updateOrAppend(new id)", row: 0, list: 1, whole: 1) { $0.rows.updateOrAppend(EdgeCaseRow(id: 4)) },
        EdgeCaseMutation(name: "append", row: 0, list: 1, whole: 1) { $0.rows.append(EdgeCaseRow(id: 4)) },
        EdgeCaseMutation(name: "insert at 0", row: 0, list: 1, whole: 1) { $0.rows.insert(EdgeCaseRow(id: 4), at: 0) },
        EdgeCaseMutation(name: "swapAt(0, 2)", row: 0, list: 1, whole: 1) { $0.rows.swapAt(0, 2) },
        EdgeCaseMutation(name: "reverse", row: 0, list: 1, whole: 1) { $0.rows.reverse() },
        EdgeCaseMutation(name: "remove(id: 2)", row: 1, list: 1, whole: 1) { _ = $0.rows.remove(id: 2) },
        EdgeCaseMutation(name: "removeAll()", row: 1, list: 1, whole: 1) { $0.rows.removeAll() },
        EdgeCaseMutation(name: "rebuild with row 2 changed", row: 1, list: 1, whole: 1) {
            $0.rows = IdentifiedArray(uniqueElements: [EdgeCaseRow(id: 1), EdgeCaseRow(id: 2, n: 8), EdgeCaseRow(id: 3)])
        },
        EdgeCaseMutation(name: "rebuild equal", row: -1, list: -1, whole: -1) {
            $0.rows = IdentifiedArray(uniqueElements: [EdgeCaseRow(id: 1), EdgeCaseRow(id: 2), EdgeCaseRow(id: 3)])
        },
        EdgeCaseMutation(name: "decode with row 2 changed", row: 1, list: 1, whole: 1) {
            let data = try! JSONEncoder().encode([EdgeCaseRow(id: 1), EdgeCaseRow(id: 2, n: 3), EdgeCaseRow(id: 3)])
            $0.rows = try! JSONDecoder().decode(IdentifiedArray<EdgeCaseRow>.self, from: data)
        },
        EdgeCaseMutation(name: "partition by odd id", row: -1, list: -1, whole: 1) { _ = $0.rows.partition { $0.id % 2 == 1 } },
        EdgeCaseMutation(name: "unrelated (b += 1)", row: 0, list: 0, whole: 0) { $0.b += 1 },
    ]
}

import Observation
import Redux
import Testing

/// Slices observe like the store: reading `slice.a` tracks the root path of member `a` (a linear
/// map's field, a scattered map's bound root field), not the whole store state.
@Suite("Exact observation: slices", .timeLimit(.minutes(5)))
@MainActor
struct SliceExactObservationTests {
    enum Form: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case linear, scattered

        var testDescription: String { rawValue }

        var map: ModuleMap<PairApp, PairAppAction, PairState, PairEditAction> {
            switch self {
            case .linear: PairMaps.linear
            case .scattered: PairMaps.scattered
            }
        }
    }

    @Test(arguments: Form.allCases)
    func aSliceReaderOfAIsNotFiredByTenChangesOfBAndTheReaderOfBFiresTenTimes(form: Form) {
        let store = makePairStore()
        let sliceOfA = store.slice(form.map)
        let sliceOfB = store.slice(form.map)
        let readerOfA = MemberObserver { sliceOfA.a }
        let readerOfB = MemberObserver { sliceOfB.b }
        for value in 1...10 { sliceOfB.dispatch(.setB(value)) }
        #expect(readerOfA.fired == 0)
        #expect(readerOfB.fired == 10)
        #expect(readerOfB.readings == Array(0...10))
    }

    @Test(arguments: Form.allCases)
    func aSliceReaderIsNotFiredByAChangeOutsideTheModule(form: Form) {
        let store = makePairStore()
        let slice = store.slice(form.map)
        let reader = MemberObserver { slice.state }
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(reader.fired == 0)
        slice.dispatch(.setA(1))
        #expect(reader.fired == 1)
    }

    @Test(arguments: Form.allCases)
    func aSliceReaderOfAValueComparedMemberWrittenEqualFiresNothing(form: Form) {
        let store = makePairStore()
        let slice = store.slice(form.map)
        let reader = MemberObserver { slice.a }
        slice.dispatch(.setA(0))
        #expect(reader.fired == 0)
    }

    @Test func aScatteredSliceTracksTheBoundRootFields() {
        let store = makePairStore()
        let slice = store.slice(PairMaps.scattered)
        let readerOfA = MemberObserver { slice.a }
        store.dispatch(.write { $0.right.value = 1 })
        #expect(readerOfA.fired == 0, "b's bound field")
        store.dispatch(.write { $0.left.value = 7 })
        #expect(readerOfA.fired == 1, "a's bound field, written by a root reducer")
        #expect(readerOfA.readings == [0, 7])
    }

    @Test func aLinearSliceTracksTheRootPathOfTheMemberItRead() {
        let store = makePairStore()
        let slice = store.slice(PairMaps.linear)
        let readerOfA = MemberObserver { slice.a }
        store.dispatch(.write { $0.pair.b = 3 })
        #expect(readerOfA.fired == 0, "\\.pair.b changed, \\.pair.a did not")
        store.dispatch(.write { $0.pair.a = 3 })
        #expect(readerOfA.fired == 1)
    }
}

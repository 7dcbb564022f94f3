import Testing
import Redux

/// A reducer must not read its store: the state is being mutated in place (or, for a Seda
/// Command reducer, has been moved out of the store into the call). The store stops the program
/// with a message instead of handing out a moved-from or half-made value.
@MainActor
final class ReducingStoreBox: @unchecked Sendable {
    weak var store: Store<[Int], Int>?
    var seen: [Int]?
}

@Suite struct ReadWhileReducingTests {
    @Test func aCommandReducerThatReadsItsStoreStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let box = ReducingStoreBox()
                let store = Store<[Int], Int>(initialState: [1, 2, 3], command: { (state: consuming [Int], action: Int) in
                    state.append(action)
                    MainActor.assumeIsolated { box.seen = box.store?.state }
                    return (state, .none)
                })
                box.store = store
                store.dispatch(4)
            }
        }
    }

    @Test func anInoutReducerThatReadsAFieldOfItsStoreStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let box = ReducingStoreBox()
                let store = Store<[Int], Int>(initialState: [1], reducers: [Reducer(id: "reads") { state, action in
                    state.append(action)
                    MainActor.assumeIsolated { _ = box.store?.count }
                    return .next
                }])
                box.store = store
                store.dispatch(2)
            }
        }
    }

    @MainActor
    @Test func readingBetweenReducersAndAfterIsAllowed() {
        let seenInLog = SharedList<Int>()
        let box = ReducingStoreBox()
        let store = Store<[Int], Int>(
            initialState: [],
            reducers: [Reducer(id: "a") { state, action in state.append(action); return .next },
                       Reducer(id: "b") { state, action in state.append(action * 10); return .next }],
            onLog: { event in
                // The log handler runs between reducers: the state is whole there.
                if case .reducer = event.kind, let count = MainActor.assumeIsolated({ box.store?.state.count }) { seenInLog.append(count) }
            }
        )
        box.store = store
        store.dispatch(1)
        #expect(store.state == [1, 10])
        #expect(seenInLog.values == [1, 2])
    }
}

import Redux
import Testing

/// A state whose selections are computed by closures or compared by a custom rule.
struct ComparedState: Sendable {
    var count = 0
    var other = 0
    var names: [String] = []
}

enum ComparedAction: Sendable {
    case count(Int)
    case other(Int)
    case names([String])
}

@MainActor
private func makeComparedStore() -> Store<ComparedState, ComparedAction> {
    Store(
        initialState: ComparedState(),
        reducers: [
            Reducer(id: "compared") { state, action in
                switch action {
                case .count(let count): state.count = count
                case .other(let other): state.other = other
                case .names(let names): state.names = names
                }
                return .next
            },
        ]
    )
}

/// What a closure selection or a custom comparison delivers: the held last value decides.
@Suite("Select subscriptions: closure selections and custom comparisons", .timeLimit(.minutes(5)))
@MainActor
struct SelectionComparisonTests {
    @Test func anEquatableClosureSelectionIsDeliveredOnlyWhenItsValueChanges() {
        let store = makeComparedStore()
        var doubled: [Int] = []
        let token = store.subscribe(select: { $0.count * 2 }) { doubled.append($0) }
        store.dispatch(.other(1))
        store.dispatch(.count(3))
        store.dispatch(.count(3))
        store.dispatch(.other(2))
        store.dispatch(.count(4))
        #expect(doubled == [0, 6, 8])
        withExtendedLifetime(token) {}
    }

    @Test func aCustomIsDuplicateComparesWithTheLastDeliveredValueNotTheLastSeen() {
        let store = makeComparedStore()
        var seen: [Int] = []
        let token = store.subscribe(select: { $0.count }, isDuplicate: { abs($0 - $1) < 10 }) { seen.append($0) }
        // 6 and 12 are each within 10 of the last value seen, but 12 is not within 10 of 0.
        store.dispatch(.count(6))
        store.dispatch(.count(12))
        store.dispatch(.count(15))
        store.dispatch(.count(30))
        #expect(seen == [0, 12, 30])
        withExtendedLifetime(token) {}
    }

    @Test func aClosureSelectionHoldingBuffersIsComparedByEqualityAndEndsOnTheStoresState() {
        let store = makeComparedStore()
        var seen: [[String]] = []
        let token = store.subscribe(select: { $0.names }) { seen.append($0) }
        store.dispatch(.names(["a"]))
        store.dispatch(.other(1))
        store.dispatch(.names(["a"]))
        store.dispatch(.names(["a", "b"]))
        #expect(seen == [[], ["a"], ["a", "b"]])
        #expect(seen.last == store.names)
        withExtendedLifetime(token) {}
    }

    @Test func aNonEquatableClosureSelectionIsDeliveredAfterEveryHandledAction() {
        struct Box { let count: Int }
        let store = makeComparedStore()
        var seen: [Int] = []
        let token = store.subscribe(select: { Box(count: $0.count) }) { seen.append($0.count) }
        store.dispatch(.other(1))
        store.dispatch(.count(2))
        #expect(seen == [0, 0, 2])
        withExtendedLifetime(token) {}
    }
}

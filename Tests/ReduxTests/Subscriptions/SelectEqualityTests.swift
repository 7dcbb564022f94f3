import Redux
import Testing

/// A state whose members are equal by `==` with other bytes.
private struct EqualityState: Sendable {
    var ratio = 0.0
    var title = "\u{E9}"
}

private enum EqualityAction: Sendable {
    case ratio(Double)
    case title(String)
}

@MainActor
private func makeEqualityStore() -> Store<EqualityState, EqualityAction> {
    Store(
        initialState: EqualityState(),
        reducers: [
            Reducer(id: "equality") { state, action in
                switch action {
                case .ratio(let ratio): state.ratio = ratio
                case .title(let title): state.title = title
                }
                return .next
            },
        ]
    )
}

/// Value-compared selections compare by `==`, whatever their bytes.
@Suite("Select subscriptions: equal by == with other bytes", .timeLimit(.minutes(5)))
@MainActor
struct SelectEqualityTests {
    @Test func aValueComparedStringIsComparedByCanonicalEquivalenceNotBytes() {
        let store = makeEqualityStore()
        var titles: [String] = []
        let token = store.subscribe(select: \.title) { titles.append($0) }
        store.dispatch(.title("e\u{301}"))
        store.dispatch(.title("x"))
        #expect(titles.count == 2)
        #expect(titles.last == "x")
        withExtendedLifetime(token) {}
    }

    @Test func negativeZeroAfterZeroIsNotDeliveredAndANaNIsDeliveredOnlyWhenItsBitsChange() {
        let store = makeEqualityStore()
        var ratios: [Double] = []
        let token = store.subscribe(select: \.ratio) { ratios.append($0) }
        store.dispatch(.ratio(-0.0))
        store.dispatch(.ratio(.nan))
        store.dispatch(.ratio(.nan))
        store.dispatch(.ratio(-Double.nan))
        store.dispatch(.ratio(1))
        #expect(ratios.count == 4)
        #expect(ratios[0] == 0)
        #expect(ratios[1].isNaN && ratios[2].isNaN)
        #expect(ratios[1].sign == .plus && ratios[2].sign == .minus)
        #expect(ratios[3] == 1)
        withExtendedLifetime(token) {}
    }
}

/// Closure selections compared by `==` treat an unchanged NaN as unchanged.
@Suite("Select subscriptions: closure selections equal by bytes", .timeLimit(.minutes(5)))
@MainActor
struct ClosureSelectionEqualityTests {
    @Test func aClosureSelectionOfAnUnchangedNaNIsNotDeliveredAgain() {
        let store = makeEqualityStore()
        var ratios: [Double] = []
        let token = store.subscribe(select: { $0.ratio }) { ratios.append($0) }
        store.dispatch(.ratio(.nan))
        store.dispatch(.title("x"))
        store.dispatch(.ratio(.nan))
        store.dispatch(.ratio(-0.0))
        store.dispatch(.ratio(2))
        #expect(ratios.count == 4)
        #expect(ratios[0] == 0)
        #expect(ratios[1].isNaN)
        #expect(ratios[2] == 0 && ratios[2].sign == .minus)
        #expect(ratios[3] == 2)
        withExtendedLifetime(token) {}
    }
}

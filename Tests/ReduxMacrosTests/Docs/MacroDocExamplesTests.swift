import ReduxTesting
import Testing

/// The macro examples of the README ("Macros", "Composition") and of Macros.md do what their
/// text says.
@MainActor
struct MacroDocExamplesTests {
    @Test func anExtractorGivesTheCasePayloadOrNil() {
        #expect(ShopAction.cart(.add("tea")).cart == .add("tea"))
        #expect(ShopAction.checkout.cart == nil)
        #expect(MacroShop.AppAction.counter(.reset).counter == .reset)
    }

    @Test func aCaseWithSeveralValuesGetsATupleExtractorKeepingItsLabels() {
        let move = ShopAction.move(from: 1, to: 2).move
        #expect(move?.from == 1 && move?.to == 2)
        #expect(MacroShop.AppAction.select(id: 4).select == 4)
    }

    @Test func theIdentityIsTheCaseThenTheIdentifiablePayloads() {
        #expect(ShopAction.cart(.add("tea")).actionIdentity == "cart.add")
        #expect(ShopAction.select(id: 3).actionIdentity == "select")
        #expect(MacroShop.AppAction.counter(.add(2)).actionIdentity == "counter.add")
        #expect(MacroShop.AppAction.counter(.add(2)).actionIdentity == ActionIdentity(reflecting: MacroShop.AppAction.counter(.add(2))))
    }

    @Test func theMemberwiseInitializerKeepsDefaultsAndAsksForTheRest() {
        #expect(Cart(currency: "EUR") == Cart(items: [], note: nil, currency: "EUR"))
        #expect(Cart(currency: "EUR") != Cart(items: ["tea"], currency: "EUR"))
        let profile = MacroShop.ProfileState(id: 7)
        #expect(profile.name == "" && profile.note == nil && profile.id == 7)
    }

    @Test func fieldsBindTheMarkedPropertiesToTheirRootFields() {
        var root = ShopState()
        root.account.displayName = "Ada"
        #expect(profileMap.state(in: root).name == "Ada")
        #expect(Profile.fields.count == 1)
        #expect(MacroShop.ProfileState.fields.count == 1)
    }

    @Test func aLiftByKeyPathReducesTheChildsCase() {
        let store = Store(initialState: ShopState(), reducers: shopReducers)
        store.dispatch(.cart(.add("tea")))
        #expect(store.state.cart.items == ["tea"])
    }

    @Test func theReadmeBoardReceivesARowActionByItsCase() async {
        await receiveRowIncrement()
    }

    @Test func aTypealiasNamesALowercaseNestedRootTypeForField() {
        let fields: [ModuleField<Legacy.state, TitleState>] = TitleState.fields
        let map = ModuleMap<Legacy.state, ShopAction, TitleState, ProfileAction>.scattered(
            TitleState(), fields: fields, action: \.profile, name: "title"
        )
        #expect(map.state(in: Legacy.state(title: "Ledger")).title == "Ledger")
    }

    @Test func anArrayLiftingByKeyPathTakesItsTypesFromAnotherElement() {
        // No annotation: `board` gives the element type that `\.total` needs.
        let reducers = [board, tally.lift(state: \.total, action: \.total)]
        let store = Store(initialState: Board(), reducers: reducers)
        store.dispatch(.total(.increment))
        #expect(store.state.total.count == 1)
    }
}

// README.md's Swift blocks that use the macros, verbatim: DocBlocksCompiledTests (in ReduxTests)
// fails if the README drifts from this file. The composition example's macro spelling is the
// twin BoardTests runs against the hand-written HandBoard.
import ReduxMacros
import ReduxTesting
import Testing

// MARK: Composition, with the macros (the child feature as "Composition" writes it)

struct Tally: Sendable, Equatable, Identifiable {
    let id: Int
    var count = 0
}

enum TallyAction: Sendable, Equatable {
    case increment
    case incrementLater
}

let tally = Reducer<Tally, TallyAction>(id: "tally", effects: { state, action in
    switch action {
    case .increment:
        state.count += 1
        return .none
    case .incrementLater:
        return .run { send in
            try await send.sleep(for: .seconds(1))
            send(.increment)
        }
    }
})

struct Board: Sendable, Equatable {
    var total = Tally(id: 0)
    var editor: Tally?
    var rows = IdentifiedArray<Tally>()
}

let board = Reducer<Board, BoardAction>(id: "board") { state, action in
    switch action {
    case .openEditor: state.editor = Tally(id: 0)
    case .closeEditor: state.editor = nil
    case .addRow(let id): state.rows.append(Tally(id: id))
    case .removeRow(let id): state.rows.remove(id: id)
    default: return .defaultNext
    }
    return .next
}

@ReduxAction
enum BoardAction: Sendable, Equatable {
    case total(TallyAction)
    case editor(TallyAction)
    case rows(ElementAction<Int, TallyAction>)
    case openEditor
    case closeEditor
    case addRow(Int)
    case removeRow(Int)
}

let boardReducers: [Reducer<Board, BoardAction>] = [
    board,
    tally.lift(state: \Board.total, action: \.total),
    tally.lift(state: \Board.editor, action: \.editor),
    tally.lift(state: \Board.rows, action: \.rows),
]

@MainActor
func receiveRowIncrement() async {
    let clock = TestClock()
    let store = TestStore(initialState: Board(), reducers: boardReducers, clock: clock)
    await store.send(.addRow(1)) { $0.rows.append(Tally(id: 1)) }
    await store.send(.rows(.element(id: 1, action: .incrementLater)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows) { $0.rows[id: 1]?.count = 1 }
    await store.finish()
}

// MARK: Macros

@ReduxAction
enum ShopAction: Sendable, Equatable {
    case cart(CartAction)
    case profile(ProfileAction)
    case select(id: Int)
    case move(from: Int, to: Int)
    case checkout
}

@ReduxAction
enum CartAction: Sendable, Equatable {
    case add(String)
    case clear
}

@ReduxState
struct Cart {
    var items: [String] = []
    var note: String?
    let currency: String
}

@MainActor
func whatTheMacrosWrite() {
    let action = ShopAction.cart(.add("tea"))
    print(action.cart as Any)                               // Optional(add("tea")): the extractor
    print(action.actionIdentity)                            // cart.add: the case, then the payload's
    print(ShopAction.move(from: 1, to: 2).move?.to as Any)  // Optional(2): several values, a tuple
    let cart = Cart(currency: "EUR")                        // memberwise, defaults kept
    print(cart == Cart(items: [], note: nil, currency: "EUR"))  // true: Equatable
}

struct ShopState: Sendable, Equatable {
    var cart = Cart(currency: "EUR")
    var account = Account()

    struct Account: Sendable, Equatable { var displayName = "" }
}

let cartReducer = Reducer<Cart, CartAction>(id: "cart", handlingAll: { state, action in
    switch action {
    case .add(let item): state.items.append(item)
    case .clear: state.items = []
    }
})

let shopReducers: [Reducer<ShopState, ShopAction>] = [
    cartReducer.lift(state: \.cart, action: \.cart),
]

@ReduxAction
enum ProfileAction: Sendable, Equatable {
    case rename(String)
}

@ReduxState
struct Profile {
    @Field(\ShopState.account.displayName) var name: String = ""
    var isEditing: Bool = false
}

let profileMap = ModuleMap<ShopState, ShopAction, Profile, ProfileAction>.scattered(
    Profile(), fields: Profile.fields, action: \.profile, name: "profile"
)

// Sources/Redux/Redux.docc/Composition.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; DocExamplesTests runs them). Top-level code, as a reader would write it (its names
// are unique in the test target).
import Redux

struct Countdown: Sendable, Equatable, Identifiable {
    let id: Int
    var remaining = 3
}

enum CountdownAction: Sendable, Equatable {
    case start
    case tick
    case stop
}

let countdown = Reducer<Countdown, CountdownAction>(id: "countdown", effects: { state, action in
    switch action {
    case .start:
        return .timer(every: .seconds(1), send: .tick)
            .cancellable(id: "timer", cancelInFlight: true)
    case .tick:
        state.remaining -= 1
        return state.remaining == 0 ? .cancel(id: "timer") : .none
    case .stop:
        return .cancel(id: "timer")
    }
})

struct Kitchen: Sendable, Equatable {
    var oven = Countdown(id: 0)
    var lightsOn = false
}

enum KitchenAction: Sendable, Equatable {
    case oven(CountdownAction)
    case toggleLights
}

let ovenActions = Embedding<KitchenAction, CountdownAction>(
    extract: { action in
        if case .oven(let child) = action { child } else { nil }
    },
    embed: KitchenAction.oven
)

let kitchenReducers = [
    Reducer<Kitchen, KitchenAction>(id: "lights") { state, action in
        guard action == .toggleLights else { return .defaultNext }
        state.lightsOn.toggle()
        return .next
    },
    countdown.lift(state: \Kitchen.oven, action: ovenActions),
]

extension KitchenAction {
    var oven: CountdownAction? {
        if case .oven(let child) = self { child } else { nil }
    }
}

let ovenByKeyPath = countdown.lift(state: \Kitchen.oven, action: Embedding(\.oven, embed: KitchenAction.oven))

extension KitchenAction: CaseEmbeddable {
    struct Embeddings: Sendable {
        var oven: Embedding<KitchenAction, CountdownAction> {
            Embedding(extract: { if case .oven(let child) = $0 { child } else { nil } }, embed: KitchenAction.oven)
        }
    }
    static var embeddings: Embeddings { Embeddings() }
}

let ovenByCase: Reducer<Kitchen, KitchenAction> = countdown.lift(state: \.oven, action: \.oven)

struct Stove: Sendable, Equatable {
    var egg: Countdown?                          // there or not
    var sheet: Presented<Countdown>?             // a new instance at each showing
    var screen: StoveScreen?                     // one of several screens, or none
    var burners = IdentifiedArray<Countdown>()   // many instances, by id
}

enum StoveScreen: Sendable, Equatable {
    case recipe(Countdown)
    case settings
}

enum StoveAction: Sendable, Equatable {
    case egg(CountdownAction)
    case sheet(CountdownAction)
    case recipe(CountdownAction)
    case burners(ElementAction<Int, CountdownAction>)
    case boilEgg
    case eggIsDone
    case showSheet
    case showRecipe
    case showSettings
    case addBurner(Int)
    case removeBurner(Int)
    case moveBurner(from: Int, to: Int)
}

let stove = Reducer<Stove, StoveAction>(id: "stove") { state, action in
    switch action {
    case .boilEgg: state.egg = Countdown(id: 1)
    case .eggIsDone: state.egg = nil
    case .showSheet: state.sheet = Presented(Countdown(id: 2))
    case .showRecipe: state.screen = .recipe(Countdown(id: 3))
    case .showSettings: state.screen = .settings
    case .addBurner(let id): state.burners.append(Countdown(id: id))
    case .removeBurner(let id): state.burners.remove(id: id)
    case .moveBurner(let from, let to): state.burners.move(from: from, to: to)
    default: return .defaultNext
    }
    return .next
}

extension StoveAction {
    var egg: CountdownAction? { if case .egg(let a) = self { a } else { nil } }
    var sheet: CountdownAction? { if case .sheet(let a) = self { a } else { nil } }
    var recipe: CountdownAction? { if case .recipe(let a) = self { a } else { nil } }
    var burners: ElementAction<Int, CountdownAction>? { if case .burners(let a) = self { a } else { nil } }
}

extension StoveScreen {
    var recipe: Countdown? { if case .recipe(let c) = self { c } else { nil } }
}

let stoveReducers = [
    stove,
    countdown.lift(state: \Stove.egg, action: Embedding(\.egg, embed: StoveAction.egg)),
    countdown.lift(state: \Stove.sheet, action: Embedding(\.sheet, embed: StoveAction.sheet)),
    countdown.lift(state: \Stove.screen, case: Embedding(\.recipe, embed: StoveScreen.recipe),
                   action: Embedding(\.recipe, embed: StoveAction.recipe), name: "recipe"),
    countdown.lift(state: \Stove.burners, action: Embedding(\.burners, embed: StoveAction.burners)),
]

// Search results shown as rows: a row is its id, so rebuilding the rows from fresh results
// keeps the work of every row still there.
struct SearchHit: Sendable, Equatable {
    let id: Int
    let title: String
}

struct SearchRow: Sendable, Equatable, Identifiable {
    let id: Int
    var title: String
    var isSaving = false

    init(_ hit: SearchHit) {
        id = hit.id
        title = hit.title
    }
}

struct SearchScreen: Sendable, Equatable {
    var rows: IdentifiedArray<SearchRow> = []
}

func showResults(_ results: [SearchHit], in state: inout SearchScreen) {
    let old = state.rows
    state.rows = IdentifiedArray(uniqueElements: results.map { old[id: $0.id] ?? SearchRow($0) })
}

@MainActor
func burnerLifetimes(_ store: Store<Stove, StoveAction>) {
    store.dispatch(.addBurner(1), .addBurner(2))
    store.dispatch(.burners(.element(id: 1, action: .start)))
    store.dispatch(.burners(.element(id: 2, action: .start)))   // its own "timer": 1's keeps going
    store.dispatch(.moveBurner(from: 1, to: 0))                  // both keep ticking
    store.dispatch(.removeBurner(1))   // burner 1's timer is cancelled; none of its ticks is reduced
    store.dispatch(.addBurner(1))      // a new instance: the old timer's ticks never reach it
    store.dispatch(.egg(.start))       // no egg: skipped, logged as .childAbsent, outcome .unhandled
}

// The oven's own rule, written against the child's types: starting a countdown that has
// already run out is consumed, and never reaches the reducers.
let ovenGuard = Middleware<Countdown, CountdownAction>(id: "guard") { context in
    context.action == .start && context.remaining == 0 ? .exit(.done) : .next
}

@MainActor
func makeKitchenStore() -> Store<Kitchen, KitchenAction> {
    Store(
        initialState: Kitchen(),
        reducers: kitchenReducers,
        middlewares: [ovenGuard.lift(state: \Kitchen.oven, action: ovenActions)]
    )
}

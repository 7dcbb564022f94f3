// Sources/Redux/Redux.docc/Modules.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; ModulesDocExamplesTests runs them). Top-level code, as a reader would write it (its
// names are unique in the test target).
import Foundation
import Redux

struct MemberCard: Sendable, Equatable {
    var name = ""
    var newsletter = false
}

enum MemberCardAction: Sendable, Equatable {
    case rename(String)
    case setNewsletter(Bool)
}

let memberCard = Reducer<MemberCard, MemberCardAction>(id: "memberCard") { state, action in
    switch action {
    case .rename(let name): state.name = name
    case .setNewsletter(let on): state.newsletter = on
    }
    return .next
}

// A module-local rule: a name is stored without surrounding spaces.
let trimmedNames = Middleware<MemberCard, MemberCardAction>(id: "trimmedNames") { context in
    guard case .rename(let name) = context.action else { return .next }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    return trimmed == name ? .next : .nextAs(.rename(trimmed))
}

struct ClubState: Sendable, Equatable {
    var card = MemberCard()                     // the card, as one field
    var account = ClubAccount()                 // where the account card's fields live
    var mailing = ClubMailing()
    var guest: MemberCard?                      // a guest's card, while there is a guest
    var chores = IdentifiedArray<Chore>()       // one row module per chore
}

struct ClubAccount: Sendable, Equatable { var displayName = "Ada" }
struct ClubMailing: Sendable, Equatable { var subscribed = false }

enum ClubAction: Sendable, Equatable {
    case card(MemberCardAction)
    case accountCard(MemberCardAction)
    case guest(MemberCardAction)
    case chores(ElementAction<Int, ChoreAction>)
    case inviteGuest
    case guestLeft
    case addChore(Int)
    case removeChore(Int)
}

let cardMap = ModuleMap<ClubState, ClubAction, MemberCard, MemberCardAction>.linear(
    state: \.card,
    action: Embedding(extract: { if case .card(let action) = $0 { action } else { nil } }, embed: ClubAction.card)
)

let accountCardMap = ModuleMap<ClubState, ClubAction, MemberCard, MemberCardAction>.scattered(
    MemberCard(),
    fields: [
        .bind(\.name, to: \.account.displayName),
        .bind(\.newsletter, to: \.mailing.subscribed),
    ],
    action: Embedding(extract: { if case .accountCard(let action) = $0 { action } else { nil } }, embed: ClubAction.accountCard),
    name: "accountCard"
)

struct Chore: Sendable, Equatable, Identifiable {
    let id: Int
    var done = false
}

enum ChoreAction: Sendable, Equatable {
    case toggle
}

let choreReducer = Reducer<Chore, ChoreAction>(id: "chore") { state, action in
    state.done.toggle()
    return .next
}

let guestMap = OptionalModuleMap<ClubState, ClubAction, MemberCard, MemberCardAction>.optional(
    state: \.guest,
    action: Embedding(extract: { if case .guest(let action) = $0 { action } else { nil } }, embed: ClubAction.guest)
)

let choresMap = ElementModuleMap<ClubState, ClubAction, Chore, ChoreAction>.elements(
    state: \.chores,
    action: Embedding(extract: { if case .chores(let action) = $0 { action } else { nil } }, embed: ClubAction.chores)
)

extension ClubAction: CaseEmbeddable {
    struct Embeddings: Sendable {
        var chores: Embedding<ClubAction, ElementAction<Int, ChoreAction>> {
            Embedding(extract: { if case .chores(let action) = $0 { action } else { nil } }, embed: ClubAction.chores)
        }
    }
    static var embeddings: Embeddings { Embeddings() }
}

let choresByCase = ElementModuleMap<ClubState, ClubAction, Chore, ChoreAction>.elements(state: \.chores, action: \.chores)

let clubReducer = Reducer<ClubState, ClubAction>(id: "club") { state, action in
    switch action {
    case .inviteGuest: state.guest = MemberCard(name: "Guest")
    case .guestLeft: state.guest = nil
    case .addChore(let id): state.chores.append(Chore(id: id))
    case .removeChore(let id): state.chores.remove(id: id)
    default: return .defaultNext
    }
    return .next
}

@MainActor
func makeClubStore() -> Store<ClubState, ClubAction> {
    Store(
        initialState: ClubState(),
        reducers: [
            clubReducer,
            cardMap.lift(memberCard),
            accountCardMap.lift(memberCard),
            guestMap.lift(memberCard),
            choresMap.lift(choreReducer),
        ],
        middlewares: [accountCardMap.lift(trimmedNames)]
    )
}

@MainActor
func renameThroughSlices(_ store: Store<ClubState, ClubAction>) {
    let card = store.slice(cardMap)
    card.dispatch(.rename("Grace"))          // dispatched as ClubAction.card(.rename("Grace"))
    print(store.state.card.name, card.name)  // Grace Grace

    let accountCard = store.slice(accountCardMap)
    accountCard.dispatch(.rename("  Lin "))  // trimmedNames redirects it to .rename("Lin")
    print(store.state.account.displayName)   // Lin; store.state.mailing is not written
}

@MainActor
func cardGreeting(_ card: any StoreModule<MemberCard, MemberCardAction>) -> String {
    card.newsletter ? "Hello, \(card.name): news is on its way" : "Hello, \(card.name)"
}

@MainActor
func editCard(_ store: Store<ClubState, ClubAction>) {
    let card = store.slice(cardMap)
    let newsletter = card.binding(\.newsletter, send: MemberCardAction.setNewsletter)
    newsletter.wrappedValue = true                    // dispatches .card(.setNewsletter(true))
    print(newsletter.wrappedValue, store.state.card.newsletter)   // true true
}

@MainActor
func guestAndChores(_ store: Store<ClubState, ClubAction>) {
    print(store.slice(guestMap) == nil)             // true: no guest
    store.dispatch(.inviteGuest)
    store.slice(guestMap)?.dispatch(.rename("Sam"))

    store.dispatch(.addChore(1), .addChore(2))
    for row in store.slices(choresMap) {
        row.dispatch(.toggle)                       // ClubAction.chores(.element(id: row.id, action: .toggle))
    }
    print(store.state.chores.map(\.done))           // [true, true]
}

@MainActor
func removedChore(_ store: Store<ClubState, ClubAction>) {
    store.dispatch(.addChore(3))
    let row = store.slice(choresMap, id: 3)!
    row.dispatch(.toggle)
    store.dispatch(.removeChore(3))
    print(row.isDetached, row.done)    // true true: its last value
    row.dispatch(.toggle)              // nothing dispatched; reported (a .detachedSlice log event, or a diagnostic line)
}

@MainActor
func memberCardStandalone() -> ProjectedModule<MemberCard, MemberCardAction> {
    let card = ProjectedModule(initialState: MemberCard(name: "Ada"), reducers: [memberCard], middlewares: [trimmedNames])
    card.dispatch(.rename("  Grace "))
    card.dispatch(.setNewsletter(true))
    return card    // card.name == "Grace", card.newsletter == true, card.actions.count == 2
}


// "Slices from a lift": the guest card declared once.
enum GuestCard {
    static let state = \ClubState.guest
    static let action = Embedding<ClubAction, MemberCardAction>(
        extract: { if case .guest(let action) = $0 { action } else { nil } }, embed: ClubAction.guest)
}

// The lift and the slice take the same two values.
let guestCardLift = memberCard.lift(state: GuestCard.state, action: GuestCard.action)

@MainActor
func renameGuest(_ store: Store<ClubState, ClubAction>) {
    store.slice(state: GuestCard.state, action: GuestCard.action)?.dispatch(.rename("Sam"))
}

// "Slices from a lift": a new showing detaches a presented child's slice.
struct Lounge: Sendable, Equatable {
    var badge: Presented<MemberCard>?     // a new Presented value at each showing
}

enum LoungeAction: Sendable, Equatable {
    case badge(MemberCardAction)
    case showBadge(String)
}

enum Badge {
    static let state = \Lounge.badge
    static let action = Embedding<LoungeAction, MemberCardAction>(
        extract: { if case .badge(let action) = $0 { action } else { nil } }, embed: LoungeAction.badge)
}

@MainActor
func showBadgeTwice() -> Store<Lounge, LoungeAction> {
    let lounge = Reducer<Lounge, LoungeAction>(id: "lounge") { state, action in
        guard case .showBadge(let name) = action else { return .defaultNext }
        state.badge = Presented(MemberCard(name: name))
        return .next
    }
    let store = Store(initialState: Lounge(), reducers: [lounge, memberCard.lift(state: Badge.state, action: Badge.action)])
    store.dispatch(.showBadge("Ada"))
    let first = store.slice(state: Badge.state, action: Badge.action)!
    store.dispatch(.showBadge("Ada"))    // a new showing, equal to the first
    print(first.isDetached)              // true
    first.dispatch(.rename("Grace"))     // nothing dispatched; reported (a .detachedSlice log event, or a diagnostic line)
    return store                         // its badge is still named Ada
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

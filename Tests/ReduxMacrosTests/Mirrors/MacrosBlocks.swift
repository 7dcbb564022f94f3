// Macros.md's Swift blocks, verbatim: DocBlocksCompiledTests (in ReduxTests) fails if the
// article drifts from this file; MacrosArticleTests checks what the example says.
import ReduxMacros

enum MacroShop {
    @ReduxAction
    enum AppAction: Sendable, Equatable {
        case increment
        case counter(CounterAction)
        case select(id: Int)
        case move(from: Int, to: Int)
    }

    @ReduxAction
    enum CounterAction: Sendable, Equatable {
        case add(Int)
        case reset
    }

    @ReduxState
    struct AppState {
        var count: Int = 0
        var account: Account = Account()
    }

    @ReduxState
    struct Account {
        var displayName: String = ""
    }

    @ReduxState
    struct ProfileState {
        @Field(\AppState.account.displayName) var name: String = ""
        var note: String?
        let id: Int
    }
}

enum Legacy {
    struct state: Sendable, Equatable {
        var title: String = ""
    }
    typealias State = state
}

@ReduxState
struct TitleState {
    @Field(\Legacy.State.title) var title: String = ""
}

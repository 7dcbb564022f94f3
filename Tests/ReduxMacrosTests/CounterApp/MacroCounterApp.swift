import ReduxMacros

/// The TinyRedux counter/login app, with the macros: `HandCounterApp` is the same app
/// hand-written. Only the declarations differ; the components read the same.
enum MacroCounterApp {
    @ReduxState
    struct AppState {
        var counter: Int = 0
        var isLoggedIn: Bool = false
        var user: String?
    }

    @ReduxAction
    enum AppAction: Sendable, Equatable {
        case increment
        case decrement
        case delayedIncrement
        case delayedDecrement
        case login(user: String, password: String)
        case setLoggedIn(Bool)
    }

    struct WrongPassword: Error {}

    static let counter = Reducer<AppState, AppAction>(id: "counter") { state, action in
        switch action {
        case .increment: state.counter += 1
        case .decrement: state.counter -= 1
        case .setLoggedIn(let value): state.isLoggedIn = value
        default: return .defaultNext
        }
        return .next
    }

    static let delays = Middleware<AppState, AppAction>(id: "delays") { context in
        switch context.action {
        case .delayedIncrement:
            return .deferred { effect in
                try await effect.sleep(for: .seconds(1))
                return .nextAs(.increment)
            }
        case .delayedDecrement:
            return .deferred { effect in
                try await effect.sleep(for: .seconds(1))
                return .nextAs(.decrement)
            }
        default:
            return .defaultNext
        }
    }

    static let auth = Middleware<AppState, AppAction>(id: "auth") { context in
        guard let login = context.action.login else { return .defaultNext }
        return .deferred { effect in
            try await effect.sleep(for: .milliseconds(300))
            guard login.password == "secret" else { throw WrongPassword() }
            return .nextAs(.setLoggedIn(true))
        }
    }

    static let authFailed = Resolver<AppState, AppAction>(id: "authFailed") { context in
        context.error is WrongPassword ? .exit(.reduceAs(.setLoggedIn(false))) : .defaultNext
    }
}

import ReduxMacros

/// The TinyRedux counter/login app, hand-written: what `MacroCounterApp` spells with the macros.
/// The counter moves at once or a second later (a middleware's `.deferred` work); a login can
/// fail, and a resolver recovers it as a logged-out state.
enum HandCounterApp {
    struct AppState: Sendable, Equatable {
        var counter: Int
        var isLoggedIn: Bool
        var user: String?

        init(counter: Int = 0, isLoggedIn: Bool = false, user: String? = nil) {
            self.counter = counter
            self.isLoggedIn = isLoggedIn
            self.user = user
        }
    }

    enum AppAction: Sendable, Equatable, ActionIdentifiable {
        case increment
        case decrement
        case delayedIncrement
        case delayedDecrement
        case login(user: String, password: String)
        case setLoggedIn(Bool)

        var actionIdentity: ActionIdentity {
            switch self {
            case .increment: "increment"
            case .decrement: "decrement"
            case .delayedIncrement: "delayedIncrement"
            case .delayedDecrement: "delayedDecrement"
            case .login: "login"
            case .setLoggedIn: "setLoggedIn"
            }
        }

        var login: (user: String, password: String)? {
            if case .login(let user, let password) = self { (user: user, password: password) } else { nil }
        }

        var setLoggedIn: Bool? {
            if case .setLoggedIn(let value) = self { value } else { nil }
        }
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

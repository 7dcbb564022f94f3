import Redux

/// The demo's reducers: the only code that writes `AppState`. Each handles its own slice of
/// actions and answers `.defaultNext` for the rest, so the log shows who handled what. The
/// search feature's reducer, an effect reducer, lives in Search.swift; the downloads list's and
/// its rows' (a child reducer lifted over the list) in Downloads.swift; the movies feature, a
/// `Behavior` lifted with its environment, in Movies.swift; the profile feature module's,
/// lifted through its scattered map, in Profile.swift.
enum Reducers {
    static let all = [counter, auth, profile, Search.reducer, Downloads.list, Downloads.rows]

    /// Every reducer of the app: ``all``, then the movies feature's, built with `environment`,
    /// then the profile module's.
    static func app(environment: AppEnvironment) -> [Reducer<AppState, AppAction>] {
        all + Movies.inApp.reducers(environment: environment) + ProfileModule.reducers
    }

    /// Counter arithmetic. The zero floor is enforced earlier, by the `bounds` middleware.
    static let counter = Reducer<AppState, AppAction>(id: "counter") { state, action in
        switch action {
        case .increment: state.counter += 1
        case .decrement: state.counter -= 1
        case .reset: state.counter = 0
        default: return .defaultNext
        }
        return .next
    }

    /// Sign-in and sign-out results.
    static let auth = Reducer<AppState, AppAction>(id: "auth") { state, action in
        switch action {
        case let .loginSucceeded(user):
            state.isLoggedIn = true
            state.user = user
            state.lastError = nil
        case let .loginFailed(reason):
            state.isLoggedIn = false
            state.user = nil
            state.lastError = reason
        case .logout:
            state.isLoggedIn = false
            state.user = nil
            state.displayName = nil
        default:
            return .defaultNext
        }
        return .next
    }

    /// The profile loaded after sign-in. A profile that arrives once nobody is signed in is
    /// ignored (outcome `unhandled`), and the state is left untouched.
    static let profile = Reducer<AppState, AppAction>(id: "profile") { state, action in
        guard case let .profileLoaded(displayName) = action, state.isLoggedIn else { return .defaultNext }
        state.displayName = displayName
        return .next
    }
}

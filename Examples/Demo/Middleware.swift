import Redux

/// The demo's middlewares, in chain order. They read the state but never write it: the delayed
/// counter and the sign-in are asynchronous, and logout dispatches a follow-up action. The
/// profile feature module's middleware (lifted through its map, Profile.swift) comes last.
enum Middlewares {
    static let all = [delay, bounds, auth, session] + ProfileModule.middlewares

    /// How long the app's slow operations take, on the store's clock. The demo's clock is a
    /// `TestClock`: these sleeps end only when a session's clock lines move time past them.
    enum Delay {
        static let counter = Duration.milliseconds(100)
        static let login = Duration.milliseconds(150)
        static let profile = Duration.milliseconds(50)
    }

    /// Delayed counter: suspends `delayedIncrement`/`delayedDecrement` with `.deferred`, then
    /// resumes them as `increment`/`decrement`. The resumed action runs the middlewares after
    /// this one, so `bounds` judges it against the state at resume time.
    static let delay = Middleware<AppState, AppAction>(id: "delay") { context in
        let resumeAs: AppAction
        switch context.action {
        case .delayedIncrement: resumeAs = .increment
        case .delayedDecrement: resumeAs = .decrement
        default: return .defaultNext
        }
        return .deferred { effect in
            try await effect.sleep(for: Delay.counter)
            return .nextAs(resumeAs)
        }
    }

    /// The counter never goes below zero: a `decrement` at zero is an error. No resolver takes
    /// it, so the store's default fails the action and leaves the state alone.
    static let bounds = Middleware<AppState, AppAction>(id: "bounds") { context in
        guard case .decrement = context.action else { return .defaultNext }
        if context.counter == 0 { throw CounterBelowZero() }
        return .next
    }

    /// Sign-in and sign-out. `login` asks the (slow) auth service in a `.deferred` handler and
    /// resumes as `loginSucceeded`; bad credentials throw, and the auth resolver recovers them.
    /// Signing in twice, or out while signed out, is consumed with no state change.
    static let auth = Middleware<AppState, AppAction>(id: "auth") { context in
        switch context.action {
        case let .login(user, password):
            if context.isLoggedIn { return .exit(.done) }
            return .deferred { effect in
                try await effect.sleep(for: Delay.login)
                try AuthService.verify(user: user, password: password)
                return .nextAs(.loginSucceeded(user: user))
            }
        case .logout:
            return context.isLoggedIn ? .next : .exit(.done)
        default:
            return .defaultNext
        }
    }

    /// Session side effects. After sign-in a `.task` loads the user's profile and dispatches it
    /// (it may throw; the profile resolver recovers that). Logout dispatches `reset`: a
    /// re-entrant dispatch, queued and processed after `logout` reaches its terminal.
    static let session = Middleware<AppState, AppAction>(id: "session") { context in
        switch context.action {
        case let .loginSucceeded(user):
            return .task { effect in
                try await effect.sleep(for: Delay.profile)
                let name = try ProfileService.displayName(for: user)
                effect.dispatch(.profileLoaded(displayName: name))
            }
        case .logout:
            context.dispatch(.reset)
            return .next
        default:
            return .defaultNext
        }
    }
}

/// A `decrement` was asked for while the counter is at zero.
struct CounterBelowZero: Error, CustomStringConvertible {
    var description: String { "the counter cannot go below zero" }
}

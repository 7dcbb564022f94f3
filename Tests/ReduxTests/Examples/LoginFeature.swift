import Redux

// An example feature for LoginFeatureTests: a counter with a floor at zero, and a sign-in that
// asks an injected auth client. Written the way an app would write it: the components are built
// by one function from the services they use, so a test hands them a scripted client.

/// The login feature's state.
struct LoginFeatureState: Equatable, Sendable {
    /// A counter; the `floor` middleware keeps it at zero or above.
    var count = 0
    /// The signed-in user's display name; `nil` while signed out.
    var displayName: String?
    /// Whether a sign-in request is in flight.
    var isSigningIn = false
    /// Why the last sign-in failed; cleared by the next attempt.
    var error: String?
}

/// What the login feature can be asked to do (the last two are sent by its own work).
enum LoginFeatureAction: Equatable, Sendable {
    case increment
    case decrement
    case login(user: String, password: String)
    case logout
    /// The auth client accepted the credentials (dispatched by the sign-in task).
    case loginSucceeded(displayName: String)
    /// A sign-in failed (what the resolver recovers a refused sign-in as).
    case loginFailed(reason: String)
}

/// The feature's only dependency: a plain struct of `@Sendable` closures. The app gives it the
/// real back end; a test gives it a script.
struct LoginAuthClient: Sendable {
    /// Signs `user` in and returns the name to greet them with; throws ``LoginFeatureError``
    /// when the back end refuses.
    var signIn: @Sendable (_ user: String, _ password: String) async throws -> String
}

/// Why a sign-in or a counter step was refused.
enum LoginFeatureError: Error, Equatable, CustomStringConvertible {
    /// Raised synchronously by the `auth` middleware, before any request.
    case emptyPassword
    /// Thrown by the auth client.
    case rejected(user: String)
    /// Raised by the `floor` middleware; no resolver recovers it, so the action fails.
    case belowZero

    var description: String {
        switch self {
        case .emptyPassword: "enter a password"
        case let .rejected(user): "wrong password for \(user)"
        case .belowZero: "the counter cannot go below zero"
        }
    }
}

/// The feature's components, built from its dependencies.
struct LoginFeature {
    let reducers: [Reducer<LoginFeatureState, LoginFeatureAction>]
    let middlewares: [Middleware<LoginFeatureState, LoginFeatureAction>]
    let resolvers: [Resolver<LoginFeatureState, LoginFeatureAction>]

    /// Builds the feature on `auth`.
    ///
    /// - `floor` (middleware): a `decrement` at zero throws ``LoginFeatureError/belowZero``;
    ///   nothing recovers it, so the action fails and the state stays.
    /// - `auth` (middleware): a `login` with an empty password throws at once (the resolver turns
    ///   it into `loginFailed`: the `login`'s own outcome is `recovered`); otherwise it starts a
    ///   `.task` that calls `auth.signIn` and dispatches `loginSucceeded`, and lets the `login`
    ///   reach the reducer. An error the task throws reaches the resolver after the `login`
    ///   ended: the recovery is a new action, `loginFailed`, received by the test.
    /// - `auth` (resolver): a ``LoginFeatureError`` from the sign-in becomes
    ///   `.reduceAs(.loginFailed(reason:))`.
    static func make(auth: LoginAuthClient) -> LoginFeature {
        let floor = Middleware<LoginFeatureState, LoginFeatureAction>(id: "floor") { context in
            guard case .decrement = context.action else { return .defaultNext }
            if context.count == 0 { throw LoginFeatureError.belowZero }
            return .next
        }
        let signIn = Middleware<LoginFeatureState, LoginFeatureAction>(id: "auth") { context in
            guard case let .login(user, password) = context.action else { return .defaultNext }
            if password.isEmpty { throw LoginFeatureError.emptyPassword }
            return .task { effect in
                let name = try await auth.signIn(user, password)
                effect.dispatch(.loginSucceeded(displayName: name))
            }
        }
        let recovery = Resolver<LoginFeatureState, LoginFeatureAction>(id: "auth") { context in
            guard let error = context.error as? LoginFeatureError, error != .belowZero else { return .defaultNext }
            return .exit(.reduceAs(.loginFailed(reason: error.description)))
        }
        let reducer = Reducer<LoginFeatureState, LoginFeatureAction>(id: "login") { state, action in
            switch action {
            case .increment:
                state.count += 1
            case .decrement:
                state.count -= 1
            case .login:
                state.isSigningIn = true
                state.error = nil
            case let .loginSucceeded(name):
                state.isSigningIn = false
                state.displayName = name
            case let .loginFailed(reason):
                state.isSigningIn = false
                state.error = reason
            case .logout:
                state.displayName = nil
                state.count = 0
            }
            return .next
        }
        return LoginFeature(reducers: [reducer], middlewares: [floor, signIn], resolvers: [recovery])
    }
}

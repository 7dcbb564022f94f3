import Redux

/// The demo's resolvers: consulted only when a middleware or an effect raised an error. The
/// search feature's resolver lives in Search.swift.
enum Resolvers {
    static let all = [auth, profile, Search.resolver]

    /// A refused sign-in is not a crash: it becomes a `loginFailed` action, so the reason shows
    /// in the state. Outcome of the `login`: recovered, reduced as `loginFailed`.
    static let auth = Resolver<AppState, AppAction>(id: "auth") { context in
        guard let failure = context.error as? AuthService.Failure else { return .defaultNext }
        return .exit(.reduceAs(.loginFailed(reason: failure.description)))
    }

    /// A user without a profile is greeted by their login name. The error comes from the
    /// session middleware's `.task`, after `loginSucceeded` already ended, so the replacement
    /// action is enqueued as a new dispatch.
    static let profile = Resolver<AppState, AppAction>(id: "profile") { context in
        guard context.error is ProfileService.NotFound,
              case .effect = context.origin,
              case let .loginSucceeded(user) = context.action
        else { return .defaultNext }
        return .exit(.reduceAs(.profileLoaded(displayName: user)))
    }
}

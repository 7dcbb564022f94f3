// Sources/Redux/Redux.docc/Dispatch.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; DocExamplesTests runs them). The namespace keeps the article's names apart from the
// other articles' and the test fixtures'.
import Redux

struct DispatchBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment, delayedIncrement
    }

    struct Session: Sendable, Equatable {
        var user: String?
        var failedLogins = 0
    }

    enum SessionAction: Sendable {
        case login(user: String, password: String)
        case loginFailed
    }

    struct WrongPassword: Error {}

    func recordVisit(in store: Store<Counter, CounterAction>, isolation: isolated (any Actor)? = #isolation) {
        store.dispatch(.increment)   // called from the main actor: the main-actor route
    }

    @MainActor
    func trackLogin(in store: Store<Session, SessionAction>) async throws {
        let ticket = store.dispatchTracked(.login(user: "ada", password: "secret"))
        switch try await ticket.outcome {
        case .reduced: print("logged in")
        case .recovered(.reduceAs(let fallback), _): print("recovered with \(fallback)")
        default: break
        }
    }

    @MainActor
    func waitForQuiet(_ store: Store<Counter, CounterAction>) async throws {
        store.dispatch(.delayedIncrement)
        try await store.settled(timeout: .seconds(2))
    }

    // What the examples run against.

    let counter = Reducer<Counter, CounterAction>(id: "counter") { state, action in
        guard case .increment = action else { return .defaultNext }
        state.count += 1
        return .next
    }

    let delay = Middleware<Counter, CounterAction>(id: "delay") { context in
        guard case .delayedIncrement = context.action else { return .next }
        return .deferred { effect in
            try await effect.sleep(for: .milliseconds(20))
            return .nextAs(.increment)
        }
    }

    /// Accepts one password, and hands any other to the resolvers.
    func login(password accepted: String) -> Middleware<Session, SessionAction> {
        Middleware(id: "login") { context in
            guard case .login(_, let password) = context.action else { return .next }
            guard password == accepted else { throw WrongPassword() }
            return .next
        }
    }

    let session = Reducer<Session, SessionAction>(id: "session") { state, action in
        switch action {
        case .login(let user, _): state.user = user
        case .loginFailed: state.failedLogins += 1
        }
        return .next
    }

    let recoverLogin = Resolver<Session, SessionAction>(id: "recover") { context in
        context.error is WrongPassword ? .exit(.reduceAs(.loginFailed)) : .defaultNext
    }
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

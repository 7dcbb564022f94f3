// Sources/Redux/Redux.docc/ErrorHandling.md's Swift block, verbatim (DocBlocksCompiledTests
// keeps it so; DocExamplesTests runs it).
import Redux

struct ErrorHandlingBlocks {
    struct Session: Sendable, Equatable {
        var user: String?
        var failedLogins = 0
    }

    enum SessionAction: Sendable {
        case login(user: String, password: String)
        case loginFailed
    }

    struct LoginError: Error {}

    let recoverLogin = Resolver<Session, SessionAction>(id: "login") { context in
        guard context.error is LoginError else { return .defaultNext }
        return .exit(.reduceAs(.loginFailed))
    }

    // What the example runs against.

    let checkPassword = Middleware<Session, SessionAction>(id: "checkPassword") { context in
        guard case .login(_, let password) = context.action, password != "secret" else { return .next }
        throw LoginError()
    }

    let session = Reducer<Session, SessionAction>(id: "session") { state, action in
        switch action {
        case .login(let user, _): state.user = user
        case .loginFailed: state.failedLogins += 1
        }
        return .next
    }
}

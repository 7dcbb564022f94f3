import Redux

// Keys, state and actions for the dependency tests (Tests/ReduxTests/Dependencies).

/// A string dependency with distinct live and test values.
enum GreetingDependencyKey: DependencyKey {
    static let liveValue = "live greeting"
    static let testValue = "test greeting"
}

/// A dependency without a test value of its own: tests get its live value.
enum LiveOnlyDependencyKey: DependencyKey {
    static let liveValue = 7
}

extension Dependencies {
    var greeting: String {
        get { self[GreetingDependencyKey.self] }
        set { self[GreetingDependencyKey.self] = newValue }
    }

    var liveOnly: Int {
        get { self[LiveOnlyDependencyKey.self] }
        set { self[LiveOnlyDependencyKey.self] = newValue }
    }
}

/// What the components of a dependency test saw, in order.
struct GreetingLog: Sendable, Equatable {
    var seen: [String] = []
}

enum GreetingAction: Sendable, Equatable {
    /// The reducer appends the greeting it reads.
    case read
    /// The reducer starts an effect that sends the greeting it reads.
    case readInEffect
    /// The reducer appends the string.
    case record(String)
    /// Passes the middlewares of a test untouched; the reducer ignores it.
    case other
}

/// A greeting store's reducer: `.read` appends the greeting it reads, `.record` appends its
/// string, `.readInEffect` starts an effect that reads the greeting in its task and sends it.
let greetingReducer = Reducer<GreetingLog, GreetingAction>(id: "greeting", reduction: { state, action in
    @Dependency(\.greeting) var greeting
    switch action {
    case .read:
        state.seen.append(greeting)
        return .next()
    case .record(let text):
        state.seen.append(text)
        return .next()
    case .readInEffect:
        return .next(.run { send in
            @Dependency(\.greeting) var greeting
            send(.record("effect: \(greeting)"))
        })
    case .other:
        return Reduction(.defaultNext)
    }
})

/// Dependencies whose greeting is `greeting`, in the live context.
func greetingDependencies(_ greeting: String) -> Dependencies {
    var dependencies = Dependencies()
    dependencies.greeting = greeting
    return dependencies
}

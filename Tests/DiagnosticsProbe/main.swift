// A child process for the tests that read the real standard error (`DiagnosticsProbeTests`,
// `RunawayCallWarningTests`, `EffectDefaultNextAssertionTests`) or that must hold the whole
// cooperative pool (`EffectCancellationTests`): running them there keeps long main-actor calls
// and crashes out of the test process and never redirects the test process's own standard error.
//
// - no argument: a store whose middleware throws, with no resolver and no log handler, and one
//   main-actor dispatch. A debug build writes exactly one `swift-redux:` line.
// - `runaway <n>`: one main-actor dispatch whose middleware re-dispatches until `n` re-entrant
//   actions were processed; prints `count <state.count>` to standard output. A debug build warns
//   once if `n` is at least 100,000.
// - `effect-default-next`: a reducer returns an effect with `.defaultNext` (a programming error)
//   for one main-actor dispatch. A debug build stops at the assertion (the process dies of a
//   signal, the message on standard error); a release build drops the effect and prints
//   `reduced <actions>`.
// - `absent-child`: see `absentChild()`.
// - `cancel-before-start`: see `cancelBeforeStart()`.
// - `stale-effect-token`: see `staleEffectToken()`.
// Exits 0 (but for the debug assertion).
import Redux

enum ProbeFailure: Error {
    case diskFull
}

@MainActor
func unhandledFailure() {
    let store = Store<Int, String>(
        initialState: 0,
        reducers: [Reducer(id: "counts") { state, _ in
            state += 1
            return .next
        }],
        middlewares: [Middleware(id: "thrower") { _ in throw ProbeFailure.diskFull }]
    )
    store.dispatch("save")
}

@MainActor
func runaway(reentrant: Int) {
    let store = Store<Int, String>(
        initialState: 0,
        reducers: [Reducer(id: "counts") { state, _ in
            state += 1
            return .next
        }],
        middlewares: [Middleware(id: "loops") { context in
            if context.state < reentrant { context.dispatch("again") }
            return .next
        }]
    )
    store.dispatch("start")
    print("count \(store.state)")
}

@MainActor
func effectWithDefaultNext() {
    let store = Store<[String], String>(
        initialState: [],
        reducers: [
            Reducer(id: "declines", reduction: { _, action in
                Reduction(.defaultNext, action == "start" ? .send("sent") : .none)
            }),
            Reducer(id: "records", handlingAll: { state, action in state.append(action) }),
        ]
    )
    store.dispatch("start")
    print("reduced \(store.state.joined(separator: " "))")
}

/// A store with a child lifted over an optional that is `nil`, no log handler: one action for
/// the child (skipped by its lifted reducer and its lifted middleware: one line), then the store
/// invalidated and one dispatch refused (one line). A debug build writes exactly two
/// `swift-redux:` lines.
@MainActor
func absentChild() {
    struct Parent: Sendable { var child: Int? }
    let embedding = Embedding<String, String>(
        extract: { $0.hasPrefix("child.") ? String($0.dropFirst(6)) : nil },
        embed: { "child." + $0 }
    )
    let store = Store<Parent, String>(
        initialState: Parent(),
        reducers: [Reducer<Int, String>(id: "counts", handlingAll: { state, _ in state += 1 }).lift(state: \Parent.child, action: embedding)],
        middlewares: [Middleware<Int, String>(id: "watches") { _ in .next }.lift(state: \Parent.child, action: embedding)]
    )
    store.dispatch("child.tap")
    store.invalidate()
    store.dispatch("late")
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.count == 2, arguments[0] == "runaway", let reentrant = Int(arguments[1]) {
    runaway(reentrant: reentrant)
} else if arguments == ["effect-default-next"] {
    effectWithDefaultNext()
} else if arguments == ["stale-effect-token"] {
    staleEffectToken()
} else if arguments == ["absent-child"] {
    absentChild()
} else if arguments == ["cancel-before-start"] {
    cancelBeforeStart()
} else {
    unhandledFailure()
}

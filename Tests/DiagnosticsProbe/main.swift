// A child process for `DiagnosticsProbeTests`: a store whose middleware throws, with no resolver
// and no log handler, and one main-actor dispatch. A debug build writes exactly one
// `swift-redux:` line to the real standard error; the process exits 0.
import Redux

enum ProbeFailure: Error {
    case diskFull
}

let store = Store<Int, String>(
    initialState: 0,
    reducers: [Reducer(id: "counts") { state, _ in
        state += 1
        return .next
    }],
    middlewares: [Middleware(id: "thrower") { _ in throw ProbeFailure.diskFull }]
)
store.dispatch("save")

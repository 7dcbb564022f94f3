import Redux

// The fuzzer's words for what the log and the tickets show. The model predicts in these terms and
// FuzzText translates the library's types into them, so the checks never touch a library enum
// that may grow (DispatchOutcome gains `refused`, EffectErrorResolution `dropped`, ...).

enum FExit: Hashable, Sendable, CustomStringConvertible {
    case next, defaultNext, nextAs(Int), reduce, reduceAs(Int), done, resolve(Int), fail(Int), task, deferred
    case unparsed(String)

    var description: String {
        switch self {
        case .next: "next"
        case .defaultNext: "defaultNext"
        case .nextAs(let id): "nextAs(a\(id))"
        case .reduce: "reduce"
        case .reduceAs(let id): "reduceAs(a\(id))"
        case .done: "done"
        case .resolve(let id): "resolve(e\(id))"
        case .fail(let id): "fail(e\(id))"
        case .task: "task"
        case .deferred: "deferred"
        case .unparsed(let text): "?\(text)"
        }
    }
}

enum FRecovery: Hashable, Sendable {
    case reduce, reduceAs(Int), done
}

enum FRefusal: Hashable, Sendable {
    case invalidated, storeReleased, unknown
}

enum FOutcome: Hashable, Sendable, CustomStringConvertible {
    case reduced, consumed, recovered(FRecovery, reduced: Bool), failed(Int), unhandled, cancelled
    case refused(FRefusal)
    case unparsed(String)

    var isRefused: Bool {
        if case .refused = self { true } else { false }
    }

    var description: String {
        switch self {
        case .reduced: "reduced"
        case .consumed: "consumed"
        case let .recovered(recovery, reduced):
            switch recovery {
            case .reduce: "recovered(reduce, reduced: \(reduced))"
            case .reduceAs(let id): "recovered(reduceAs(a\(id)), reduced: \(reduced))"
            case .done: "recovered(done, reduced: \(reduced))"
            }
        case .failed(let id): "failed(e\(id))"
        case .unhandled: "unhandled"
        case .cancelled: "cancelled"
        case .refused(let reason): "refused(\(reason))"
        case .unparsed(let text): "?\(text)"
        }
    }
}

enum FResolution: Hashable, Sendable, CustomStringConvertible {
    case done, enqueued(Int), ignoredReduce, failed(Int), dropped
    case unparsed(String)

    var description: String {
        switch self {
        case .done: "done"
        case .enqueued(let id): "enqueued(a\(id))"
        case .ignoredReduce: "ignoredReduce"
        case .failed(let id): "failed(e\(id))"
        case .dropped: "dropped"
        case .unparsed(let text): "?\(text)"
        }
    }
}

enum FOrigin: Hashable, Sendable, CustomStringConvertible {
    /// A middleware; the effect (or `.task`) of a middleware; the effect of a reducer.
    case middleware(Int), effect(Int), reducer(Int)
    case unparsed(String)

    var description: String {
        switch self {
        case .middleware(let position): "m\(position)"
        case .effect(let position): "effect of m\(position)"
        case .reducer(let position): "effect of r\(position)"
        case .unparsed(let text): "?\(text)"
        }
    }
}

/// A log event's kind, minus what the checks ignore (call sites, durations).
enum FKind: Hashable, Sendable, CustomStringConvertible {
    case enqueued(mainActor: Bool)
    case middleware(Int, FExit)
    case resumed(Int, FExit)
    case resolver(Int, FExit)
    case reducer(Int, ReducerExit)
    case terminal(FOutcome)
    /// A component started a non-empty effect (step 5, before the terminal).
    case effectStarted(FOrigin)
    /// `errorID` is -1 for an error that is not a FuzzError.
    case effectFailed(FOrigin, errorID: Int)
    case effectResolved(FResolution)
    case highWater
    case refused(FRefusal)
    case unknown(String)

    /// Part of an action's processing (everything but `.enqueued` and high-water marks).
    var isProcessing: Bool {
        switch self {
        case .enqueued, .highWater: false
        default: true
        }
    }

    /// Ends an uninterrupted stretch of one action's processing events.
    var endsSegment: Bool {
        switch self {
        case .terminal, .refused, .effectResolved, .middleware(_, .deferred), .unknown: true
        default: false
        }
    }

    var isTerminal: Bool {
        switch self {
        case .terminal, .refused: true
        default: false
        }
    }

    var description: String {
        switch self {
        case .enqueued(let main): main ? "enqueued" : "enqueued(off main)"
        case let .middleware(position, exit): "m\(position)→\(exit)"
        case let .resumed(position, exit): "resumed m\(position)→\(exit)"
        case let .resolver(position, exit): "q\(position)→\(exit)"
        case let .reducer(position, exit): "r\(position)→\(exit)"
        case .terminal(let outcome): "terminal \(outcome)"
        case .effectStarted(let origin): "\(origin) started"
        case let .effectFailed(origin, error): "\(origin) threw e\(error)"
        case .effectResolved(let resolution): "effect resolved \(resolution)"
        case .highWater: "high-water"
        case .refused(let reason): "REFUSED(\(reason))"
        case .unknown(let text): "unknown kind: \(text)"
        }
    }
}

struct FEvent: Hashable, Sendable, CustomStringConvertible {
    var action: Int
    var kind: FKind

    var description: String { "a\(action) \(kind)" }
}

/// A reducer that handled an action (answered `.next` or `.done`).
struct FReduction: Hashable, Sendable, CustomStringConvertible {
    var reducer: Int
    var action: Int

    var description: String { "r\(reducer)(a\(action))" }
}

/// What a resolver was shown.
struct FConsultation: Hashable, Sendable, CustomStringConvertible {
    var resolver: Int
    var error: Int
    var origin: FOrigin
    var action: Int
    var dispatched: Int

    var description: String { "q\(resolver) e\(error) from \(origin) action a\(action) dispatched a\(dispatched)" }
}

/// The `.task` or `.deferred` work returned by middleware `position` for action `action`.
struct WorkRef: Hashable, Sendable, CustomStringConvertible {
    var action: Int
    var position: Int

    var description: String { "work(a\(action)@m\(position))" }
}

extension FKind {
    /// The kind without its ids, for coverage counts (`m→nextAs`, `terminal recovered`, ...).
    var shape: String {
        func exitName(_ exit: FExit) -> String {
            String(exit.description.prefix { $0 != "(" })
        }
        return switch self {
        case .enqueued(let main): main ? "enqueued" : "enqueued off main"
        case .middleware(_, let exit): "middleware \(exitName(exit))"
        case .resumed(_, let exit): "resumed \(exitName(exit))"
        case .resolver(_, let exit): "resolver \(exitName(exit))"
        case .reducer(_, let exit): "reducer \(exit)"
        case .terminal(let outcome): "terminal " + String(outcome.description.prefix { $0 != "(" })
        case .effectStarted: "effect started"
        case .effectFailed(.reducer, _): "reducer effect failed"
        case .effectFailed: "effect failed"
        case .effectResolved(let resolution): "effect resolved " + String(resolution.description.prefix { $0 != "(" })
        case .highWater: "high-water"
        case .refused(let reason): "refused \(reason)"
        case .unknown: "unknown"
        }
    }
}

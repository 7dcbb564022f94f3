import Redux

// Random effects returned by effect reducers: the program's words for them (what the generator
// draws and the model reads) and their interpretation (the library `Effect` an effect reducer of
// the fuzz store returns).
//
// Two restrictions keep every cancellation at a point the model can place in the trace:
// `.cancel(id:)` and `.cancellable(id:cancelInFlight:)` only appear where they are started during
// the producing action's pass, never in a concatenation after asynchronous work — except a
// cancel-in-flight link whose id belongs to its concatenation alone (ids from
// `FuzzGenerator.freshCancelIDs`; the link before it may share it): it has nothing in flight to
// cancel, so it must run and what the link before it sent must be delivered. Everything else
// may nest freely.

/// How reducer `position` of the fuzz store is built.
enum ReducerKind: String, Sendable {
    /// `Reducer(id:_:)`: an exit only.
    case plain
    /// `Reducer(id:reduction:)`: the scripted exit and, where it handles the action, an effect.
    case reduction
    /// `Reducer(id:effects:)`: always `.next`, and an effect.
    case effects
}

/// One `.run` of one reducer's effect for one action: `run` numbers the runs of that effect in
/// preorder.
struct RunRef: Hashable, Sendable, Comparable, CustomStringConvertible {
    var action: Int
    var reducer: Int
    var run: Int

    var description: String { "run(a\(action)@r\(reducer)#\(run))" }

    static func < (lhs: RunRef, rhs: RunRef) -> Bool {
        (lhs.action, lhs.reducer, lhs.run) < (rhs.action, rhs.reducer, rhs.run)
    }
}

indirect enum FuzzEffect: Sendable {
    /// `.send(a)`: in the pass when nothing asynchronous precedes it, else from a task.
    case send(Int)
    case run(FuzzRunBody)
    case merge([FuzzEffect])
    case concatenate([FuzzEffect])
    /// `inner.cancellable(id: "c<id>", cancelInFlight:)`; only where it starts in the pass, or
    /// as a link's own id (see above).
    case cancellable(Int, cancelInFlight: Bool, FuzzEffect)
    /// `.cancel(id: "c<id>")`; only where it runs in the pass.
    case cancel(Int)
}

/// The body of a `.run`: its ops in order, then maybe a throw.
struct FuzzRunBody: Sendable {
    /// The run's number in its effect (`RunRef.run`).
    var index: Int
    var ops: [RunOp] = []
    /// Thrown (a FuzzError) once the ops are done.
    var throwing: Int?

    /// The actions it sends, in order.
    var sends: [Int] {
        ops.compactMap { op in
            switch op {
            case .send(let id), .tracked(let id, _): id
            default: nil
            }
        }
    }
}

enum RunOp: Sendable {
    /// `send.sleep(for:)` this many milliseconds, on the store's clock (the fuzz's manual clock).
    case sleep(Int)
    /// `try? await send.sleep(for:)`: work that ignores its cancellation and goes on.
    case sleepIgnoringCancellation(Int)
    case yield
    /// `await MainActor.run {}`: resumes only once the main actor finished what it was doing (a
    /// whole dispatch call), so what follows comes after any cancellation that call made.
    case hop
    /// `send(a)`.
    case send(Int)
    /// `send.tracked(a)`, its outcome awaited when `await`.
    case tracked(Int, await: Bool)
}

extension FuzzEffect {
    /// Some `.run` inside: the effect ends asynchronously.
    var isAsync: Bool {
        switch self {
        case .send, .cancel: false
        case .run: true
        case .merge(let parts), .concatenate(let parts): parts.contains(where: \.isAsync)
        case .cancellable(_, _, let inner): inner.isAsync
        }
    }

    var text: String {
        switch self {
        case .send(let id): "send(a\(id))"
        case .run(let body): "run#\(body.index){\(body.text)}"
        case .merge(let parts): "merge(" + parts.map(\.text).joined(separator: ", ") + ")"
        case .concatenate(let parts): "concat(" + parts.map(\.text).joined(separator: ", ") + ")"
        case let .cancellable(id, cancelInFlight, inner): "\(inner.text).cancellable(c\(id)\(cancelInFlight ? ", inFlight" : ""))"
        case .cancel(let id): "cancel(c\(id))"
        }
    }
}

extension FuzzRunBody {
    var text: String {
        var parts = ops.map { op -> String in
            switch op {
            case .sleep(let ms): "sleep\(ms)"
            case .sleepIgnoringCancellation(let ms): "sleep?\(ms)"
            case .yield: "yield"
            case .hop: "hop"
            case .send(let id): "a\(id)"
            case let .tracked(id, wait): wait ? "await a\(id)" : "track a\(id)"
            }
        }
        if let error = throwing { parts.append("throw e\(error)") }
        return parts.joined(separator: ",")
    }
}

// MARK: - The interpreter

enum FuzzEffectBuilder {
    /// The library effect that reducer `reducer` returns for `action`, built with the public
    /// constructors only (so their simplifications — a merge of one part is that part, ... —
    /// apply as in an app; the model mirrors them).
    static func effect(_ effect: FuzzEffect, action: Int, reducer: Int, _ environment: FuzzEnvironment) -> Effect<FuzzAction> {
        switch effect {
        case .send(let id):
            return .send(FuzzAction(id))
        case .run(let body):
            return run(body, RunRef(action: action, reducer: reducer, run: body.index), environment)
        case .merge(let parts):
            return .merge(parts.map { self.effect($0, action: action, reducer: reducer, environment) })
        case .concatenate(let parts):
            return .concatenate(parts.map { self.effect($0, action: action, reducer: reducer, environment) })
        case let .cancellable(id, cancelInFlight, inner):
            return self.effect(inner, action: action, reducer: reducer, environment).cancellable(id: "c\(id)", cancelInFlight: cancelInFlight)
        case .cancel(let id):
            return .cancel(id: "c\(id)")
        }
    }

    /// A `.run` that records each send just before making it, and the moment its body ends
    /// (normally, by its throw, or by its cancellation) in the trace.
    private static func run(_ body: FuzzRunBody, _ ref: RunRef, _ environment: FuzzEnvironment) -> Effect<FuzzAction> {
        let trace = environment.trace
        let sentinel = WorkSentinel(trace)
        return .run { send in
            trace.runStarted(ref)
            defer {
                trace.runEnded(ref)
                sentinel.keep()
            }
            for op in body.ops {
                switch op {
                case .sleep(let milliseconds):
                    try await send.sleep(for: .milliseconds(milliseconds))
                case .sleepIgnoringCancellation(let milliseconds):
                    try? await send.sleep(for: .milliseconds(milliseconds))
                case .yield:
                    await Task.yield()
                case .hop:
                    await MainActor.run {}
                case .send(let id):
                    trace.record(id, .effect(ref), mainActor: false)
                    send(FuzzAction(id))
                case let .tracked(id, wait):
                    let record = trace.record(id, .effect(ref), mainActor: false)
                    let ticket = send.tracked(FuzzAction(id))
                    trace.attach(ticket, to: record)
                    if wait { _ = try await ticket.outcome }
                }
            }
            if let error = body.throwing { throw trace.error(error) }
        }
    }
}

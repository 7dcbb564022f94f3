import Redux

// The program description: plain data that says what every component does with every action, what
// the driver and the producers dispatch, and when the store is invalidated or released. The
// generator (FuzzGenerator) writes it from a seed, the interpreter (FuzzRun and FuzzComponents)
// builds a real store that follows it, and the model (FuzzModel) predicts from it alone.
//
// Every action id is dispatched, or used as a replacement, at exactly one place in the program, so
// an id names one dispatch (or one step of it) and components decide by looking the id up.
// Extending the fuzzer (child stores, ...) means adding cases here, a clause in the model and
// one in the interpreter; reducer effects are described in FuzzEffects.

typealias FuzzStore = Store<FuzzState, FuzzAction>

/// The fuzz store's state: how many reductions ran and which action the last one reduced (the
/// observer reads it to know which action notified it).
struct FuzzState: Sendable {
    var reductions = 0
    var lastReduced = -1
}

struct FuzzAction: Sendable, Hashable, CustomStringConvertible {
    let id: Int
    init(_ id: Int) { self.id = id }
    var description: String { "a\(id)" }
}

/// A class, so the run can hold it weakly and see it freed (a leaked error shows a leaked record).
final class FuzzError: Error, Sendable, CustomStringConvertible {
    let id: Int
    init(_ id: Int) { self.id = id }
    var description: String { "e\(id)" }
}

/// A middleware's exit for one action.
enum StepExit: Sendable {
    case next, defaultNext, nextAs(Int), reduce, reduceAs(Int), done
    /// `.exit(.resolve(e))`.
    case resolve(Int)
    /// `throw e`.
    case throwing(Int)
    case task(FuzzWork)
    case deferred(FuzzWork, ResumeExit)
}

/// How a `.deferred` handler ends: a `DeferredExit`, or a throw.
enum ResumeExit: Sendable {
    case next, nextAs(Int), reduce, reduceAs(Int), done, resolve(Int), throwing(Int)
}

/// The body of a `.task` or a `.deferred` handler.
struct FuzzWork: Sendable {
    var ops: [WorkOp] = []
    /// A `.task` throws this error once its ops are done.
    var throwing: Int?
    /// Dispatched (tracked) when the work sees its cancellation, so it is always refused.
    var lateTracked: Int?
}

enum WorkOp: Sendable {
    /// Sleeps this many milliseconds on the store's (manual) clock.
    case sleep(Int)
    case yield
    case read
    case dispatch(Int)
    case dispatchTracked(Int, await: Bool)
}

struct MiddlewareStep: Sendable {
    var exit: StepExit = .next
    /// Dispatched through the context before the middleware returns.
    var dispatches: [Int] = []
    /// Calls `invalidate()` after this many of `dispatches`.
    var invalidateAfter: Int?
}

enum ActionRole: Sendable, Equatable {
    /// Dispatched by the driver, a producer, an install hook or a component.
    case dispatched
    /// Dispatched by the library itself: a resolver's `.reduceAs` for a task error.
    case libraryDispatched
    /// A `.nextAs` / `.reduceAs` replacement inside the run of dispatch `owner`.
    case replacement(owner: Int)
}

struct ActionScript: Sendable {
    var role: ActionRole
    /// One step per middleware; positions the action never reaches stay `.next`.
    var middleware: [MiddlewareStep]
    var reducers: [ReducerExit]
    /// Dispatched by the observer when this action's reduction notifies it.
    var observerDispatch: Int?
    /// Dispatched by the log handler on this action's (non-cancelled) terminal event.
    var terminalDispatch: Int?
    /// Per reducer position: the effect an effect reducer returns with this action (only where
    /// its exit handles the action; `nil`, or no entry, for none). See FuzzEffects.
    var effects: [FuzzEffect?] = []
}

enum ResolverAnswer: Sendable {
    case defaultNext, reduce, reduceAs(Int), done, fail(Int)
}

struct ResolverStep: Sendable {
    var answer: ResolverAnswer
    var dispatches: [Int] = []
}

/// What each resolver does with one error (an error is raised at one place only).
struct ErrorScript: Sendable {
    var answers: [ResolverStep]
}

enum ProducerKind: String, Sendable {
    case thread, task, actor, hop
}

enum ProducerOp: Sendable {
    /// `mainActor` only for `.hop` producers: the dispatch is made inside `MainActor.run`.
    case dispatch(Int, mainActor: Bool)
    case tracked(Int, mainActor: Bool)
    case batch([Int])
    case pause
}

struct FuzzProducer: Sendable {
    var kind: ProducerKind
    var ops: [ProducerOp]
}

/// One step of the main-actor driver.
enum DriverStep: Sendable {
    case dispatch(Int)
    case tracked(Int)
    case batch([Int])
    case start(producer: Int)
    case yield(Int)
    /// A tiny real sleep, to let off-main work run (an interleaving, never a proof).
    case pause
    /// Advances the manual clock by this many milliseconds.
    case advance(Int)
    case invalidate
    case release
}

struct FuzzProgram: Sendable {
    var seed: UInt64
    var middlewareCount = 0
    var resolverCount = 0
    var reducerCount = 1
    /// How each reducer is built; no entry is `.plain` (an exit-only reducer).
    var reducerKinds: [ReducerKind] = []
    var logs = true
    /// The log handler sleeps a little on cancelled terminals (widens invalidation races).
    var logDelay = false
    /// The log handler sleeps a little on each `.effectStarted` event: the runs just started get
    /// ahead of the pass (they send, finish or sleep while the call still processes), which widens
    /// the races between them and the cancellations the same call makes.
    var effectDelay = false
    var observer = false
    var actions: [ActionScript] = []
    var errors: [ErrorScript] = []
    /// Per middleware: what its install hook dispatches.
    var installs: [[Int]] = []
    var producers: [FuzzProducer] = []
    var steps: [DriverStep] = []
}

// MARK: - Text

extension FuzzProgram {
    func reducerKind(_ position: Int) -> ReducerKind {
        position < reducerKinds.count ? reducerKinds[position] : .plain
    }

    /// Some reducer returns effects.
    var hasEffects: Bool { reducerKinds.contains { $0 != .plain } }

    /// One line for failure messages.
    var summary: String {
        var parts = ["\(middlewareCount) mw, \(resolverCount) res, \(reducerCount) red"]
        if hasEffects { parts[0] += " (" + (0..<reducerCount).map { reducerKind($0).rawValue }.joined(separator: ",") + ")" + (effectDelay ? ", slow effect starts" : "") }
        parts.append(logs ? (logDelay ? "log (slow on cancel)" : "log") : "no log")
        if observer { parts.append("observer") }
        let installed = installs.reduce(0) { $0 + $1.count }
        if installed > 0 { parts.append("\(installed) install dispatches") }
        let kinds = producers.map { "\($0.kind.rawValue)(\($0.ops.count))" }
        if !kinds.isEmpty { parts.append("producers " + kinds.joined(separator: " ")) }
        parts.append("steps " + steps.map(\.text).joined(separator: " "))
        if actions.contains(where: { $0.middleware.contains { $0.invalidateAfter != nil } }) {
            parts.append("in-pass invalidate")
        }
        parts.append("\(actions.count) actions")
        return parts.joined(separator: "; ")
    }

    /// Every script, for `REDUX_FUZZ_VERBOSE`.
    var dump: String {
        var lines: [String] = [summary]
        for (index, producer) in producers.enumerated() {
            lines.append("producer \(index) \(producer.kind.rawValue): " + producer.ops.map(\.text).joined(separator: " "))
        }
        for (position, dispatched) in installs.enumerated() where !dispatched.isEmpty {
            lines.append("install m\(position): " + dispatched.map { "a\($0)" }.joined(separator: " "))
        }
        for (id, script) in actions.enumerated() {
            var line = "a\(id) \(script.role.text):"
            for (position, step) in script.middleware.enumerated() {
                line += " m\(position)=\(step.text)"
            }
            line += " | " + script.reducers.map { "\($0)" }.joined(separator: ",")
            for (position, effect) in script.effects.enumerated() {
                if let effect { line += " r\(position)⇒\(effect.text)" }
            }
            if let child = script.observerDispatch { line += " obs→a\(child)" }
            if let child = script.terminalDispatch { line += " term→a\(child)" }
            lines.append(line)
        }
        for (id, error) in errors.enumerated() where !error.answers.isEmpty {
            lines.append("e\(id): " + error.answers.enumerated().map { "q\($0.offset)=\($0.element.text)" }.joined(separator: " "))
        }
        return lines.joined(separator: "\n")
    }
}

extension ActionRole {
    var text: String {
        switch self {
        case .dispatched: "dispatched"
        case .libraryDispatched: "library"
        case .replacement(let owner): "replaces-in a\(owner)"
        }
    }
}

extension MiddlewareStep {
    var text: String {
        var text = exit.text
        if !dispatches.isEmpty { text += "+[" + dispatches.map { "a\($0)" }.joined(separator: ",") + "]" }
        if let after = invalidateAfter { text += "!inv@\(after)" }
        return text
    }
}

extension StepExit {
    var text: String {
        switch self {
        case .next: "next"
        case .defaultNext: "defaultNext"
        case .nextAs(let id): "nextAs(a\(id))"
        case .reduce: "reduce"
        case .reduceAs(let id): "reduceAs(a\(id))"
        case .done: "done"
        case .resolve(let id): "resolve(e\(id))"
        case .throwing(let id): "throw(e\(id))"
        case .task(let work): "task{\(work.text)}"
        case let .deferred(work, resume): "deferred{\(work.text)}→\(resume.text)"
        }
    }
}

extension ResumeExit {
    var text: String {
        switch self {
        case .next: "next"
        case .nextAs(let id): "nextAs(a\(id))"
        case .reduce: "reduce"
        case .reduceAs(let id): "reduceAs(a\(id))"
        case .done: "done"
        case .resolve(let id): "resolve(e\(id))"
        case .throwing(let id): "throw(e\(id))"
        }
    }
}

extension FuzzWork {
    var text: String {
        var parts = ops.map { op -> String in
            switch op {
            case .sleep(let ms): "sleep\(ms)"
            case .yield: "yield"
            case .read: "read"
            case .dispatch(let id): "a\(id)"
            case let .dispatchTracked(id, wait): wait ? "await a\(id)" : "track a\(id)"
            }
        }
        if let error = throwing { parts.append("throw e\(error)") }
        if let late = lateTracked { parts.append("late a\(late)") }
        return parts.joined(separator: ",")
    }
}

extension ResolverStep {
    var text: String {
        let base: String = switch answer {
        case .defaultNext: "defaultNext"
        case .reduce: "reduce"
        case .reduceAs(let id): "reduceAs(a\(id))"
        case .done: "done"
        case .fail(let id): "fail(e\(id))"
        }
        return dispatches.isEmpty ? base : base + "+[" + dispatches.map { "a\($0)" }.joined(separator: ",") + "]"
    }
}

extension ProducerOp {
    var text: String {
        switch self {
        case let .dispatch(id, main): main ? "main:a\(id)" : "a\(id)"
        case let .tracked(id, main): main ? "main:track a\(id)" : "track a\(id)"
        case .batch(let ids): "[" + ids.map { "a\($0)" }.joined(separator: ",") + "]"
        case .pause: "pause"
        }
    }
}

extension DriverStep {
    var text: String {
        switch self {
        case .dispatch(let id): "a\(id)"
        case .tracked(let id): "track a\(id)"
        case .batch(let ids): "[" + ids.map { "a\($0)" }.joined(separator: ",") + "]"
        case .start(let producer): "start\(producer)"
        case .yield(let count): "yield\(count)"
        case .pause: "pause"
        case .advance(let ms): "+\(ms)ms"
        case .invalidate: "INVALIDATE"
        case .release: "RELEASE"
        }
    }
}

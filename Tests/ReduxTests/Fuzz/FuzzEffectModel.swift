// The model's part for reducer effects: what one action's reduction starts, read from the
// program alone, in the terms the checks need.
//
// What is exact: the `.effectStarted` events (one per reducer whose effect is not empty and not
// made only of cancellations), the top-level sends (queued in the pass, processed in the same
// call right after the terminal, FIFO), the order of the pass's cancellations and spawns, all in
// written order. What depends on timing (whether a cancellation finds a run still running) is
// given as conditions: each run and each send made after asynchronous work carries the
// cancellation ids it depends on (its own scopes: a concatenation goes on past a cancelled link,
// so the ids of the links before it do not count), each anchored at a point of the pass; the
// checks decide from the trace which cancellations came after that point.
//
// A concatenation registers its links' ids when it starts, and a cancellation written inside it
// never reaches its later links: a link after asynchronous work is anchored where the walk of
// the innermost concatenation started in the pass ends. A link after one that may throw runs
// only if that one was cancelled instead: it is never required.

/// A cancellation id over part of an effect, with the point of the producing pass (an index
/// into its sequence of cancellations and in-pass spawns) after which a cancellation with that
/// id reaches the work.
struct EffectReason: Hashable, Sendable, CustomStringConvertible {
    var id: Int
    var start: Int

    var description: String { "c\(id)@\(start)" }
}

/// A cancellation the pass performs (`.cancel(id:)` or a `cancelInFlight` start), at `order`.
struct PredictedCancel: Hashable, Sendable {
    var id: Int
    var order: Int
}

/// A `.run` the pass starts, at once or when the runs in `triggers` complete (a concatenation).
struct PredictedRun: Sendable {
    var ref: RunRef
    /// The dispatch whose pass started the effect.
    var dispatch: Int
    var sends: [Int]
    var error: Int?
    /// The ids of the cancellable scopes it runs in, each anchored where a cancellation surely
    /// finds its chain started (every run it waits for spawned).
    var scope: [EffectReason]
    /// Its ids and those of every run that must complete before it starts, anchored where a
    /// cancellation may first find part of its chain started: such a cancellation may stop it.
    var reasons: [EffectReason]
    /// The runs whose completion starts it (one of them, the last to end, spawns it); empty when
    /// the pass spawns it.
    var triggers: [RunRef]
    /// It starts only if a link before it that throws was cancelled first: never required.
    var optional = false
}

/// A `.send` made by the library from a task, after the runs in `triggers` completed.
struct PredictedAsyncSend: Sendable {
    var action: Int
    var dispatch: Int
    var reducer: Int
    var reasons: [EffectReason]
    /// The ids it is sent under (its link's), anchored where a cancellation surely reaches it.
    var scope: [EffectReason]
    var triggers: [RunRef]
    var optional = false
}

/// How an action an effect sends comes to be dispatched.
enum EffectSendOrigin: Hashable, Sendable {
    /// A top-level send, queued in the pass of `dispatch`.
    case inPass(dispatch: Int)
    /// `send(a)` in a run's body.
    case run(RunRef)
    /// A `.send` after asynchronous work.
    case async(dispatch: Int)
}

/// What a dispatch that may not happen depends on.
enum EffectCondition: Hashable, Sendable {
    /// The run's body makes it, or the run's error leads to it.
    case run(RunRef)
    /// The async send of that action.
    case asyncSend(Int)
}

struct ConditionalChild: Hashable, Sendable {
    var action: Int
    var condition: EffectCondition
}

/// Two actions one effect sends in a fixed order: when both are processed, `before` first.
struct EffectOrder: Hashable, Sendable, CustomStringConvertible {
    var before: Int
    var after: Int

    var description: String { "a\(before) before a\(after)" }
}

/// An effect after the library's simplifications (what `Effect.merge`, `.concatenate` and
/// `.cancellable` build from the parts the fuzz store gives them).
indirect enum ModelEffect: Sendable {
    case none, send(Int), run(FuzzRunBody), merge([ModelEffect]), concatenate([ModelEffect])
    case cancellable(Int, cancelInFlight: Bool, ModelEffect), cancel(Int)

    var isNone: Bool {
        if case .none = self { true } else { false }
    }

    /// `Effect.isOnlyCancels`: started without an `.effectStarted` event.
    var isOnlyCancels: Bool {
        switch self {
        case .cancel: true
        case .merge(let parts): parts.allSatisfy(\.isOnlyCancels)
        default: false
        }
    }

    init(_ effect: FuzzEffect) {
        switch effect {
        case .send(let id): self = .send(id)
        case .run(let body): self = .run(body)
        case .cancel(let id): self = .cancel(id)
        case .merge(let parts): self = Self.merging(parts.map(ModelEffect.init))
        case .concatenate(let parts): self = Self.concatenating(parts.map(ModelEffect.init))
        case let .cancellable(id, cancelInFlight, inner):
            let inner = ModelEffect(inner)
            // `.cancellable` on `.none` is `.none` unless it cancels in flight.
            self = inner.isNone && !cancelInFlight ? .none : .cancellable(id, cancelInFlight: cancelInFlight, inner)
        }
    }

    /// `Effect.merge`: empty parts dropped; one part is that part.
    static func merging(_ parts: [ModelEffect]) -> ModelEffect {
        let kept = parts.filter { !$0.isNone }
        switch kept.count {
        case 0: return .none
        case 1: return kept[0]
        default: return .merge(kept)
        }
    }

    static func concatenating(_ parts: [ModelEffect]) -> ModelEffect {
        let kept = parts.filter { !$0.isNone }
        switch kept.count {
        case 0: return .none
        case 1: return kept[0]
        default: return .concatenate(kept)
        }
    }
}

/// Walks the effects one reduction starts (step 5 of the order after the reducers), in written
/// order.
///
/// Every cancellation and every run the pass spawns gets the next number of the pass's `order`:
/// a cancellation in the pass may stop the runs spawned before it, never those spawned after it.
/// A run a concatenation starts later (and a send after asynchronous work) is registered with
/// its link when the concatenation starts, and no cancellation written inside that
/// concatenation reaches it: it is anchored where the concatenation's walk ends.
struct EffectWalk {
    let dispatch: Int
    let action: Int
    private var order = 0
    private var reducer = 0
    private(set) var cancels: [PredictedCancel] = []
    private(set) var runs: [PredictedRun] = []
    private(set) var inPassSends: [Int] = []
    private(set) var asyncSends: [PredictedAsyncSend] = []
    private(set) var orders: [EffectOrder] = []
    /// A cancellation or cancellable scope the generator should never place after async work.
    private(set) var unsupported: [String] = []
    private var anchors: [RunRef: (earliest: Int, latest: Int, reasons: [EffectReason])] = [:]
    /// Runs and sends after asynchronous work anchored at the end of their innermost
    /// concatenation started in the pass.
    private var anchored: Set<RunRef> = []
    private var anchoredSends: Set<Int> = []

    init(dispatch: Int, action: Int) {
        self.dispatch = dispatch
        self.action = action
    }

    private struct Context {
        var inPass = true
        /// The cancellation ids of the enclosing cancellable scopes.
        var scope: [Int] = []
        /// The runs whose completion starts this part (none in the pass).
        var triggers: [RunRef] = []
        /// Sends made from tasks that precede this part.
        var before: [Int] = []
        /// A link before it may throw: it runs only if that link was cancelled.
        var optional = false
    }

    private struct Outcome {
        var async = false
        /// Sends made from tasks (not the pass's own).
        var sends: [Int] = []
        /// The runs whose completion completes the part.
        var ends: [RunRef] = []
        /// A run in it throws: a concatenation does not go on after it.
        var throwsError = false
    }

    mutating func start(_ effect: ModelEffect, reducer: Int) {
        self.reducer = reducer
        _ = walk(effect, Context())
    }

    /// The ids of the pass's cancel-in-flight links after asynchronous work: ids of their own
    /// concatenation (see `FuzzGenerator.freshCancelIDs`), which nothing else cancels.
    static func isLinkID(_ id: Int) -> Bool { id >= FuzzGenerator.freshCancelIDs }

    private mutating func walk(_ effect: ModelEffect, _ context: Context) -> Outcome {
        switch effect {
        case .none:
            return Outcome()
        case .send(let id):
            if context.inPass {
                inPassSends.append(id)
                return Outcome()
            }
            let reasons = context.scope.map { EffectReason(id: $0, start: order) }
            asyncSends.append(PredictedAsyncSend(action: id, dispatch: dispatch, reducer: reducer, reasons: reasons, scope: reasons, triggers: context.triggers, optional: context.optional))
            for earlier in context.before { orders.append(EffectOrder(before: earlier, after: id)) }
            return Outcome(sends: [id])
        case .cancel(let id):
            if !context.inPass { unsupported.append("cancel(c\(id)) after async work") }
            cancels.append(PredictedCancel(id: id, order: order))
            order += 1
            return Outcome()
        case let .cancellable(id, cancelInFlight, inner):
            let linkID = Self.isLinkID(id)
            if !context.inPass && !linkID { unsupported.append("cancellable(c\(id)) after async work") }
            // A link's own id: its cancel-in-flight reaches nothing of its concatenation.
            if cancelInFlight && !linkID {
                cancels.append(PredictedCancel(id: id, order: order))
                order += 1
            }
            var inside = context
            if !inside.scope.contains(id) { inside.scope.append(id) }
            return walk(inner, inside)
        case .run(let body):
            let ref = RunRef(action: action, reducer: reducer, run: body.index)
            let earliest: Int
            let latest: Int
            if context.triggers.isEmpty {
                (earliest, latest) = (order, order)
                order += 1
            } else {
                let spans = context.triggers.compactMap { anchors[$0] }
                earliest = spans.map(\.earliest).min() ?? 0
                latest = spans.map(\.latest).max() ?? 0
            }
            let reasons = context.scope.map { EffectReason(id: $0, start: earliest) }
            anchors[ref] = (earliest, latest, reasons)
            runs.append(PredictedRun(
                ref: ref, dispatch: dispatch, sends: body.sends, error: body.throwing,
                scope: context.scope.map { EffectReason(id: $0, start: latest) }, reasons: reasons, triggers: context.triggers,
                optional: context.optional))
            let sends = body.sends
            for (index, id) in sends.enumerated() {
                for earlier in context.before + sends[..<index] { orders.append(EffectOrder(before: earlier, after: id)) }
            }
            return Outcome(async: true, sends: sends, ends: [ref], throwsError: body.throwing != nil)
        case .merge(let parts):
            var outcome = Outcome()
            for part in parts {
                let branch = walk(part, context)
                outcome.async = outcome.async || branch.async
                outcome.sends += branch.sends
                outcome.ends += branch.ends
                outcome.throwsError = outcome.throwsError || branch.throwsError
            }
            return outcome
        case .concatenate(let parts):
            var next = context
            var outcome = Outcome()
            let (firstRun, firstSend) = (runs.count, asyncSends.count)
            for part in parts {
                let done = walk(part, next)
                outcome.sends += done.sends
                next.before += done.sends
                if done.async {
                    outcome.async = true
                    outcome.ends = done.ends
                    next.inPass = false
                    next.triggers = done.ends
                }
                // A part that threw ends the concatenation, unless it was cancelled first.
                if done.throwsError {
                    outcome.throwsError = true
                    next.optional = true
                }
            }
            // Started in the pass: its links after asynchronous work were registered when it
            // started, and what is written inside it does not reach them; a cancellation after
            // it in the pass does (`mayStop` counts those after the anchor).
            if context.inPass {
                let end = order - 1
                for index in firstRun..<runs.count where !runs[index].triggers.isEmpty && !anchored.contains(runs[index].ref) {
                    anchored.insert(runs[index].ref)
                    runs[index].reasons = runs[index].reasons.map { EffectReason(id: $0.id, start: end) }
                    runs[index].scope = runs[index].scope.map { EffectReason(id: $0.id, start: end) }
                }
                for index in firstSend..<asyncSends.count where !anchoredSends.contains(asyncSends[index].action) {
                    anchoredSends.insert(asyncSends[index].action)
                    asyncSends[index].reasons = asyncSends[index].reasons.map { EffectReason(id: $0.id, start: end) }
                    asyncSends[index].scope = asyncSends[index].reasons
                }
            }
            return outcome
        }
    }
}

extension FuzzModel {
    /// An action a reducer effect sends from a task (a run's send, or a send after asynchronous
    /// work): whether it is made, and processed, depends on cancellation.
    func isConditionalSend(_ id: Int) -> Bool {
        switch sendOrigins[id] {
        case .run, .async: true
        default: false
        }
    }

    /// The cancellation ids (with their scopes' starts) a conditional send depends on.
    func reasons(ofSend id: Int) -> (dispatch: Int, reasons: [EffectReason])? {
        switch sendOrigins[id] {
        case .run(let ref): runs[ref].map { ($0.dispatch, $0.reasons) }
        case .async: asyncSends[id].map { ($0.dispatch, $0.reasons) }
        default: nil
        }
    }
}

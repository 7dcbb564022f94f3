import Redux

/// Writes a random, small program from a seed. Sizes are kept small on purpose: the suite runs it
/// for hundreds of seeds, also under ThreadSanitizer and AddressSanitizer.
///
/// The generator follows each action's path only to avoid spending its budget on steps nobody
/// reaches; the model does not rely on it (it interprets the scripts itself).
struct FuzzGenerator {
    private var rng: SplitMix64
    private var program: FuzzProgram
    /// Child dispatches (from components and work) still allowed.
    private var budget: Int
    /// No install hooks: they run before the store reference exists, so components that need it
    /// (an in-pass invalidation, the log handler's dispatch, the observer) would misbehave there.
    private var installs = false
    private var inPassInvalidation = false
    /// Cancellation ids drawn lately: later draws prefer them, so that cancellations meet the
    /// cancellable work they can stop (often work still running in the same call).
    private var recentCancelIDs: [Int] = []
    /// Where the ids of cancel-in-flight links after asynchronous work start: each such id
    /// belongs to one concatenation (its link, and maybe the link before it), and nothing else
    /// uses it.
    static let freshCancelIDs = 1_000
    private var nextFreshCancelID = FuzzGenerator.freshCancelIDs
    private static let maxDepth = 3
    /// The share of programs whose reducers return effects.
    private static let effectPercent = 50

    static func program(seed: UInt64) -> FuzzProgram {
        var generator = FuzzGenerator(seed: seed)
        generator.generate()
        return generator.program
    }

    private init(seed: UInt64) {
        rng = SplitMix64(seed: seed ^ 0x5EED_F0CC_A11E_D00D)
        program = FuzzProgram(seed: seed)
        budget = 0
    }

    private mutating func generate() {
        program.middlewareCount = rng.pick([(8, 0), (25, 1), (30, 2), (22, 3), (15, 4)])
        program.resolverCount = rng.pick([(20, 0), (40, 1), (25, 2), (15, 3)])
        program.reducerCount = rng.int(1...3)
        program.logs = rng.chance(90)
        program.logDelay = program.logs && rng.chance(30)
        program.observer = rng.chance(45)
        installs = !program.observer && rng.chance(25)
        inPassInvalidation = !installs && rng.chance(12)
        budget = rng.int(6...16)
        // Effect reducers only in logged programs: the checks place effects by their events.
        if program.logs, rng.chance(Self.effectPercent) {
            program.reducerKinds = (0..<program.reducerCount).map { _ in
                rng.pick([(40, ReducerKind.reduction), (25, .effects), (35, .plain)])
            }
            if !program.hasEffects { program.reducerKinds[rng.index(program.reducerCount)] = .reduction }
            program.effectDelay = rng.chance(35)
            budget += rng.int(0...6)
        }
        program.installs = Array(repeating: [], count: program.middlewareCount)

        var items: [DriverStep] = []
        for _ in 0..<rng.int(1...5) {
            switch rng.int(0...99) {
            case 0..<35: items.append(.dispatch(root()))
            case 35..<80: items.append(.tracked(root()))
            default: items.append(.batch((0..<rng.int(2...3)).map { _ in root() }))
            }
        }
        for index in 0..<rng.pick([(35, 0), (35, 1), (20, 2), (10, 3)]) {
            program.producers.append(producer())
            items.append(.start(producer: index))
        }
        if installs {
            for position in 0..<program.middlewareCount where rng.chance(50) {
                let dispatched = (0..<rng.int(1...2)).map { _ in root() }
                program.installs[position] = dispatched
            }
        }
        shuffle(&items)
        for item in items {
            program.steps.append(item)
            if rng.chance(45) { program.steps.append(filler()) }
        }
        if rng.chance(18) {
            let at = rng.int(0...program.steps.count)
            program.steps.insert(.invalidate, at: at)
            if rng.chance(50) { program.steps.insert(.advance(rng.int(1...3)), at: at) }
        }
        if rng.chance(12) { program.steps.insert(.release, at: rng.int(0...program.steps.count)) }
    }

    private mutating func shuffle(_ items: inout [DriverStep]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, rng.int(0...index))
        }
    }

    private mutating func filler() -> DriverStep {
        let amount = rng.int(1...3)
        return rng.pick([(35, .yield(amount)), (25, .pause), (40, .advance(amount))])
    }

    private mutating func producer() -> FuzzProducer {
        let kind = rng.pick([(30, ProducerKind.thread), (25, .task), (20, .actor), (25, .hop)])
        let ops = (0..<rng.int(1...4)).map { _ -> ProducerOp in
            let main = kind == .hop && rng.chance(50)
            switch rng.int(0...99) {
            case 0..<35: return .dispatch(root(), mainActor: main)
            case 35..<70: return .tracked(root(), mainActor: main)
            case 70..<82: return .batch((0..<rng.int(2...3)).map { _ in root() })
            default: return .pause
            }
        }
        return FuzzProducer(kind: kind, ops: ops)
    }

    // MARK: - Actions

    private mutating func root() -> Int {
        newAction(role: .dispatched, from: 0, depth: 0)
    }

    /// A child dispatch, if the budget allows.
    private mutating func child(_ depth: Int) -> Int? {
        guard depth < Self.maxDepth, budget > 0 else { return nil }
        budget -= 1
        return newAction(role: .dispatched, from: 0, depth: depth + 1)
    }

    private mutating func children(_ depth: Int, percent: Int, most: Int = 2) -> [Int] {
        guard rng.chance(percent) else { return [] }
        return (0..<rng.int(1...most)).compactMap { _ in child(depth) }
    }

    private func owner(of id: Int) -> Int {
        if case .replacement(let owner) = program.actions[id].role { return owner }
        return id
    }

    /// Creates an action whose path starts at middleware `from` (a replacement made at position
    /// `from - 1` never sees the earlier ones).
    private mutating func newAction(role: ActionRole, from start: Int, depth: Int) -> Int {
        let id = program.actions.count
        let count = program.middlewareCount
        program.actions.append(ActionScript(
            role: role, middleware: Array(repeating: MiddlewareStep(), count: count),
            reducers: [], observerDispatch: nil, terminalDispatch: nil))
        var steps = Array(repeating: MiddlewareStep(), count: count)
        var position = start
        var continues = true
        while position < count, continues {
            var step = MiddlewareStep()
            step.dispatches = children(depth, percent: 12)
            if inPassInvalidation, rng.chance(10) { step.invalidateAfter = rng.int(0...step.dispatches.count) }
            step.exit = exit(of: id, at: position, depth: depth, continues: &continues)
            steps[position] = step
            position += 1
        }
        let reducers = (0..<program.reducerCount).map { position in
            program.reducerKind(position) == .effects ? .next : rng.pick([(50, ReducerExit.next), (20, .done), (30, .defaultNext)])
        }
        var effects: [FuzzEffect?] = Array(repeating: nil, count: program.reducerCount)
        for (position, exit) in reducers.enumerated() {
            if program.reducerKind(position) != .plain, exit != .defaultNext, rng.chance(55) {
                var runs = 0
                effects[position] = effect(depth, action: id, inPass: true, level: 0, runs: &runs)
            }
            if exit == .done { break }
        }
        let observed = program.observer && rng.chance(10) ? child(depth) : nil
        let terminal = program.logs && !installs && rng.chance(10) ? child(depth) : nil
        program.actions[id].middleware = steps
        program.actions[id].reducers = reducers
        if program.hasEffects { program.actions[id].effects = effects }
        program.actions[id].observerDispatch = observed
        program.actions[id].terminalDispatch = terminal
        return id
    }

    private mutating func replacement(of id: Int, from start: Int, depth: Int) -> Int {
        newAction(role: .replacement(owner: owner(of: id)), from: start, depth: depth)
    }

    private mutating func exit(of id: Int, at position: Int, depth: Int, continues: inout Bool) -> StepExit {
        let count = program.middlewareCount
        switch rng.int(0...99) {
        case 0..<26: return .next
        case 26..<36: return .defaultNext
        case 36..<44:
            continues = false
            return .nextAs(replacement(of: id, from: position + 1, depth: depth))
        case 44..<50:
            continues = false
            return .reduce
        case 50..<55:
            continues = false
            return .reduceAs(replacement(of: id, from: count, depth: depth))
        case 55..<60:
            continues = false
            return .done
        case 60..<64:
            continues = false
            return .resolve(newError(effect: false, raisedBy: id, depth: depth))
        case 64..<68:
            continues = false
            return .throwing(newError(effect: false, raisedBy: id, depth: depth))
        case 68..<80:
            var work = work(depth)
            if rng.chance(35) { work.throwing = newError(effect: true, raisedBy: id, depth: depth) }
            return .task(work)
        default:
            let work = work(depth)
            let resume: ResumeExit
            switch rng.int(0...99) {
            case 0..<30: resume = .next
            case 30..<45:
                continues = false
                resume = .nextAs(replacement(of: id, from: position + 1, depth: depth))
            case 45..<55:
                continues = false
                resume = .reduce
            case 55..<65:
                continues = false
                resume = .reduceAs(replacement(of: id, from: count, depth: depth))
            case 65..<75:
                continues = false
                resume = .done
            case 75..<85:
                continues = false
                resume = .resolve(newError(effect: false, raisedBy: id, depth: depth))
            default:
                continues = false
                resume = .throwing(newError(effect: false, raisedBy: id, depth: depth))
            }
            return .deferred(work, resume)
        }
    }

    private mutating func work(_ depth: Int) -> FuzzWork {
        var work = FuzzWork()
        for _ in 0..<rng.int(0...3) {
            switch rng.int(0...99) {
            case 0..<25: work.ops.append(.sleep(rng.int(1...3)))
            case 25..<40: work.ops.append(.yield)
            case 40..<55: work.ops.append(.read)
            case 55..<80: if let id = child(depth) { work.ops.append(.dispatch(id)) }
            default: if let id = child(depth) { work.ops.append(.dispatchTracked(id, await: rng.chance(50))) }
            }
        }
        if rng.chance(25), budget > 0 {
            budget -= 1
            // Never processed (always refused), so it gets no children.
            work.lateTracked = newAction(role: .dispatched, from: 0, depth: Self.maxDepth)
        }
        return work
    }

    // MARK: - Effects

    private enum EffectShape {
        case send, run, merge, concatenate, cancellable, cancel
    }

    /// A reducer's effect. `inPass`: nothing asynchronous precedes it, so it starts in the
    /// producing pass (the only places a cancellation or a cancellable scope is drawn).
    private mutating func effect(_ depth: Int, action: Int, inPass: Bool, level: Int, runs: inout Int) -> FuzzEffect {
        let leaf = level >= 2
        let choices: [(Int, EffectShape)] = switch (inPass, leaf) {
        case (true, true): [(30, .send), (50, .run), (20, .cancel)]
        case (true, false): [(14, .send), (26, .run), (12, .merge), (18, .concatenate), (20, .cancellable), (10, .cancel)]
        case (false, true): [(40, .send), (60, .run)]
        case (false, false): [(28, .send), (34, .run), (16, .merge), (22, .concatenate)]
        }
        switch rng.pick(choices) {
        case .send:
            if let id = child(depth) { return .send(id) }
            return .run(runBody(depth, action: action, runs: &runs))
        case .run:
            return .run(runBody(depth, action: action, runs: &runs))
        case .merge:
            return .merge((0..<rng.int(2...3)).map { _ in effect(depth, action: action, inPass: inPass, level: level + 1, runs: &runs) })
        case .concatenate:
            var parts: [FuzzEffect] = []
            var pass = inPass
            for _ in 0..<rng.int(2...3) {
                var part = effect(depth, action: action, inPass: pass, level: level + 1, runs: &runs)
                // A cancel-in-flight link after asynchronous work, with an id of its own that the
                // link before it may share: `.concatenate(a.cancellable(id: x),
                // b.cancellable(id: x, cancelInFlight: true))`.
                if !pass, !parts.isEmpty, rng.chance(35) {
                    let id = nextFreshCancelID
                    nextFreshCancelID += 1
                    part = .cancellable(id, cancelInFlight: true, part)
                    if rng.chance(60) { parts[parts.count - 1] = .cancellable(id, cancelInFlight: false, parts[parts.count - 1]) }
                }
                parts.append(part)
                if part.isAsync { pass = false }
            }
            return .concatenate(parts)
        case .cancellable:
            let id = cancelID()
            return .cancellable(id, cancelInFlight: rng.chance(35), effect(depth, action: action, inPass: true, level: level + 1, runs: &runs))
        case .cancel:
            return .cancel(cancelID())
        }
    }

    private mutating func cancelID() -> Int {
        let id = !recentCancelIDs.isEmpty && rng.chance(65) ? recentCancelIDs[rng.index(recentCancelIDs.count)] : rng.int(0...2)
        recentCancelIDs.append(id)
        if recentCancelIDs.count > 3 { recentCancelIDs.removeFirst() }
        return id
    }

    private mutating func runBody(_ depth: Int, action: Int, runs: inout Int) -> FuzzRunBody {
        var body = FuzzRunBody(index: runs)
        runs += 1
        var sends = 0
        for _ in 0..<rng.int(0...4) {
            switch rng.int(0...99) {
            // A long sleep outlasts the driver's clock steps: the run sleeps until the end (or
            // until a cancellation finds it).
            case 0..<36:
                let milliseconds = rng.chance(25) ? 25 : rng.int(1...3)
                if rng.chance(30) {
                    body.ops.append(.sleepIgnoringCancellation(milliseconds))
                    if rng.chance(60) { body.ops.append(.hop) }
                } else {
                    body.ops.append(.sleep(milliseconds))
                }
            case 36..<46: body.ops.append(rng.chance(70) ? .yield : .hop)
            case 46..<85:
                if sends < 3, let id = child(depth) {
                    body.ops.append(.send(id))
                    sends += 1
                }
            default:
                if sends < 3, let id = child(depth) {
                    body.ops.append(.tracked(id, await: rng.chance(40)))
                    sends += 1
                }
            }
        }
        if rng.chance(15) { body.throwing = newError(effect: true, raisedBy: action, depth: depth) }
        return body
    }

    /// An error raised at one place; `effect` when a `.task` throws it (a resolver's `.reduceAs`
    /// then dispatches a new action instead of reducing a replacement).
    private mutating func newError(effect: Bool, raisedBy id: Int, depth: Int) -> Int {
        let error = program.errors.count
        program.errors.append(ErrorScript(answers: []))
        var answers: [ResolverStep] = []
        for _ in 0..<program.resolverCount {
            var step = ResolverStep(answer: .defaultNext)
            switch rng.int(0...99) {
            case 0..<40: step.answer = .defaultNext
            case 40..<55: step.answer = .reduce
            case 55..<70:
                if effect {
                    if budget > 0 {
                        budget -= 1
                        step.answer = .reduceAs(newAction(role: .libraryDispatched, from: 0, depth: min(depth + 1, Self.maxDepth)))
                    } else {
                        step.answer = .done
                    }
                } else {
                    step.answer = .reduceAs(replacement(of: id, from: program.middlewareCount, depth: depth))
                }
            case 70..<85: step.answer = .done
            default:
                step.answer = .fail(program.errors.count)
                program.errors.append(ErrorScript(answers: []))
            }
            step.dispatches = children(depth, percent: 6, most: 1)
            answers.append(step)
        }
        program.errors[error].answers = answers
        return error
    }
}

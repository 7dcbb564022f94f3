import Redux

/// One uninterrupted stretch of a dispatch's processing events: from its first event (or a
/// `.resumed` event) to its terminal or its suspension in `.deferred`.
struct PredictedSegment: Sendable {
    var events: [FEvent] = []
    /// Ends with `.deferred`: the run continues in the next segment, after the handler returns.
    var suspends = false
}

/// An error thrown by a `.task` or by a reducer effect's run: its own stretch of events, after
/// the run's terminal.
struct PredictedEffect: Sendable {
    /// The middleware work that throws it (`nil` for a reducer effect's run).
    var work: WorkRef?
    /// The reducer effect's run that throws it; such an error happens only if the run is not
    /// cancelled first (a condition the checks evaluate).
    var run: RunRef?
    var events: [FEvent]
}

/// What the rules say one dispatch does when nothing invalidates or releases the store meanwhile.
struct Prediction: Sendable {
    var id: Int
    var segments: [PredictedSegment] = []
    /// A middleware of this run invalidated the store and a later one answered `.deferred`: the
    /// handler cannot start, so the run ends at once, cancelled.
    var forcedCancel = false
    var outcome: FOutcome = .cancelled
    var reductions: [FReduction] = []
    var effects: [PredictedEffect] = []
    /// Work started by the run (not started after an in-pass invalidation).
    var works: [WorkRef] = []
    /// Every dispatch the run leads to: by its components, its work, the observer, the log
    /// handler, and the library for task errors.
    var children: [Int] = []
    /// A middleware of this run calls `invalidate()`.
    var invalidates = false
    // Reducer effects (FuzzEffectModel).
    /// The cancellations its pass performs, in order.
    var cancels: [PredictedCancel] = []
    /// The runs its reduction's effects start (at once or later).
    var runs: [RunRef] = []
    /// The top-level sends, in the order they are queued (also in `children`).
    var inPassSends: [Int] = []
    /// Sends made after asynchronous work.
    var asyncSends: [Int] = []
    /// Dispatches that happen only if no cancellation stops the effect first.
    var conditionalChildren: [ConditionalChild] = []
    var effectOrder: [EffectOrder] = []
    /// Program shapes the effect model does not support (a generator bug).
    var unsupported: [String] = []
}

/// The reference model: reads the program and predicts every dispatch, following the rules of
/// the README and of issue 5 (a refused dispatch is `refused`, one terminal per action, the log is
/// never interleaved). It knows nothing of timing; FuzzChecks decides which of its predictions a
/// run with an invalidation or a release may cut short, and how.
struct FuzzModel: Sendable {
    let program: FuzzProgram
    private(set) var predictions: [Int: Prediction] = [:]
    /// What each error's resolvers are shown, in order, when it is raised.
    private(set) var consultations: [Int: [FConsultation]] = [:]
    /// What each work dispatches, in order (the late dispatch on cancellation excluded).
    private(set) var workDispatches: [WorkRef: [Int]] = [:]
    /// Every dispatch made when no run is cut short and no effect is cancelled.
    private(set) var reachable: Set<Int> = []
    /// Every dispatch some run of the program may make (cancellations included).
    private(set) var possible: Set<Int> = []
    /// Every reducer effect's run, and every send after asynchronous work, by action.
    private(set) var runs: [RunRef: PredictedRun] = [:]
    private(set) var asyncSends: [Int: PredictedAsyncSend] = [:]
    /// How each action an effect sends is dispatched.
    private(set) var sendOrigins: [Int: EffectSendOrigin] = [:]

    init(program: FuzzProgram) {
        self.program = program
        for (id, script) in program.actions.enumerated() {
            if case .replacement = script.role { continue }
            var walk = ModelWalk(program: program, dispatched: id)
            walk.run()
            predictions[id] = walk.prediction
            consultations.merge(walk.consultations) { first, _ in first }
            workDispatches.merge(walk.workDispatches) { first, _ in first }
            for run in walk.effectRuns { runs[run.ref] = run }
            for send in walk.effectSends { asyncSends[send.action] = send }
            sendOrigins.merge(walk.sendOrigins) { first, _ in first }
        }
        var pending = roots
        while let id = pending.popLast() {
            guard reachable.insert(id).inserted, let prediction = predictions[id] else { continue }
            pending.append(contentsOf: prediction.children)
        }
        pending = roots
        while let id = pending.popLast() {
            guard possible.insert(id).inserted, let prediction = predictions[id] else { continue }
            pending.append(contentsOf: prediction.children)
            pending.append(contentsOf: prediction.conditionalChildren.map(\.action))
        }
    }

    /// What the driver, the producers and the install hooks dispatch.
    var roots: [Int] {
        var ids = program.installs.flatMap { $0 }
        for step in program.steps {
            switch step {
            case .dispatch(let id), .tracked(let id): ids.append(id)
            case .batch(let batch): ids.append(contentsOf: batch)
            default: break
            }
        }
        for producer in program.producers {
            for op in producer.ops {
                switch op {
                case .dispatch(let id, _), .tracked(let id, _): ids.append(id)
                case .batch(let batch): ids.append(contentsOf: batch)
                case .pause: break
                }
            }
        }
        return ids
    }

    /// The dispatch whose run `id` belongs to (itself, unless it is a replacement).
    func owner(of id: Int) -> Int {
        guard id >= 0, id < program.actions.count else { return id }
        if case .replacement(let owner) = program.actions[id].role { return owner }
        return id
    }
}

/// Walks one dispatch's run through the scripts, the way the pipeline would.
private struct ModelWalk {
    let program: FuzzProgram
    let dispatched: Int
    var prediction: Prediction
    var consultations: [Int: [FConsultation]] = [:]
    var workDispatches: [WorkRef: [Int]] = [:]
    var effectRuns: [PredictedRun] = []
    var effectSends: [PredictedAsyncSend] = []
    var sendOrigins: [Int: EffectSendOrigin] = [:]
    private var segment = PredictedSegment()
    private var invalidated = false

    init(program: FuzzProgram, dispatched: Int) {
        self.program = program
        self.dispatched = dispatched
        prediction = Prediction(id: dispatched)
    }

    mutating func run() {
        pipeline(dispatched, from: 0)
    }

    private mutating func emit(_ action: Int, _ kind: FKind) {
        segment.events.append(FEvent(action: action, kind: kind))
    }

    private mutating func close(suspends: Bool) {
        segment.suspends = suspends
        prediction.segments.append(segment)
        segment = PredictedSegment()
    }

    /// The middlewares from `start`, then the reducers.
    private mutating func pipeline(_ initial: Int, from first: Int) {
        var action = initial
        var position = first
        while position < program.middlewareCount {
            let step = program.actions[action].middleware[position]
            prediction.children += step.dispatches
            if step.invalidateAfter != nil {
                invalidated = true
                prediction.invalidates = true
            }
            let work = WorkRef(action: action, position: position)
            switch step.exit {
            case .next: emit(action, .middleware(position, .next))
            case .defaultNext: emit(action, .middleware(position, .defaultNext))
            case .nextAs(let next):
                emit(action, .middleware(position, .nextAs(next)))
                action = next
            case .reduce:
                emit(action, .middleware(position, .reduce))
                reduceAndEnd(action)
                return
            case .reduceAs(let replacement):
                emit(action, .middleware(position, .reduceAs(replacement)))
                reduceAndEnd(replacement)
                return
            case .done:
                emit(action, .middleware(position, .done))
                terminal(.consumed, action)
                return
            case .resolve(let error), .throwing(let error):
                emit(action, .middleware(position, .resolve(error)))
                resolve(error, origin: .middleware(position), action: action)
                return
            case .task(let body):
                emit(action, .middleware(position, .task))
                if !invalidated {
                    start(body, work)
                    if let error = body.throwing { effect(error, origin: .effect(position), action: action, work: work, run: nil) }
                }
            case let .deferred(body, resume):
                emit(action, .middleware(position, .deferred))
                close(suspends: true)
                if invalidated {
                    prediction.forcedCancel = true
                    prediction.outcome = .cancelled
                    return
                }
                start(body, work)
                resumed(action, at: position, with: resume)
                return
            }
            position += 1
        }
        reduceAndEnd(action)
    }

    private mutating func start(_ body: FuzzWork, _ work: WorkRef) {
        prediction.works.append(work)
        var dispatched: [Int] = []
        for op in body.ops {
            switch op {
            case .dispatch(let id), .dispatchTracked(let id, _): dispatched.append(id)
            default: break
            }
        }
        workDispatches[work] = dispatched
        prediction.children += dispatched
    }

    /// The segment after a `.deferred` handler returned.
    private mutating func resumed(_ action: Int, at position: Int, with resume: ResumeExit) {
        switch resume {
        case .next:
            emit(action, .resumed(position, .next))
            pipeline(action, from: position + 1)
        case .nextAs(let next):
            emit(action, .resumed(position, .nextAs(next)))
            pipeline(next, from: position + 1)
        case .reduce:
            emit(action, .resumed(position, .reduce))
            reduceAndEnd(action)
        case .reduceAs(let replacement):
            emit(action, .resumed(position, .reduceAs(replacement)))
            reduceAndEnd(replacement)
        case .done:
            emit(action, .resumed(position, .done))
            terminal(.consumed, action)
        case .resolve(let error), .throwing(let error):
            emit(action, .resumed(position, .resolve(error)))
            resolve(error, origin: .middleware(position), action: action)
        }
    }

    /// Runs the reducer chain; `true` if one handled the action. The observer is told once,
    /// then the effects start (unless this pass invalidated the store).
    private mutating func reduce(_ action: Int) -> Bool {
        let script = program.actions[action]
        var handled = false
        var effects: [(position: Int, effect: FuzzEffect)] = []
        for (position, exit) in script.reducers.enumerated() {
            emit(action, .reducer(position, exit))
            if exit != .defaultNext {
                handled = true
                prediction.reductions.append(FReduction(reducer: position, action: action))
                if program.reducerKind(position) != .plain, position < script.effects.count, let effect = script.effects[position] {
                    effects.append((position, effect))
                }
            }
            if exit == .done { break }
        }
        if handled, program.observer, let child = script.observerDispatch { prediction.children.append(child) }
        if !effects.isEmpty, !invalidated { startEffects(effects, action: action) }
        return handled
    }

    /// Step 5 of the order after the reducers: each reducer's effect in chain order, in written
    /// order, with its `.effectStarted` event unless it is empty or made only of cancellations.
    private mutating func startEffects(_ effects: [(position: Int, effect: FuzzEffect)], action: Int) {
        var walk = EffectWalk(dispatch: dispatched, action: action)
        for (position, effect) in effects {
            let simplified = ModelEffect(effect)
            if simplified.isNone { continue }
            if !simplified.isOnlyCancels { emit(action, .effectStarted(.reducer(position))) }
            walk.start(simplified, reducer: position)
        }
        prediction.cancels += walk.cancels
        prediction.unsupported += walk.unsupported
        prediction.effectOrder += walk.orders
        prediction.inPassSends += walk.inPassSends
        prediction.children += walk.inPassSends
        for id in walk.inPassSends { sendOrigins[id] = .inPass(dispatch: dispatched) }
        for run in walk.runs {
            effectRuns.append(run)
            prediction.runs.append(run.ref)
            for id in run.sends {
                sendOrigins[id] = .run(run.ref)
                prediction.conditionalChildren.append(ConditionalChild(action: id, condition: .run(run.ref)))
            }
            if let error = run.error {
                effect(error, origin: .reducer(run.ref.reducer), action: action, work: nil, run: run.ref)
            }
        }
        for send in walk.asyncSends {
            effectSends.append(send)
            prediction.asyncSends.append(send.action)
            sendOrigins[send.action] = .async(dispatch: dispatched)
            prediction.conditionalChildren.append(ConditionalChild(action: send.action, condition: .asyncSend(send.action)))
        }
    }

    private mutating func reduceAndEnd(_ action: Int) {
        terminal(reduce(action) ? .reduced : .unhandled, action)
    }

    private mutating func terminal(_ outcome: FOutcome, _ action: Int) {
        emit(action, .terminal(outcome))
        prediction.outcome = outcome
        if program.logs, let child = program.actions[action].terminalDispatch { prediction.children.append(child) }
        close(suspends: false)
    }

    /// Asks the resolvers in order; the first that does not decline decides.
    private mutating func consult(_ error: Int, origin: FOrigin, action: Int, into events: inout [FEvent]) -> ResolverAnswer? {
        var asked: [FConsultation] = []
        defer { consultations[error] = asked }
        for (position, step) in program.errors[error].answers.enumerated() {
            asked.append(FConsultation(resolver: position, error: error, origin: origin, action: action, dispatched: dispatched))
            prediction.children += step.dispatches
            let exit: FExit = switch step.answer {
            case .defaultNext: .defaultNext
            case .reduce: .reduce
            case .reduceAs(let id): .reduceAs(id)
            case .done: .done
            case .fail(let id): .fail(id)
            }
            events.append(FEvent(action: action, kind: .resolver(position, exit)))
            if case .defaultNext = step.answer { continue }
            return step.answer
        }
        return nil
    }

    private mutating func resolve(_ error: Int, origin: FOrigin, action: Int) {
        var events: [FEvent] = []
        let answer = consult(error, origin: origin, action: action, into: &events)
        segment.events += events
        switch answer {
        case .reduce:
            let handled = reduce(action)
            terminal(.recovered(.reduce, reduced: handled), action)
        case .reduceAs(let replacement):
            let handled = reduce(replacement)
            terminal(.recovered(.reduceAs(replacement), reduced: handled), replacement)
        case .done:
            terminal(.recovered(.done, reduced: false), action)
        case .fail(let failure):
            terminal(.failed(failure), action)
        case .defaultNext, nil:
            terminal(.failed(error), action)
        }
    }

    /// A task error, or a reducer effect's: its own stretch of events, after the run's
    /// terminal. What a reducer effect's error leads to is conditional (the run may be cancelled
    /// before it throws).
    private mutating func effect(_ error: Int, origin: FOrigin, action: Int, work: WorkRef?, run: RunRef?) {
        var events = [FEvent(action: action, kind: .effectFailed(origin, errorID: error))]
        let resolution: FResolution
        let certain = prediction.children.count
        defer {
            if let run {
                let made = prediction.children[certain...]
                prediction.children.removeSubrange(certain...)
                prediction.conditionalChildren += made.map { ConditionalChild(action: $0, condition: .run(run)) }
            }
        }
        switch consult(error, origin: origin, action: action, into: &events) {
        case .reduce: resolution = .ignoredReduce
        case .reduceAs(let next):
            resolution = .enqueued(next)
            prediction.children.append(next)
        case .done: resolution = .done
        case .fail(let failure): resolution = .failed(failure)
        case .defaultNext, nil: resolution = .failed(error)
        }
        events.append(FEvent(action: action, kind: .effectResolved(resolution)))
        prediction.effects.append(PredictedEffect(work: work, run: run, events: events))
    }
}

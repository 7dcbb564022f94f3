import Foundation
import Observation
import Redux

/// What every component of a fuzz store shares: the program it follows, the trace it writes, and
/// a weak way to the store.
struct FuzzEnvironment: Sendable {
    let program: FuzzProgram
    let trace: FuzzTrace
    let box: FuzzStoreBox

    /// `invalidate()` from inside the pipeline (a middleware of `action`'s pass).
    @MainActor
    func invalidate(during action: Int) {
        guard let store = box.store, trace.markInvalidation(action: action) else { return }
        store.invalidate()
    }
}

// MARK: - The pipeline's components

enum FuzzComponents {
    static func middleware(_ position: Int, _ environment: FuzzEnvironment) -> Middleware<FuzzState, FuzzAction> {
        let installed = environment.program.installs[position]
        var install: (@MainActor @Sendable (MiddlewareInstallContext<FuzzState, FuzzAction>) -> Void)?
        if !installed.isEmpty {
            install = { context in
                for child in installed {
                    environment.trace.record(child, .install, mainActor: true)
                    context.dispatch(FuzzAction(child))
                }
            }
        }
        let handle: @MainActor @Sendable (MiddlewareContext<FuzzState, FuzzAction>) throws -> MiddlewareExit<FuzzState, FuzzAction> = { context in
            let action = context.action.id
            let step = environment.program.actions[action].middleware[position]
            for (index, child) in step.dispatches.enumerated() {
                if step.invalidateAfter == index { environment.invalidate(during: action) }
                environment.trace.record(child, .component, mainActor: true)
                context.dispatch(FuzzAction(child))
            }
            if step.invalidateAfter == step.dispatches.count { environment.invalidate(during: action) }
            return try middlewareExit(step.exit, WorkRef(action: action, position: position), environment)
        }
        // A trailing closure: the handler's label changes with issue 5 (`handle:`).
        return Middleware(id: "m\(position)", install: install) { context in try handle(context) }
    }

    private static func middlewareExit(_ exit: StepExit, _ work: WorkRef, _ environment: FuzzEnvironment) throws -> MiddlewareExit<FuzzState, FuzzAction> {
        let trace = environment.trace
        switch exit {
        case .next: return .next
        case .defaultNext: return .defaultNext
        case .nextAs(let id): return .nextAs(FuzzAction(id))
        case .reduce: return .exit(.reduce)
        case .reduceAs(let id): return .exit(.reduceAs(FuzzAction(id)))
        case .done: return .exit(.done)
        case .resolve(let error): return .exit(.resolve(trace.error(error)))
        case .throwing(let error): throw trace.error(error)
        case .task(let body):
            let sentinel = WorkSentinel(trace)
            return .task { effect in
                defer { sentinel.keep() }
                try await run(body, work, effect, environment)
                if let error = body.throwing { throw trace.error(error) }
            }
        case let .deferred(body, resume):
            let sentinel = WorkSentinel(trace)
            return .deferred { effect in
                defer { sentinel.keep() }
                try await run(body, work, effect, environment)
                switch resume {
                case .next: return .next
                case .nextAs(let id): return .nextAs(FuzzAction(id))
                case .reduce: return .exit(.reduce)
                case .reduceAs(let id): return .exit(.reduceAs(FuzzAction(id)))
                case .done: return .exit(.done)
                case .resolve(let error): return .exit(.resolve(trace.error(error)))
                case .throwing(let error): throw trace.error(error)
                }
            }
        }
    }

    /// A work's ops, off the main actor. On cancellation it makes its late dispatch (the store
    /// must refuse it), then rethrows.
    private static func run(_ body: FuzzWork, _ work: WorkRef, _ effect: EffectContext<FuzzState, FuzzAction>, _ environment: FuzzEnvironment) async throws {
        let trace = environment.trace
        do {
            for op in body.ops {
                switch op {
                case .sleep(let milliseconds):
                    try await effect.sleep(for: .milliseconds(milliseconds))
                case .yield:
                    await Task.yield()
                case .read:
                    _ = try await effect.read { state in state.reductions }
                case .dispatch(let id):
                    trace.record(id, .work(work), mainActor: false)
                    effect.dispatch(FuzzAction(id))
                case let .dispatchTracked(id, wait):
                    let record = trace.record(id, .work(work), mainActor: false)
                    let ticket = effect.dispatchTracked(FuzzAction(id))
                    trace.attach(ticket, to: record)
                    if wait { _ = try await ticket.outcome }
                }
            }
        } catch {
            if let late = body.lateTracked, error is CancellationError {
                let record = trace.record(late, .late(work), mainActor: false)
                trace.attach(effect.dispatchTracked(FuzzAction(late)), to: record)
            }
            throw error
        }
    }

    static func resolver(_ position: Int, _ environment: FuzzEnvironment) -> Resolver<FuzzState, FuzzAction> {
        Resolver(id: "q\(position)") { context in
            let trace = environment.trace
            guard let error = context.error as? FuzzError else {
                trace.note("resolver q\(position) was shown a foreign error: \(context.error)")
                return .defaultNext
            }
            let step = environment.program.errors[error.id].answers[position]
            trace.consulted(FConsultation(
                resolver: position, error: error.id, origin: FuzzText.origin(context.origin),
                action: context.action.id, dispatched: context.dispatchedAction.id))
            for child in step.dispatches {
                trace.record(child, .component, mainActor: true)
                context.dispatch(FuzzAction(child))
            }
            switch step.answer {
            case .defaultNext: return .defaultNext
            case .reduce: return .exit(.reduce)
            case .reduceAs(let id): return .exit(.reduceAs(FuzzAction(id)))
            case .done: return .exit(.done)
            case .fail(let id): return .exit(.fail(trace.error(id)))
            }
        }
    }

    static func reducer(_ position: Int, _ environment: FuzzEnvironment) -> Reducer<FuzzState, FuzzAction> {
        @Sendable func exit(_ state: inout FuzzState, _ action: FuzzAction) -> ReducerExit {
            let exit = environment.program.actions[action.id].reducers[position]
            if exit != .defaultNext {
                state.reductions += 1
                state.lastReduced = action.id
                environment.trace.reduction(position, action.id)
            }
            return exit
        }
        @Sendable func effect(_ action: FuzzAction) -> Effect<FuzzAction> {
            let script = environment.program.actions[action.id]
            guard position < script.effects.count, let effect = script.effects[position] else { return .none }
            return FuzzEffectBuilder.effect(effect, action: action.id, reducer: position, environment)
        }
        switch environment.program.reducerKind(position) {
        case .plain:
            return Reducer(id: "r\(position)") { state, action in exit(&state, action) }
        case .reduction:
            return Reducer(id: "r\(position)", reduction: { state, action in
                let answer = exit(&state, action)
                return answer == .defaultNext ? Reduction(answer) : Reduction(answer, effect(action))
            })
        case .effects:
            // Always handles (the generator scripts `.next` at this position for every action).
            return Reducer(id: "r\(position)", effects: { state, action in
                _ = exit(&state, action)
                return effect(action)
            })
        }
    }

    /// Records every event (already translated, so the trace holds no library value), dispatches
    /// an action's `terminalDispatch` on its terminal, and sleeps a little on cancelled terminals
    /// when the program asks for it.
    static func logHandler(_ environment: FuzzEnvironment) -> FuzzStore.LogHandler {
        { event in
            let kind = FuzzText.kind(event.kind)
            environment.trace.event(event.sequence, FEvent(action: event.action.id, kind: kind))
            if case .effectStarted = kind, environment.program.effectDelay { usleep(200) }
            guard case .terminal(let outcome) = kind else { return }
            if outcome == .cancelled || outcome.isRefused {
                if environment.program.logDelay { usleep(150) }
                return
            }
            guard event.action.id >= 0, event.action.id < environment.program.actions.count,
                  let child = environment.program.actions[event.action.id].terminalDispatch,
                  environment.trace.claim(child), let store = environment.box.store else { return }
            environment.trace.record(child, .component, mainActor: true)
            store.dispatch(FuzzAction(child))
        }
    }
}

/// Observes the store with `withObservationTracking`, registering again in every `onChange`; each
/// time it is told, it records which action was reduced last and dispatches that action's
/// `observerDispatch`. Holds the store weakly (through the box).
@MainActor
final class FuzzObserver {
    let environment: FuzzEnvironment

    init(_ environment: FuzzEnvironment) {
        self.environment = environment
        register()
    }

    private func register() {
        guard let store = environment.box.store else { return }
        withObservationTracking {
            _ = store.state
        } onChange: { [self] in
            MainActor.assumeIsolated { changed() }
        }
    }

    private func changed() {
        guard let store = environment.box.store else { return }
        let last = store.state.lastReduced
        environment.trace.notified(last)
        register()
        let actions = environment.program.actions
        guard last >= 0, last < actions.count, let child = actions[last].observerDispatch, environment.trace.claim(child) else { return }
        environment.trace.record(child, .component, mainActor: true)
        store.dispatch(FuzzAction(child))
    }
}

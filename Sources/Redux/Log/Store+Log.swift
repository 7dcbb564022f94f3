/// Building log events. Only reached when a log handler is attached.
extension Store {
    @inlinable
    func emit(_ sequence: UInt64, _ action: Action, _ kind: LogEvent<Action>.Kind) {
        onLog?(LogEvent(sequence: sequence, action: action, kind: kind))
    }

    @inlinable
    func step(_ id: String, _ position: Int, since started: Duration?) -> ComponentStep {
        let elapsed: Duration = if let started, let now = clock.now { now() - started } else { .zero }
        return ComponentStep(id: id, position: position, duration: elapsed)
    }

    @inlinable
    func logMiddleware(_ position: Int, _ started: Duration?, _ exit: LoggedExit<Action>, action: Action, sequence: UInt64) {
        emit(sequence, action, .middleware(step(middlewares[position].id, position, since: started), exit))
    }

    @usableFromInline
    func logCancelled(_ entry: QueueEntry<State, Action>) {
        emit(entry.sequence, entry.action, .terminal(.cancelled))
    }
}

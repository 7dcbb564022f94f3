import Redux

// Text forms of log events, so tests compare whole sequences at once. Outcomes, exits,
// recoveries and resolutions print with the library's own `description`; step durations are left
// out (they differ from run to run).

extension LogEvent {
    /// The pipeline tests' form: "sequence action: kind", steps as `id#position`, e.g.
    /// `1 tag(work): middleware fx#1 task` or `1 tag(work): effectErrorResolved done`.
    var eventLine: String { "\(sequence) \(action): \(kindLine)" }

    private var kindLine: String {
        switch kind {
        case .enqueued: "enqueued"
        case let .middleware(step, exit): "middleware \(step) \(exit)"
        case let .resumed(step, exit): "resumed \(step) \(exit)"
        case let .resolver(step, exit): "resolver \(step) \(exit)"
        case let .reducer(step, exit): "reducer \(step) \(exit)"
        case .terminal(let outcome): "terminal \(outcome)"
        case let .effectFailed(origin, error): "effectFailed \(origin) \(error)"
        case .effectErrorResolved(let resolution): "effectErrorResolved \(resolution)"
        case .queueHighWaterMark(let mark): "queueHighWaterMark \(mark)"
        case .detachedSlice(let path, _): "detachedSlice \(path)"
        default: "unknown"
        }
    }

    /// The dispatch tests' form: "action: kind", steps by id only, e.g. `A: middleware first
    /// next` or `A: terminal reduced`.
    var eventLabel: String {
        switch kind {
        case .enqueued: "\(action): enqueued"
        case let .middleware(step, exit): "\(action): middleware \(step.id) \(exit)"
        case let .resumed(step, exit): "\(action): resumed \(step.id) \(exit)"
        case let .resolver(step, exit): "\(action): resolver \(step.id) \(exit)"
        case let .reducer(step, exit): "\(action): reducer \(step.id) \(exit)"
        case .terminal(let outcome): "\(action): terminal \(outcome)"
        case let .effectFailed(origin, error): "\(action): effect failed \(origin) \(error)"
        case .effectErrorResolved: "\(action): effect error resolved"
        case .queueHighWaterMark(let mark): "\(action): high-water mark \(mark)"
        case .refused(let reason, _): "\(action): refused \(reason)"
        case .detachedSlice(let path, _): "\(action): detachedSlice \(path)"
        default: "\(action): other"
        }
    }

    /// Everything but `.enqueued` and `.queueHighWaterMark`: the events of an action's run.
    var isProcessingEvent: Bool {
        switch kind {
        case .enqueued, .queueHighWaterMark: false
        default: true
        }
    }
}

extension LogEvent.Kind {
    /// The component step of a middleware, resumed, resolver or reducer event.
    var componentStep: ComponentStep? {
        switch self {
        case let .middleware(step, _), let .resumed(step, _), let .resolver(step, _): step
        case let .reducer(step, _): step
        default: nil
        }
    }
}

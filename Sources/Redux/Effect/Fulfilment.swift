import Synchronization

/// The one-shot bridge of ``Effect/callback(_:)``: the first fulfilment (or the cancellation)
/// resumes the waiting task; later ones are ignored. Thread-safe (`Mutex`).
final class Fulfilment<Action: Sendable>: Sendable {
    private struct Box {
        var continuation: CheckedContinuation<Action?, Never>?
        var early: Action??
        var done = false
    }

    private let state = Mutex(Box())
    private let diagnostics: DiagnosticSink?

    init(diagnostics: DiagnosticSink?) { self.diagnostics = diagnostics }

    func install(_ continuation: CheckedContinuation<Action?, Never>) {
        let early: Action?? = state.withLock { box in
            if let early = box.early { return early }
            box.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func fulfill(_ action: Action?) {
        let (continuation, repeated): (CheckedContinuation<Action?, Never>?, Bool) = state.withLock { box in
            if box.done { return (nil, true) }
            box.done = true
            guard let continuation = box.continuation else {
                box.early = .some(action)
                return (nil, false)
            }
            box.continuation = nil
            return (continuation, false)
        }
        if repeated, let diagnostics {
            diagnostics.write("swift-redux: an Effect.callback was fulfilled more than once; only the first fulfilment counts.")
        }
        continuation?.resume(returning: action)
    }

    func cancel() {
        let continuation: CheckedContinuation<Action?, Never>? = state.withLock { box in
            if box.done { return nil }
            box.done = true
            guard let continuation = box.continuation else {
                box.early = .some(nil)
                return nil
            }
            box.continuation = nil
            return continuation
        }
        continuation?.resume(returning: nil)
    }
}

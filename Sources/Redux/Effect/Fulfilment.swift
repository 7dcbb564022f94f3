import Foundation

/// The one-shot bridge of ``Effect/callback(_:)``: the first fulfilment (or the cancellation)
/// resumes the waiting task; later ones are ignored. Thread-safe: `@unchecked Sendable`, its state
/// is touched only under `lock` (an `NSLock`, which ThreadSanitizer understands on Linux, unlike
/// `Mutex`).
final class Fulfilment<Action: Sendable>: @unchecked Sendable {
    private struct Box {
        var continuation: CheckedContinuation<Action?, Never>?
        var early: Action??
        /// The wait is answered (by the first fulfilment or by the cancellation).
        var done = false
        /// `fulfill` was called: a second call is the one a debug build warns about.
        var fulfilled = false
    }

    private let lock = NSLock()
    private var box = Box()
    private let diagnostics: DiagnosticSink?

    init(diagnostics: DiagnosticSink?) { self.diagnostics = diagnostics }

    private func withState<T>(_ body: (inout Box) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&box)
    }

    func install(_ continuation: CheckedContinuation<Action?, Never>) {
        let early: Action?? = withState { box in
            if let early = box.early { return early }
            box.continuation = continuation
            return nil
        }
        if let early { continuation.resume(returning: early) }
    }

    func fulfill(_ action: Action?) {
        let (continuation, repeated): (CheckedContinuation<Action?, Never>?, Bool) = withState { box in
            if box.fulfilled { return (nil, true) }
            box.fulfilled = true
            if box.done { return (nil, false) }  // cancelled first: ignored, and not a repeat
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
        let continuation: CheckedContinuation<Action?, Never>? = withState { box in
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

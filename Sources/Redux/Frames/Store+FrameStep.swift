import Foundation

/// The frames step: runs right after an action's terminal (its log event and its ticket's
/// outcome), before the next queued action, on the main actor — only while a frame request or a
/// frame stream is registered (``Store/takesFrames``).
extension Store {
    /// Answers the one-shot request waiting for this action, then gives every frame stream the
    /// state. Out of line: a store with nothing registered pays only the flag's test.
    @usableFromInline @inline(never)
    func takeFrames(_ outcome: DispatchOutcome<Action>, _ run: ActionRun<State, Action>) {
        let state = storage
        if !frameRequests.isEmpty, let entry = frameRequests.removeValue(forKey: run.sequence) {
            switch outcome {
            case .failed(let error): entry.request.answer(.failure(.failed(error)))
            case .cancelled: entry.request.answer(.failure(.cancelled))
            case .refused(let reason): entry.request.answer(.failure(.refused(reason)))
            default: entry.request.answer(frame(of: state, sequence: run.sequence, entry.encode))
            }
        }
        var index = 0
        while index < frameStreams.count {
            if frameStreams[index].step(state, sequence: run.sequence) {
                index += 1
            } else {
                frameStreams.remove(at: index)
            }
        }
        updateTakesFrames()
    }

    /// Sets ``takesFrames`` from what is registered.
    func updateTakesFrames() {
        takesFrames = !frameRequests.isEmpty || !frameStreams.isEmpty
    }
}

import Foundation

/// The frames step: runs right after an action's terminal (its log event and its ticket's
/// outcome), before the next queued action, on the main actor — only while a frame request or a
/// frame stream is registered (one of the after-terminal steps, behind `runsAfterTerminal`).
extension Store {
    /// Answers the one-shot request waiting for this action with its frame, then gives every
    /// frame stream the state. A request whose action failed, was cancelled or refused was
    /// answered by its ticket's outcome, just before this step. Takes only the sequence number,
    /// so that the terminal's fast path builds nothing for it; out of line, so that a store with
    /// nothing registered pays only the flag's test.
    @usableFromInline @inline(never)
    func takeFrames(sequence: UInt64) {
        let state = storage
        if !frameRequests.isEmpty, let entry = frameRequests.removeValue(forKey: sequence), !entry.request.isAnswered {
            entry.request.answer(frame(of: state, sequence: sequence, entry.encode))
        }
        var index = 0
        while index < frameStreams.count {
            if frameStreams[index].step(state, sequence: sequence) {
                index += 1
            } else {
                frameStreams.remove(at: index)
            }
        }
        updateRunsAfterTerminal()
    }

    /// Whether a one-shot frame request or a frame stream is registered.
    var takesFrames: Bool { !frameRequests.isEmpty || !frameStreams.isEmpty }

    /// Sets ``runsAfterTerminal`` from what is registered and whether there is a persistence.
    func updateRunsAfterTerminal() {
        hasFrameWork = takesFrames
        runsAfterTerminal = hasFrameWork || persistence != nil || isRecording
    }
}

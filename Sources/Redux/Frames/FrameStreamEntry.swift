import Foundation

/// A frame stream as the store keeps it: its storage, its key and encoding, and the last key
/// it saw. Main actor.
@MainActor
final class FrameStreamEntry<State> {
    let storage: FrameStreamStorage
    let changeKey: (State) -> AnyHashable
    let encode: (State) throws(StateCodingError) -> Data
    var lastKey: AnyHashable

    init(storage: FrameStreamStorage, changeKey: @escaping (State) -> AnyHashable, encode: @escaping (State) throws(StateCodingError) -> Data, lastKey: AnyHashable) {
        self.storage = storage
        self.changeKey = changeKey
        self.encode = encode
        self.lastKey = lastKey
    }

    /// The frames step for this stream: a frame if the key changed. Returns whether the stream
    /// still runs.
    func step(_ state: State, sequence: UInt64) -> Bool {
        guard !storage.isFinished else { return false }
        let key = changeKey(state)
        guard key != lastKey else { return true }
        lastKey = key
        return storage.deliver(frame(of: state, sequence: sequence, encode))
    }
}

/// A frame of `state`, or the encoding failure.
func frame<State>(of state: State, sequence: UInt64, _ encode: (State) throws(StateCodingError) -> Data) -> Result<StateFrame, FrameError> {
    do throws(StateCodingError) {
        return .success(StateFrame(data: try encode(state), sequence: sequence))
    } catch {
        return .failure(.encoding(error))
    }
}

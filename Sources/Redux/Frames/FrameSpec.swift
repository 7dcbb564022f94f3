/// What a frame stream (``Store/frames(_:arming:file:line:)``) encodes, when it emits, and when
/// it ends; TinyRedux calls the same idea a `SnapshotSpec`.
///
/// ```swift
/// let spec = try FrameSpec(Total.self, changeKey: { $0.total }, count: 2)
/// ```
///
/// - **When a frame is emitted**: after every action's terminal the stream computes
///   `changeKey` from the state and emits a frame only when the key differs from the last key
///   it saw (edge-triggered: an action that leaves the key unchanged emits nothing). The first
///   key is computed when the stream is created.
/// - **Initial frame**: with `initialFrame`, a frame of the state at creation is emitted at once
///   (sequence 0); it counts toward `count`.
/// - **Limits**: a `count` of successful frames, a `duration` on the store's clock from the
///   stream's creation, or both (whichever comes first). A frame that fails to encode is
///   delivered as a failure and does not count.
/// - **Buffer**: frames the consumer has not read yet wait in the stream's buffer. A stream with
///   a count keeps every frame (at most `count`); besides those, at most `bufferLimit` elements
///   wait — when the buffer is full, the oldest waiting encoding failure is dropped (or the new
///   failure, if none waits). A stream with only a duration keeps at most `bufferLimit` waiting
///   elements: when full, the oldest waiting element is dropped, so a slow consumer reads the
///   newest frames.
///
/// `Sendable`: it holds only the projection type and the key closure. `changeKey` runs on the
/// main actor, once per action's terminal while the stream lives.
public struct FrameSpec<State, Projection: StateProjection>: Sendable where Projection.State == State {
    /// The change key, type-erased.
    let changeKey: @Sendable (State) -> any Hashable
    /// Whether a frame of the state at creation is emitted at once.
    public let initialFrame: Bool
    /// How many successful frames end the stream, if limited by count.
    public let count: Int?
    /// How long the stream lives on the store's clock, if limited by time.
    public let duration: Duration?
    /// How many undelivered elements wait beyond what the count keeps.
    public let bufferLimit: Int

    /// A spec for frames of `projection`, emitted when `changeKey` changes.
    ///
    /// - Parameters:
    ///   - projection: the projection encoded in each frame.
    ///   - changeKey: the value whose change emits a frame; computed from the state after each
    ///     action's terminal, on the main actor.
    ///   - initialFrame: whether a frame of the current state is emitted when the stream is
    ///     created (it counts toward `count`).
    ///   - count: the number of successful frames after which the stream finishes
    ///     (``FrameStreamEnd/countReached``).
    ///   - duration: the time after which the stream finishes (``FrameStreamEnd/durationElapsed``),
    ///     on the store's clock.
    ///   - bufferLimit: the bound of the buffer, as described above.
    /// - Throws: ``FrameSpecError`` for a count or a buffer limit of 0 or less, a duration of
    ///   zero or less, or neither a count nor a duration.
    public init<Key: Hashable>(
        _ projection: Projection.Type,
        changeKey: @escaping @Sendable (State) -> Key,
        initialFrame: Bool = false,
        count: Int? = nil,
        duration: Duration? = nil,
        bufferLimit: Int = 1_024
    ) throws(FrameSpecError) {
        if let count, count <= 0 { throw .nonPositiveCount(count) }
        if let duration, duration <= .zero { throw .nonPositiveDuration(duration) }
        if count == nil, duration == nil { throw .noLimit }
        if bufferLimit <= 0 { throw .nonPositiveBufferLimit(bufferLimit) }
        self.changeKey = changeKey
        self.initialFrame = initialFrame
        self.count = count
        self.duration = duration
        self.bufferLimit = bufferLimit
    }
}

/// A FIFO of queue entries stored in fixed-size segments: the storage of both the store's inbox
/// and its pipeline queue.
///
/// Appending never copies earlier segments (a full segment stays where it is and a new one is
/// started), so a producer appending behind a backlog of millions pays for one segment at most.
/// A segment grows with what it holds, up to ``segmentCapacity``: a queue that holds one entry
/// allocates room for a few, not for a thousand. The pipeline queue keeps one small drained
/// segment for reuse (``recycle(_:)``), so an action that queues another on each pass allocates
/// nothing.
/// Taking entries hands out whole segments, oldest first; consumed segments are freed at once, and
/// the small segment index is released once the buffer empties after a large backlog, so an idle
/// store keeps no memory of its largest burst.
///
/// Not thread-safe: the inbox guards it with its lock; the pipeline queue is main-actor state.
@usableFromInline
struct EntryBuffer<State: Sendable, Action: Sendable> {
    @usableFromInline typealias Entry = QueueEntry<State, Action>

    /// Entries per segment; also the most a scheduled main-actor turn takes from the inbox.
    @inlinable static var segmentCapacity: Int { 1024 }

    /// Segments oldest first; every segment but the last is full, unless it was cut short to keep
    /// a batch whole (see ``append(batch:)``).
    @usableFromInline var segments: [[Entry]] = []
    /// An empty segment kept for reuse, with its capacity (see ``recycle(_:)``).
    @usableFromInline var spare: [Entry] = []
    /// The largest drained segment kept for reuse, in entries: enough for the actions a pass
    /// queues, without holding a burst's memory.
    @inlinable static var spareCapacityLimit: Int { 256 }
    /// Index of the oldest segment not yet taken.
    @usableFromInline var head = 0
    /// Entries held.
    @usableFromInline private(set) var count = 0

    @inlinable init() {}

    @inlinable var isEmpty: Bool { count == 0 }

    /// Appends one entry.
    @inlinable
    mutating func append(_ entry: Entry) {
        if segments.count == head || segments[segments.count - 1].count == Self.segmentCapacity {
            startSegment()
        }
        segments[segments.count - 1].append(entry)
        count += 1
    }

    /// Appends entries in order.
    @inlinable
    mutating func append(contentsOf entries: some Sequence<Entry>) {
        for entry in entries { append(entry) }
    }

    /// Appends a batch so that, when it fits in one segment (at most ``segmentCapacity``
    /// entries), it lands in one: a scheduled turn, which takes one segment, then processes the
    /// whole batch, as a main-actor call would. A longer batch spans segments, in order.
    @inlinable
    mutating func append(batch entries: some Collection<Entry>) {
        if entries.count <= Self.segmentCapacity, segments.count > head,
           segments[segments.count - 1].count + entries.count > Self.segmentCapacity {
            startSegment()
        }
        append(contentsOf: entries)
    }

    /// Appends a segment taken from another buffer, adopting its storage when this buffer is
    /// empty (the pipeline queue always is when a scheduled turn hands it an inbox block).
    @inlinable
    mutating func append(segment: [Entry]) {
        guard !segment.isEmpty else { return }
        if isEmpty {
            reset()
            segments.append(segment)
            count = segment.count
        } else {
            append(contentsOf: segment)
        }
    }

    /// Moves every entry of `other` behind this buffer's and empties `other`. O(1) when this
    /// buffer is empty (the pipeline queue always is when it takes an inbox block), else one
    /// move per entry.
    @inlinable
    mutating func append(taking other: inout EntryBuffer) {
        if isEmpty {
            // Each keeps its spare segment.
            swap(&segments, &other.segments)
            swap(&head, &other.head)
            swap(&count, &other.count)
            return
        }
        for segment in other.takeAll() { append(contentsOf: segment) }
    }

    /// Counts an entry held outside the segments — the store's lone pending send, always the
    /// oldest — in ``count`` (`delta` 1) or stops counting it (-1), so that ``isEmpty`` covers
    /// it. Only while no segment is held when it is added; it is taken before any segment.
    @inlinable
    mutating func countOutsideEntry(_ delta: Int) {
        count += delta
    }

    /// Starts a new last segment: the spare one if any, else an empty array that grows as
    /// entries arrive.
    @inlinable
    mutating func startSegment() {
        var segment: [Entry] = []
        if spare.capacity != 0 { swap(&segment, &spare) }
        segments.append(segment)
    }

    /// Takes back a segment whose entries were all processed: emptied (its entries released
    /// now) and kept for the next ``startSegment()`` if none is kept yet and it is small.
    @inlinable
    mutating func recycle(_ segment: inout [Entry]) {
        guard spare.capacity == 0, segment.capacity <= Self.spareCapacityLimit else { return }
        segment.removeAll(keepingCapacity: true)
        swap(&spare, &segment)
    }

    /// Removes and returns the oldest segment (at most ``segmentCapacity`` entries), or `nil`
    /// when empty.
    @inlinable
    mutating func takeFirstSegment() -> [Entry]? {
        guard head < segments.count else { return nil }
        var segment: [Entry] = []
        swap(&segment, &segments[head])
        head += 1
        count -= segment.count
        if head == segments.count { reset() }
        else if head >= 64, head * 2 >= segments.count {
            segments.removeSubrange(0..<head)
            head = 0
        }
        return segment
    }

    /// Removes and returns every segment, oldest first.
    @inlinable
    mutating func takeAll() -> [[Entry]] {
        var taken: [[Entry]] = []
        if head == 0 { swap(&taken, &segments) } else { taken = Array(segments[head...]) }
        reset()
        return taken
    }

    /// Empties the buffer; drops the segment index's storage when it grew past a small size.
    @inlinable
    mutating func reset() {
        if segments.capacity > 16 {
            segments = []
        } else {
            segments.removeAll(keepingCapacity: true)
        }
        head = 0
        count = 0
    }
}

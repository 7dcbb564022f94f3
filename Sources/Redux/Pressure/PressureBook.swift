/// The bookkeeping of pressure diagnostics: per action identity, the times of its latest
/// dispatches. A plain value with no lock and no clock (``PressureMonitor`` owns the lock and
/// reads the clock), so its rules are testable on their own.
///
/// Per identity it keeps a ring of the last `threshold + 1` dispatch times (grown as dispatches
/// arrive, so an identity seen once holds one time): when the ring is full and its oldest time
/// is within the window of the newest, the identity was dispatched more than `threshold` times
/// within the window. An identity is forgotten once its newest time is a window old and its
/// cooldown is over, by a sweep that runs when the table has doubled since the last one.
///
/// - Complexity: O(1) amortized per dispatch (one hash lookup, one ring write; a sweep costs
///   O(identities held) and runs after at least as many new identities). Memory: at most
///   `max(64, 2 × live)` identities, where `live` is how many were dispatched within the last
///   window or are cooling down when the last sweep ran, each with at most `threshold + 1` times.
struct PressureBook: Sendable {
    /// One identity's recent dispatches, in nanoseconds on the store's clock.
    struct Track: Sendable {
        /// Dispatch times, a ring once it holds `threshold + 1` of them.
        var times: ContiguousArray<Int64> = []
        /// Where the next time is written once the ring is full (then the oldest time's slot).
        var next = 0
        /// The latest dispatch time seen.
        var newest: Int64
        /// The end of the cooldown of the last warning; `Int64.min` before any warning.
        var quietUntil = Int64.min

        /// Records a dispatch at `now`; `true` when it is the one past the threshold, outside
        /// a cooldown (the cooldown then starts).
        mutating func record(_ now: Int64, capacity: Int, window: Int64, cooldown: Int64) -> Bool {
            if times.count < capacity {
                times.append(now)
            } else {
                times[next] = now
                next = next + 1 == capacity ? 0 : next + 1
            }
            if now > newest { newest = now }
            guard times.count == capacity else { return false }
            // Full: `next` is the slot of the oldest time (0 right after the ring filled up).
            guard now &- times[next] < window, now >= quietUntil else { return false }
            quietUntil = now &+ cooldown
            return true
        }

        /// Whether the identity can be forgotten at `now`: its newest dispatch is a window old
        /// and its cooldown, if any, is over.
        func isIdle(at now: Int64, window: Int64) -> Bool {
            now &- newest >= window && now >= quietUntil
        }
    }

    /// The table's size that triggers the first sweep.
    static let minimumSweepSize = 64

    let settings: PressureDiagnostics
    /// The settings in nanoseconds, and the ring's capacity (`threshold + 1`).
    let window: Int64
    let cooldown: Int64
    let capacity: Int
    private(set) var tracks: [ActionIdentity: Track] = [:]
    private var sweepAt = PressureBook.minimumSweepSize
    /// The identity recorded last and its track's index (`nil` after the table changed shape).
    private var lastIdentity = ActionIdentity("")
    private var lastIndex: Dictionary<ActionIdentity, Track>.Index?

    init(_ settings: PressureDiagnostics) {
        self.settings = settings
        self.window = Self.nanoseconds(settings.window)
        self.cooldown = Self.nanoseconds(settings.cooldown)
        self.capacity = settings.threshold + 1
    }

    /// `duration` in whole nanoseconds (saturating far beyond any window).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? Int64.min / 2 : Int64.max / 2 }
        return whole &+ attoseconds / 1_000_000_000
    }

    /// The number of identities held.
    var count: Int { tracks.count }

    /// Records a dispatch of `identity` at `now` (a duration on the store's clock); returns the
    /// count to report (`threshold + 1`) when it warns.
    mutating func record(_ identity: ActionIdentity, at now: Duration) -> Int? {
        record(identity, atNanoseconds: Self.nanoseconds(now))
    }

    /// ``record(_:at:)`` with the time in nanoseconds.
    mutating func record(_ identity: ActionIdentity, atNanoseconds now: Int64) -> Int? {
        // A flood is one identity again and again: its track is found by comparing with the
        // previous dispatch's identity, without hashing. The index stays valid until the table
        // changes shape (an insertion or a sweep), which clears it.
        if let index = lastIndex, lastIdentity == identity {
            return tracks.values[index].record(now, capacity: capacity, window: window, cooldown: cooldown) ? capacity : nil
        }
        if tracks.count >= sweepAt { sweep(at: now) }
        var index = tracks.index(forKey: identity)
        if index == nil {
            tracks[identity] = Track(newest: now)
            index = tracks.index(forKey: identity)
        }
        guard let index else { return nil }
        lastIdentity = identity
        lastIndex = index
        return tracks.values[index].record(now, capacity: capacity, window: window, cooldown: cooldown) ? capacity : nil
    }

    /// Forgets every idle identity, and sets the next sweep at twice what is left (at least
    /// ``minimumSweepSize``).
    mutating func sweep(at now: Int64) {
        lastIndex = nil
        let window = self.window
        tracks = tracks.filter { !$0.value.isIdle(at: now, window: window) }
        sweepAt = Swift.max(Self.minimumSweepSize, tracks.count * 2)
    }
}

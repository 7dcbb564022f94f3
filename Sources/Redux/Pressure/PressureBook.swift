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
    /// One identity's recent dispatches.
    struct Track: Sendable {
        /// Dispatch times, a ring once it holds `threshold + 1` of them.
        var times: ContiguousArray<Duration> = []
        /// Where the next time is written once the ring is full (then the oldest time's slot).
        var next = 0
        /// The latest dispatch time seen.
        var newest: Duration
        /// The end of the cooldown of the last warning; `nil` before any warning.
        var quietUntil: Duration?

        /// Records a dispatch at `now`; `true` when it is the one past the threshold, outside
        /// a cooldown (the cooldown then starts).
        mutating func record(_ now: Duration, _ settings: PressureDiagnostics) -> Bool {
            let capacity = settings.threshold + 1
            if times.count < capacity {
                times.append(now)
            } else {
                times[next] = now
                next = next + 1 == capacity ? 0 : next + 1
            }
            if now > newest { newest = now }
            guard times.count == capacity else { return false }
            // Full: `next` is the slot of the oldest time (0 right after the ring filled up).
            guard now - times[next] < settings.window else { return false }
            if let quietUntil, now < quietUntil { return false }
            quietUntil = now + settings.cooldown
            return true
        }

        /// Whether the track can be forgotten at `now`: no dispatch within the window and no
        /// cooldown running.
        func isIdle(at now: Duration, window: Duration) -> Bool {
            now - newest >= window && (quietUntil.map { now >= $0 } ?? true)
        }
    }

    /// The fewest identities held before a sweep runs.
    static let minimumSweepSize = 64

    let settings: PressureDiagnostics
    private(set) var tracks: [ActionIdentity: Track] = [:]
    /// The table size at which the next sweep runs.
    private var sweepAt = PressureBook.minimumSweepSize

    init(_ settings: PressureDiagnostics) {
        self.settings = settings
    }

    /// How many identities are held now.
    var count: Int { tracks.count }

    /// Records a dispatch of `identity` at `now` (time since the store's origin); returns the
    /// number of dispatches within the window when this one crossed the threshold and warns,
    /// `nil` otherwise.
    mutating func record(_ identity: ActionIdentity, at now: Duration) -> Int? {
        if tracks.count >= sweepAt { sweep(at: now) }
        let warns = tracks[identity, default: Track(newest: now)].record(now, settings)
        return warns ? settings.threshold + 1 : nil
    }

    /// Forgets the idle identities; the next sweep runs when the table has doubled.
    mutating func sweep(at now: Duration) {
        let window = settings.window
        tracks = tracks.filter { !$0.value.isIdle(at: now, window: window) }
        sweepAt = Swift.max(Self.minimumSweepSize, tracks.count * 2)
    }
}

// The fuzzer's own pseudo-random numbers: SplitMix64 (Steele, Lea & Flood, "Fast splittable
// pseudorandom number generators", 2014). Every draw is computed here, never by the standard
// library's `random(in:using:)`, so a seed names the same program on every platform and toolchain.

/// A seeded 64-bit generator; the same seed always yields the same sequence.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (the modulo bias is irrelevant at these sizes).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    /// One of `choices`, each drawn with probability proportional to its weight.
    mutating func pick<Choice>(_ choices: [(weight: Int, choice: Choice)]) -> Choice {
        let total = choices.reduce(0) { $0 + $1.weight }
        var roll = int(0...(total - 1))
        for entry in choices {
            if roll < entry.weight { return entry.choice }
            roll -= entry.weight
        }
        return choices[choices.count - 1].choice
    }

    /// An index in `0..<count`.
    mutating func index(_ count: Int) -> Int {
        int(0...(count - 1))
    }
}

/// Also a `RandomNumberGenerator`, for reproducible shuffles in tests.
extension SplitMix64: RandomNumberGenerator {}

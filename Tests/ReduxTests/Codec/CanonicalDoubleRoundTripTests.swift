import Foundation
import Redux
import Testing

/// A finite `Double` written by `CanonicalJSONEncoder` reads back bit for bit, through the stock
/// `JSONDecoder` and through `CanonicalJSONDecoder`: 20,000 values, seeded (SplitMix64;
/// `REDUX_CODEC_SEED=<n>` replays another seed, and a failure prints its seed), from random bit
/// patterns, subnormals, decimal-looking values and the edges (-0.0, the least and greatest
/// magnitudes).
@Suite("Canonical doubles round-trip bit for bit")
struct CanonicalDoubleRoundTripTests {
    /// Doubles inside an object, as a state holds them.
    struct Values: Codable {
        var values: [Double]
    }

    static let edges: [Double] = [
        0, -0.0, 1, -1, 0.1, -0.1, 1.0 / 3.0, 1e-7, 1e21, 1e22, 9_007_199_254_740_992, 9_007_199_254_740_994,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, -.leastNormalMagnitude,
        Double.leastNormalMagnitude.nextDown, -Double.leastNormalMagnitude.nextDown,
        Double.ulpOfOne, 1 + .ulpOfOne, Double(Int64.max), Double(Int64.min),
    ]

    /// `count` finite doubles: the edges, then 70% random bit patterns (redrawn while not
    /// finite), 15% subnormals of either sign, 15% decimals (an integer over a power of ten).
    static func doubles(seed: UInt64, count: Int) -> [Double] {
        var random = SplitMix64(seed: seed)
        var values = edges
        while values.count < count {
            switch random.int(0...99) {
            case 0..<70:
                var value = Double(bitPattern: random.next())
                while !value.isFinite { value = Double(bitPattern: random.next()) }
                values.append(value)
            case 70..<85:
                let mantissa = random.next() & ((1 << 52) - 1)
                let sign = random.next() & (1 << 63)
                values.append(Double(bitPattern: sign | max(mantissa, 1)))
            default:
                let whole = Double(Int64(bitPattern: random.next()) >> random.int(0...60))
                var scale = 1.0
                for _ in 0..<random.int(0...20) { scale *= 10 }
                values.append(whole / scale)
            }
        }
        return values
    }

    @Test func randomFiniteDoublesReadBackBitForBitThroughTheStockAndTheCanonicalDecoder() throws {
        let seed = ProcessInfo.processInfo.environment["REDUX_CODEC_SEED"].flatMap { UInt64($0) } ?? 0xD0B1_E5EE_D2026
        let doubles = Self.doubles(seed: seed, count: 20_000)
        #expect(doubles.count == 20_000)
        #expect(doubles.filter(\.isSubnormal).count > 2_000)
        var failures: [String] = []
        for start in stride(from: 0, to: doubles.count, by: 1_000) {
            let batch = Array(doubles[start..<min(start + 1_000, doubles.count)])
            let data = try CanonicalJSONEncoder().encode(Values(values: batch))
            let stock = try JSONDecoder().decode(Values.self, from: data).values
            let canonical = try CanonicalJSONDecoder().decode(Values.self, from: data).values
            #expect(stock.count == batch.count && canonical.count == batch.count, "seed \(seed)")
            for (index, value) in batch.enumerated() where index < stock.count && index < canonical.count {
                if stock[index].bitPattern != value.bitPattern || canonical[index].bitPattern != value.bitPattern {
                    failures.append("\(value) (bits \(String(value.bitPattern, radix: 16))) read back as \(stock[index]) by JSONDecoder and \(canonical[index]) by CanonicalJSONDecoder")
                }
            }
        }
        #expect(failures.isEmpty, "seed \(seed), \(failures.count) failures, first: \(failures.prefix(8).joined(separator: "; "))")
    }
}

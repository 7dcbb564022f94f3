import Foundation
import Redux

// P14-encode: what encoding a state costs with `CanonicalJSONEncoder` (keys sorted, sets and
// non-String-keyed dictionaries in their canonical order, millisecond dates), against the stock
// `JSONEncoder` with `.sortedKeys` on the same value in the same run. The ratio canonical / stock
// is the canonicalisation's cost. Reported, no target; timed only (not in `--instructions`: the
// encoders' work is Foundation's and allocation-bound, a throughput figure rather than a
// per-dispatch instruction count).
//
// - P14-encode-app: a state with the shape and sizes of the demo app's `AppState`
//   (Examples/Demo/State.swift; the bench cannot import the demo executable, so `DemoShapedState`
//   below mirrors it field for field): the counter and sign-in fields, a search with 8 results,
//   6 downloads in an `IdentifiedArray`, the 16-movie catalog (as in Examples/Data/movies.json)
//   with 3 matches, the settings.
// - P14-encode-rows: 10,000 rows, each an id, a title, a `Double`, a `Date` and a `Set` of 3-5
//   tags.
//
// Each case: one warm-up encode, then 5 timed runs of n encodes; the median is reported as ns per
// encode, with the bytes per encode and the throughput in MB/s (10^6 bytes per second).

/// The demo's `AppState`, field for field, with the same explicit `null`s for absent optionals.
struct DemoShapedState: Codable {
    struct Search: Codable {
        var query = "swift"
        var results = ["swift-nio", "swift-log", "swift-metrics", "swift-collections", "swift-algorithms", "swift-atomics", "swift-system", "swift-format"]
        var isLoading = false
        var loadingTicks = 0
        var error: String?
        var attempt = 1

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(query, forKey: .query)
            try container.encode(results, forKey: .results)
            try container.encode(isLoading, forKey: .isLoading)
            try container.encode(loadingTicks, forKey: .loadingTicks)
            try container.encode(error, forKey: .error)
            try container.encode(attempt, forKey: .attempt)
        }
    }

    struct Download: Codable, Identifiable {
        var id: Int
        var file: String
        var progress: Int
    }

    struct Movie: Codable {
        var id: Int
        var title: String
        var year: Int
        var genre: String
    }

    struct Movies: Codable {
        var movies: [Movie] = (1...16).map { index in
            Movie(id: index, title: "Movie number \(index) of the catalog", year: 1930 + index * 5, genre: ["drama", "comedy", "sci-fi", "western"][index % 4])
        }
        var isLoading = false
        var error: String?
        var loads = 1
        var query = "number 1"
        var matches = [1, 10, 11]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(movies, forKey: .movies)
            try container.encode(isLoading, forKey: .isLoading)
            try container.encode(error, forKey: .error)
            try container.encode(loads, forKey: .loads)
            try container.encode(query, forKey: .query)
            try container.encode(matches, forKey: .matches)
        }
    }

    struct Settings: Codable {
        var notificationsOn = true
    }

    var counter = 42
    var isLoggedIn = true
    var user: String? = "ada"
    var displayName: String? = "Ada L."
    var lastError: String?
    var search = Search()
    var downloads = IdentifiedArray<Download>(uniqueElements: (1...6).map { Download(id: $0, file: "file-\($0).zip", progress: $0 * 15 % 100) })
    var movies = Movies()
    var settings = Settings()

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(counter, forKey: .counter)
        try container.encode(isLoggedIn, forKey: .isLoggedIn)
        try container.encode(user, forKey: .user)
        try container.encode(displayName, forKey: .displayName)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(search, forKey: .search)
        try container.encode(downloads, forKey: .downloads)
        try container.encode(movies, forKey: .movies)
        try container.encode(settings, forKey: .settings)
    }
}

/// P14-encode-rows' state.
struct EncodedRowsState: Codable {
    struct Row: Codable {
        var id: Int
        var title: String
        var score: Double
        var updated: Date
        var tags: Set<String>
    }

    var rows: [Row]

    /// `count` rows, the same in every run.
    init(count: Int) {
        let tags = (0..<20).map { "tag-\($0)" }
        var random: UInt64 = 0x5EED
        func next() -> UInt64 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return random >> 11
        }
        rows = (0..<count).map { index in
            let tagCount = 3 + Int(next() % 3)
            return Row(
                id: index,
                title: "Row \(index): a title of ordinary length",
                score: Double(next() % 1_000_000) / 1_000,
                updated: Date(timeIntervalSince1970: 1_700_000_000 + Double(next() % 100_000_000) / 1_000),
                tags: Set((0..<tagCount).map { _ in tags[Int(next() % 20)] })
            )
        }
    }
}

/// One encoder on one state: nanoseconds per encode and bytes per encode.
struct EncodeSamples {
    let samples: Samples
    let bytes: Int

    /// Median throughput in MB/s (10^6 bytes per second).
    var megabytesPerSecond: Double { Double(bytes) / samples.median * 1_000 }
}

/// P14-encode's four measurements.
struct EncodingResults {
    let appCanonical: EncodeSamples
    let appStock: EncodeSamples
    let rowsCanonical: EncodeSamples
    let rowsStock: EncodeSamples
    let appEncodes: Int
    let rowsEncodes: Int
}

extension BenchConfig {
    /// P14-encode-app's encodes per timed run.
    var appEncodes: Int { operations >= 1_000_000 ? 20_000 : 2_000 }
    /// P14-encode-rows' encodes per timed run.
    var rowsEncodes: Int { operations >= 1_000_000 ? 10 : 2 }
}

extension BenchCases {
    /// P14-encode-app and P14-encode-rows, each with both encoders, alternating per state.
    func encoding() throws -> EncodingResults {
        let app = DemoShapedState()
        let rows = EncodedRowsState(count: 10_000)
        let stock = JSONEncoder()
        stock.outputFormatting = [.sortedKeys]
        let canonical = CanonicalJSONEncoder()
        let appCanonical = try encodeCase(app, count: config.appEncodes) { try canonical.encode($0) }
        let appStock = try encodeCase(app, count: config.appEncodes) { try stock.encode($0) }
        let rowsCanonical = try encodeCase(rows, count: config.rowsEncodes) { try canonical.encode($0) }
        let rowsStock = try encodeCase(rows, count: config.rowsEncodes) { try stock.encode($0) }
        // Self-check (besides every encode writing as many bytes as the first): the canonical
        // bytes of the rows decode back to all of them.
        let decoded = try CanonicalJSONDecoder().decode(EncodedRowsState.self, from: try canonical.encode(rows))
        try expect(decoded.rows.count == rows.rows.count, "P14-encode-rows: decoded \(decoded.rows.count) of \(rows.rows.count) rows")
        return EncodingResults(
            appCanonical: appCanonical, appStock: appStock, rowsCanonical: rowsCanonical, rowsStock: rowsStock,
            appEncodes: config.appEncodes, rowsEncodes: config.rowsEncodes
        )
    }

    /// One warm-up encode, then `config.runs` timed runs of `count` encodes; checks that every
    /// encode wrote as many bytes as the first.
    private func encodeCase<State>(_ state: State, count: Int, _ encode: (State) throws -> Data) throws -> EncodeSamples {
        let bytes = try encode(state).count
        var mismatched = 0
        let samples = try nanosecondsPerOperation(operations: count, warmUp: 1, runs: config.runs) { iterations in
            for _ in 0..<iterations {
                let data = try encode(state)
                if data.count != bytes { mismatched += 1 }
            }
        }
        try expect(mismatched == 0, "P14-encode: \(mismatched) encodes wrote other than \(bytes) bytes")
        Blackhole.consume(bytes)
        return EncodeSamples(samples: samples, bytes: bytes)
    }
}

extension BenchResults {
    /// P14-encode's rows: ns per encode; value MB/s; the canonical rows state their cost over stock.
    static func encodingRows(_ encoding: EncodingResults) -> [ReportRow] {
        func row(_ name: String, _ measured: EncodeSamples, _ note: String) -> ReportRow {
            let samples = measured.samples
            return ReportRow(
                name: name,
                nanosecondsPerOperation: samples.median,
                ratioToFloor: nil,
                value: measured.megabytesPerSecond,
                unit: "MB/s",
                spread: (Double(measured.bytes) / samples.maximum * 1_000, Double(measured.bytes) / samples.minimum * 1_000),
                target: "reported: \(grouped(Double(measured.bytes))) B/encode; \(note)"
            )
        }
        let appRatio = encoding.appCanonical.samples.median / encoding.appStock.samples.median
        let rowsRatio = encoding.rowsCanonical.samples.median / encoding.rowsStock.samples.median
        return [
            row("P14-encode-app", encoding.appCanonical, "CanonicalJSONEncoder, \(fixed(appRatio, 2))x stock (the canonicalisation's cost; a state shaped like the demo's AppState)"),
            row("P14-encode-app-stock", encoding.appStock, "JSONEncoder with .sortedKeys, same state"),
            row("P14-encode-rows", encoding.rowsCanonical, "CanonicalJSONEncoder, \(fixed(rowsRatio, 2))x stock (10,000 rows: id, title, Double, Date, Set of 3-5 tags)"),
            row("P14-encode-rows-stock", encoding.rowsStock, "JSONEncoder with .sortedKeys, same state"),
        ]
    }
}

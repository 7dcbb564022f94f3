@testable import CodecProbe
import Foundation
import Redux
import Testing

/// The same state encodes to the same bytes in every process. A hash seed is chosen per process
/// (unless `SWIFT_DETERMINISTIC_HASHING` is set, which the children never inherit), and it decides
/// the order a `Set` or a `Dictionary` iterates in, so the check runs the `CodecProbe` executable
/// 20 times on `ProbeState.fixture` (sets of strings, integers and structs, dictionaries keyed by
/// an enum, a `String` enum and `Int`, sets inside dictionaries, dates and doubles) and compares
/// what each child wrote with each other and with this process's encoding. The control, the
/// stock `JSONEncoder` with `.sortedKeys` on the same state in the same children, is expected to
/// differ between processes; when a run happens to give it one order everywhere, that is printed,
/// not failed (the rule under test is the canonical encoder's).
@Suite("Canonical encoding is the same in every process", .timeLimit(.minutes(5)))
struct CodecDeterminismTests {
    static let processCount = 20

    /// One child's output.
    struct ChildEncoding {
        var seed: String
        var canonical: Data
        var stock: Data
    }

    /// Runs `CodecProbe encode-state` in `processCount` children, four at a time, each without
    /// `SWIFT_DETERMINISTIC_HASHING`.
    static func encodeInChildren() async throws -> [ChildEncoding] {
        var encodings: [ChildEncoding] = []
        for batch in stride(from: 0, to: processCount, by: 4) {
            let runs = try await withThrowingTaskGroup(of: ProbeRun.self) { group in
                for _ in batch..<min(batch + 4, processCount) {
                    group.addTask {
                        try await runProbe(named: "CodecProbe", ["encode-state"], removing: ["SWIFT_DETERMINISTIC_HASHING"])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for run in runs {
                #expect(run.status == 0, "\(run.standardError)")
                func field(_ name: String) throws -> String {
                    let line = try #require(run.standardOutput.first { $0.hasPrefix(name + " ") }, "no \(name) line in \(run.standardOutput)")
                    return String(line.dropFirst(name.count + 1))
                }
                encodings.append(ChildEncoding(
                    seed: try field("seed"),
                    canonical: try #require(Data(base64Encoded: try field("canonical"))),
                    stock: try #require(Data(base64Encoded: try field("stock")))
                ))
            }
        }
        return encodings
    }

    @Test func aStateWithSetsAndDictionariesEncodesToTheSameBytesInEveryProcess() async throws {
        let children = try await Self.encodeInChildren()
        #expect(children.count == Self.processCount)
        // Every child hashed with its own seed.
        #expect(Set(children.map(\.seed)).count == Self.processCount, "hash seeds: \(children.map(\.seed))")
        let here = try CanonicalJSONEncoder().encode(ProbeState.fixture)
        let distinct = Set(children.map(\.canonical))
        #expect(distinct.count == 1, "\(distinct.count) different canonical encodings in \(Self.processCount) processes")
        for child in children where child.canonical != here {
            Issue.record("a child (seed \(child.seed)) wrote\n\(String(decoding: child.canonical, as: UTF8.self))\nthis process wrote\n\(String(decoding: here, as: UTF8.self))")
            break
        }
        // Decodes back to the fixture, its dates to the same millisecond (sub-millisecond bits
        // are not kept).
        var decoded = try CanonicalJSONDecoder().decode(ProbeState.self, from: here)
        #expect(decoded.dates.map(MillisecondTime.milliseconds(since1970:)) == ProbeState.fixture.dates.map(MillisecondTime.milliseconds(since1970:)))
        decoded.dates = ProbeState.fixture.dates
        #expect(decoded == ProbeState.fixture)
    }

    /// The canonical order of a set is its elements' encoded bytes: for these names (no
    /// character below `"` and no shared prefix with an escaped one) that is the order of their
    /// UTF-8 bytes; for integers, the order of their decimal text's bytes ("-14" before "-7").
    @Test func aSetIsWrittenInTheOrderOfItsElementsEncodedBytes() throws {
        struct Orders: Decodable {
            var names: [String]
            var numbers: [Int]
        }
        let written = try JSONDecoder().decode(Orders.self, from: try CanonicalJSONEncoder().encode(ProbeState.fixture))
        let bytes = { (text: String) in Array(text.utf8) }
        #expect(written.names == ProbeState.fixture.names.sorted { bytes($0).lexicographicallyPrecedes(bytes($1)) })
        #expect(written.numbers == ProbeState.fixture.numbers.sorted { bytes(String($0)).lexicographicallyPrecedes(bytes(String($1))) })
    }

    /// The control: the stock encoder with `.sortedKeys` sorts object keys only, so the same
    /// state comes out in other orders under other hash seeds. Each child's bytes still decode to
    /// the fixture (only the order differs).
    @Test func theStockEncoderWithSortedKeysWritesTheSameStateInOtherOrdersUnderOtherSeeds() async throws {
        let children = try await Self.encodeInChildren()
        #expect(Set(children.map(\.seed)).count == Self.processCount, "hash seeds: \(children.map(\.seed))")
        for child in children {
            #expect(try JSONDecoder().decode(ProbeState.self, from: child.stock) == ProbeState.fixture)
        }
        let distinct = Set(children.map(\.stock)).count
        // Reported, not judged: the rule under test is the canonical encoder's.
        print("CodecDeterminismTests control: JSONEncoder with .sortedKeys wrote \(distinct) different encodings of one state in \(Self.processCount) processes")
    }
}

@testable import Redux
import Testing

/// `IdentifiedArray` is a `MutableCollection`: a positional write replaces or mutates the element
/// in place, keeps the ids recorded, and renews that element's stamp; reordering algorithms of
/// the standard library go through the collection's own `swapAt(_:_:)` and keep it consistent.
@Suite("IdentifiedArray as a MutableCollection", .timeLimit(.minutes(5)))
struct IdentifiedArrayMutableCollectionTests {
    private func rows(bigAt index: Int? = nil) -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: (0..<6).map { Row($0, "t\(5 - $0)", payload: $0 == index ? Array(0..<100_000) : []) })
    }

    @Test(arguments: [0, 3, 5])
    func aPositionalWriteInPlaceDoesNotCopyTheElement(at index: Int) {
        var rows = rows(bigAt: index)
        let before = bufferAddress(rows[index].payload)
        let generation = rows.generation(at: index)
        rows[index].payload[0] = -1
        #expect(bufferAddress(rows[index].payload) == before)
        rows[index].payload[99_999] = -2
        #expect(bufferAddress(rows[index].payload) == before)
        #expect(rows[index].payload[0] == -1 && rows[index].payload[99_999] == -2)
        #expect(rows.generation(at: index) == generation)
        #expect(rows.stamp(at: index) == rows.stamp)
        expectConsistent(rows)
    }

    @Test func aPositionalAssignmentReplacesTheElementWhereItIs() {
        var rows = rows()
        let (structure, generation) = (rows.structureStamp, rows.generation(at: 2))
        rows[2] = Row(2, "replaced")
        #expect(rows[id: 2]?.title == "replaced" && rows.ids == [0, 1, 2, 3, 4, 5])
        #expect(rows.structureStamp == structure)
        #expect(rows.generation(at: 2) == generation && rows.stamp(at: 2) == rows.stamp)
        expectConsistent(rows)
    }

    @Test func aPositionalWriteOfAnotherIDGivesThePositionTheNewID() {
        var rows = rows()
        rows[1] = Row(9)
        #expect(rows.ids == [0, 9, 2, 3, 4, 5])
        #expect(!rows.contains(id: 1) && rows.index(id: 9) == 1)
        #expect(rows.structureStamp == rows.stamp && rows.stamp(of: 9) == rows.stamp)
        rows[3].id = 8
        #expect(rows.ids == [0, 9, 2, 8, 4, 5])
        #expect(rows[id: 3] == nil && rows[id: 8]?.title == "t2")
        #expect(rows.structureStamp == rows.stamp && rows.stamp(of: 8) == rows.stamp)
        expectConsistent(rows)
    }

    @Test func algorithmsThatReorderThroughSwapAtKeepTheCollectionConsistent() {
        var rows = rows()
        rows[id: 4]?.title = "changed"
        let (stamps, generations) = (stampsByID(rows), generationsByID(rows))
        let pivot = rows.partition { $0.id.isMultiple(of: 2) }
        #expect(rows[..<pivot].allSatisfy { !$0.id.isMultiple(of: 2) })
        #expect(rows[pivot...].allSatisfy { $0.id.isMultiple(of: 2) })
        expectConsistent(rows)
        var generator = SplitMix64(seed: 21)
        rows.shuffle(using: &generator)
        expectConsistent(rows)
        reverseGenerically(&rows)
        expectConsistent(rows)
        #expect(stampsByID(rows) == stamps && generationsByID(rows) == generations)
        #expect(Set(rows.ids) == Set(0..<6))
    }

    @Test func genericCodeWritesThroughPositionsInPlace() {
        var rows = rows(bigAt: 2)
        let before = bufferAddress(rows[2].payload)
        let structure = rows.structureStamp
        appendMarkToEveryTitle(&rows)
        #expect(rows.map(\.title) == (0..<6).map { "t\(5 - $0)!" })
        #expect(bufferAddress(rows[2].payload) == before)
        #expect(rows.structureStamp == structure)
        #expect(Set(stampsByID(rows).values).count == 6, "each element took its own stamp")
        expectConsistent(rows)
    }

    @Test func concreteSortAndReverseAreTheCollectionsOwn() {
        // The standard library's `sort` writes the elements back one by one, which would put
        // one id at two positions for a moment and stop the program; the type's own sort does
        // not.
        var rows = rows()
        rows.sort()
        #expect(rows.ids == [5, 4, 3, 2, 1, 0])
        rows.sort { $0.id < $1.id }
        #expect(rows.ids == [0, 1, 2, 3, 4, 5])
        rows.reverse()
        #expect(rows.ids == [5, 4, 3, 2, 1, 0])
        expectConsistent(rows)
    }

    @Test func aPositionalWriteOfAnIDAnotherElementHoldsStopsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3)]
            rows[0] = Row(3)
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("IdentifiedArray[0]: the element set has id 3 instead of 1, which the element at 2 has"), "\(message)")
    }

    @Test func aPositionalMutationToAnIDAnotherElementHoldsStopsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3)]
            rows[2].id = 1
        }
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains("the element at 2 changed its id from 3 to 1, which the element at 0 has"), "\(message)")
    }

    @Test func reorderingASliceStopsTheProgram() async {
        // Documented limit: a slice swaps through positional writes, which pass through a
        // duplicate id.
        await #expect(processExitsWith: .failure) {
            var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3)]
            rows[0..<2].reverse()
        }
    }
}

/// `reverse()` from code that knows only a bidirectional mutable collection (the standard
/// library's, which swaps through `swapAt`).
private func reverseGenerically<C: MutableCollection & BidirectionalCollection>(_ collection: inout C) {
    collection.reverse()
}

/// Appends "!" to every title through positional writes, from generic code.
private func appendMarkToEveryTitle<C: MutableCollection>(_ collection: inout C) where C.Element == Row {
    for index in collection.indices {
        collection[index].title += "!"
    }
}

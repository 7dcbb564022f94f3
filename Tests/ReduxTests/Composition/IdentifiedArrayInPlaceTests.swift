@testable import Redux
import Testing

/// Issue 7, lifting: a write to one element — through `subscript(id:)` or the lifting code's
/// `withElement(at:)` — happens in place, without copying the element (checked by the address
/// of a large array the element holds), and a changed id is re-indexed.
@Suite("IdentifiedArray in-place access", .timeLimit(.minutes(5)))
struct IdentifiedArrayInPlaceTests {
    private func rows(bigAt id: Int) -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: (0..<4).map { Row($0, payload: $0 == id ? Array(0..<100_000) : []) })
    }

    @Test func theControlCopyThroughGetAndSetMovesTheBuffer() {
        var rows = rows(bigAt: 1)
        let before = rows[id: 1].map { bufferAddress($0.payload) }
        var copy = rows[id: 1]!
        copy.payload[0] = -1
        rows[id: 1] = copy
        #expect(rows[id: 1].map { bufferAddress($0.payload) } != before)
    }

    @Test(arguments: [0, 1, 3])
    func mutatingThroughTheIDSubscriptDoesNotCopyTheElement(at id: Int) {
        var rows = rows(bigAt: id)
        let before = rows[id: id].map { bufferAddress($0.payload) }
        // One write per comparison: after a copy, a second copy could reuse the freed buffer.
        rows[id: id]?.payload[0] = -1
        #expect(rows[id: id].map { bufferAddress($0.payload) } == before)
        rows[id: id]?.payload[99_999] = -2
        #expect(rows[id: id].map { bufferAddress($0.payload) } == before)
        #expect(rows[id: id]?.payload[0] == -1 && rows[id: id]?.payload[99_999] == -2)
        #expect(rows.ids == [0, 1, 2, 3])
        expectConsistent(rows)
    }

    @Test(arguments: [0, 2, 3])
    func withElementMutatesInPlace(at index: Int) {
        var rows = rows(bigAt: index)
        let before = bufferAddress(rows[index].payload)
        let result = rows.withElement(at: index) { row -> Int in
            row.payload[0] = -1
            return row.payload.count
        }
        #expect(result == 100_000)
        #expect(bufferAddress(rows[index].payload) == before)
        #expect(rows[index].payload[0] == -1)
        expectConsistent(rows)
    }

    @Test func withElementRethrowsAfterTheMutation() {
        struct Stop: Error {}
        var rows = rows(bigAt: 0)
        #expect(throws: Stop.self) {
            try rows.withElement(at: 1) { row in
                row.id = 10
                throw Stop()
            }
        }
        #expect(rows.ids == [0, 10, 2, 3])
        expectConsistent(rows)
    }

    @Test func anIDChangedInWithElementIsReindexed() {
        var rows = rows(bigAt: 0)
        rows.withElement(at: 2) { $0.id = 7 }
        #expect(rows.ids == [0, 1, 7, 3])
        #expect(rows.index(id: 7) == 2)
        #expect(rows[id: 2] == nil && !rows.contains(id: 2))
        rows.withElement(at: 2) { $0.title = "same id" }
        #expect(rows[id: 7]?.title == "same id")
        expectConsistent(rows)
    }

    @Test func anIDThatLeavesAndReturnsInOneWriteChangesNothing() {
        var rows = rows(bigAt: 0)
        let generation = rows.generation(at: 1)
        rows.withElement(at: 1) { row in
            row.id = 3
            row.id = 1
        }
        #expect(rows.ids == [0, 1, 2, 3])
        #expect(rows.generation(at: 1) == generation)
        expectConsistent(rows)
    }
}

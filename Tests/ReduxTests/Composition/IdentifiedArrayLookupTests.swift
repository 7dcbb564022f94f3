import Foundation
@testable import Redux
import Testing

/// Issue 7, collection of children: the identified collection keeps its order, finds every
/// element by id at its index after any mutation, and keeps ids unique.
@Suite("IdentifiedArray lookup", .timeLimit(.minutes(5)))
struct IdentifiedArrayLookupTests {
    @Test func anArrayLiteralKeepsOrderAndIndexesEveryID() {
        let rows: IdentifiedArray<Row> = [Row(3), Row(1), Row(2)]
        #expect(rows.ids == [3, 1, 2])
        #expect(rows.count == 3 && rows.startIndex == 0 && rows.endIndex == 3)
        #expect(rows[1] == Row(1))
        #expect(rows.index(id: 2) == 2)
        #expect(rows[id: 1]?.title == "row 1")
        #expect(rows[id: 9] == nil && rows.index(id: 9) == nil && !rows.contains(id: 9))
        expectConsistent(rows)
    }

    @Test func itIsARandomAccessCollectionLikeItsElements() {
        let rows = IdentifiedArray(uniqueElements: (0..<10).map { Row($0) })
        #expect(Array(rows) == rows.elements)
        #expect(rows.reversed().map(\.id) == Array((0..<10).reversed()))
        #expect(rows.distance(from: 2, to: 7) == 5)
        #expect(rows.index(rows.startIndex, offsetBy: 4) == 4)
        #expect(rows[2..<4].map(\.id) == [2, 3])
        #expect(rows.first(where: { $0.id > 4 })?.id == 5)
    }

    @Test func uniquingIDsCombinesDuplicatesAtTheFirstPlace() {
        let rows = IdentifiedArray([Row(1, "a"), Row(2, "b"), Row(1, "c")]) { old, new in
            Row(old.id, old.title + new.title)
        }
        #expect(rows.map(\.title) == ["ac", "b"])
        expectConsistent(rows)
    }

    @Test func settingByIDReplacesAppendsOrRemoves() {
        var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3)]
        rows[id: 2] = Row(2, "two")
        #expect(rows.map(\.title) == ["row 1", "two", "row 3"])
        rows[id: 4] = Row(4)
        #expect(rows.ids == [1, 2, 3, 4])
        rows[id: 1] = nil
        #expect(rows.ids == [2, 3, 4])
        rows[id: 9] = nil
        #expect(rows.ids == [2, 3, 4])
        expectConsistent(rows)
    }

    @Test func mutatingThroughTheIDSubscriptChangesOnlyThatElement() {
        var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3)]
        rows[id: 1]?.title = "first"
        rows[id: 3]?.payload.append(7)
        rows[id: 9]?.title = "missing"
        #expect(rows.map(\.title) == ["first", "row 2", "row 3"])
        #expect(rows[id: 3]?.payload == [7])
        #expect(rows.ids == [1, 2, 3])
        expectConsistent(rows)
    }

    @Test func anInoutAccessByIDCanRemoveOrAppend() {
        func write(_ slot: inout Row?, _ value: Row?) { slot = value }
        var rows: IdentifiedArray<Row> = [Row(1), Row(2), Row(3), Row(4)]
        write(&rows[id: 2], nil)
        #expect(rows.ids == [1, 3, 4])
        expectConsistent(rows)
        write(&rows[id: 4], nil)
        #expect(rows.ids == [1, 3])
        expectConsistent(rows)
        write(&rows[id: 5], Row(5))
        #expect(rows.ids == [1, 3, 5])
        expectConsistent(rows)
    }

    @Test func everyKindOfMutationKeepsLookupsExact() {
        var random = SplitMix64(seed: 7)
        var rows = IdentifiedArray<Row>()
        var model: [Row] = []
        for step in 0..<2_000 {
            let id = random.int(0...30)
            switch random.int(0...11) {
            case 0:
                if !model.contains(where: { $0.id == id }) { model.append(Row(id)) }
                rows.append(Row(id))
            case 1:
                let index = random.int(0...model.count)
                if !model.contains(where: { $0.id == id }) { model.insert(Row(id), at: index) }
                rows.insert(Row(id), at: index)
            case 2:
                model.removeAll { $0.id == id }
                rows.remove(id: id)
            case 3 where !model.isEmpty:
                let index = random.index(model.count)
                #expect(rows.remove(at: index) == model.remove(at: index))
            case 4:
                let row = Row(id, "step \(step)")
                if let index = model.firstIndex(where: { $0.id == id }) { model[index] = row } else { model.append(row) }
                rows.updateOrAppend(row)
            case 5:
                model.removeAll { $0.id % 3 == id % 3 }
                rows.removeAll { $0.id % 3 == id % 3 }
            case 6 where !model.isEmpty:
                let source = IndexSet(model.indices.filter { _ in random.chance(30) })
                let destination = random.int(0...model.count)
                model = movedReference(model, source, destination)
                rows.move(fromOffsets: source, toOffset: destination)
            case 7 where !model.isEmpty:
                let (from, to) = (random.index(model.count), random.index(model.count))
                model.insert(model.remove(at: from), at: to)
                rows.move(from: from, to: to)
            case 8 where !model.isEmpty:
                let (i, j) = (random.index(model.count), random.index(model.count))
                model.swapAt(i, j)
                rows.swapAt(i, j)
            case 9:
                model.sort { $0.id > $1.id }
                rows.sort { $0.id > $1.id }
            case 10:
                model.reverse()
                rows.reverse()
            default:
                if let index = model.firstIndex(where: { $0.id == id }) { model[index].title += "!" }
                rows[id: id]?.title += "!"
            }
            #expect(rows.elements == model, "step \(step)")
            expectConsistent(rows)
        }
    }

    @Test func moveFromOffsetsPlacesTheMovedElementsBeforeTheDestination() {
        let base = (0..<5).map { Row($0) }
        for mask in 0..<(1 << base.count) {
            let source = IndexSet(base.indices.filter { mask & (1 << $0) != 0 })
            for destination in 0...base.count {
                var rows = IdentifiedArray(uniqueElements: base)
                rows.move(fromOffsets: source, toOffset: destination)
                #expect(rows.elements == movedReference(base, source, destination), "\(Array(source)) → \(destination)")
                expectConsistent(rows)
            }
        }
    }

    @Test func removingAtOffsetsKeepsTheOrderOfTheRest() {
        var rows = IdentifiedArray(uniqueElements: (0..<8).map { Row($0) })
        rows.remove(atOffsets: IndexSet([0, 3, 4, 7]))
        #expect(rows.ids == [1, 2, 5, 6])
        expectConsistent(rows)
    }

    @Test func removeAllEmptiesEverything() {
        var rows: IdentifiedArray<Row> = [Row(1), Row(2)]
        rows.removeAll()
        #expect(rows.isEmpty && !rows.contains(id: 1))
        expectConsistent(rows)
        rows.append(Row(1))
        #expect(rows.ids == [1])
        expectConsistent(rows)
    }

    @Test func aThrowingPredicateOrComparatorLeavesTheCollectionUnchanged() {
        struct Stop: Error {}
        var rows = IdentifiedArray(uniqueElements: (0..<6).map { Row($0) })
        let before = generationsByID(rows)
        #expect(throws: Stop.self) { try rows.removeAll { if $0.id == 4 { throw Stop() }; return $0.id < 3 } }
        #expect(throws: Stop.self) { try rows.sort { a, _ in if a.id == 2 { throw Stop() }; return false } }
        #expect(rows.ids == [0, 1, 2, 3, 4, 5])
        #expect(generationsByID(rows) == before)
        expectConsistent(rows)
    }

    @Test func appendingOrInsertingAnExistingIDChangesNothing() {
        var rows: IdentifiedArray<Row> = [Row(1), Row(2)]
        let appended = rows.append(Row(2, "other"))
        let inserted = rows.insert(Row(1, "other"), at: 2)
        #expect(appended == (false, 1))
        #expect(inserted == (false, 0))
        #expect(rows.map(\.title) == ["row 1", "row 2"])
        #expect(rows.append(Row(3)) == (true, 2))
        #expect(rows.insert(Row(0), at: 0) == (true, 0))
        #expect(rows.ids == [0, 1, 2, 3])
        expectConsistent(rows)
    }

    @Test func updateOrAppendReturnsTheReplacedElement() {
        var rows: IdentifiedArray<Row> = [Row(1)]
        #expect(rows.updateOrAppend(Row(1, "new")) == Row(1))
        #expect(rows.updateOrAppend(Row(2)) == nil)
        #expect(rows.map(\.title) == ["new", "row 2"])
    }
}

/// SwiftUI's `onMove` on a plain array: the elements at `source`, in order, inserted before the
/// element that was at `destination`.
func movedReference(_ rows: [Row], _ source: IndexSet, _ destination: Int) -> [Row] {
    let moved = source.map { rows[$0] }
    var rest = rows.indices.filter { !source.contains($0) }.map { rows[$0] }
    rest.insert(contentsOf: moved, at: destination - source.count(in: 0..<destination))
    return rest
}

import Foundation
@testable import Redux
import Testing

/// The change stamps of an ``IdentifiedArray``: a content stamp renewed by every mutation, a
/// structure stamp renewed when the ids or their order change, and a stamp per element renewed
/// when that element is inserted, mutated or replaced, moving with it. Stamps are fresh numbers
/// (a later stamp is greater than an earlier one on the same thread), never part of the value.
@Suite("IdentifiedArray stamps", .timeLimit(.minutes(5)))
struct IdentifiedArrayStampTests {
    typealias Mutation = (name: String, apply: (inout IdentifiedArray<Row>) -> Void)

    /// Rows 0…5, titled so that `sort()` (by title) reverses them.
    private func sample() -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: (0..<6).map { Row($0, "t\(5 - $0)") })
    }

    /// Mutations that change an element's content only (row 2's title).
    private var contentMutations: [Mutation] {
        [
            ("setter by id", { $0[id: 2] = Row(2, "new") }),
            ("generic setter by id", { assignByID(&$0, Row(2, "new")) }),
            ("updateOrAppend", { $0.updateOrAppend(Row(2, "new")) }),
            ("generic updateOrAppend", { updateOrAppendGenerically(&$0, Row(2, "new")) }),
            ("in place by id", { $0[id: 2]?.title = "new" }),
            ("withElement", { $0.withElement(at: 2) { $0.title = "new" } }),
            ("positional setter", { $0[2] = Row(2, "new") }),
            ("positional in place", { $0[2].title = "new" }),
        ]
    }

    /// Mutations that change the ids or their order.
    private var structuralMutations: [Mutation] {
        [
            ("append", { $0.append(Row(9)) }),
            ("insert", { $0.insert(Row(9), at: 1) }),
            ("setter of a new id", { $0[id: 9] = Row(9) }),
            ("in place append", { put(&$0[id: 9], Row(9)) }),
            ("updateOrAppend of a new id", { $0.updateOrAppend(Row(9)) }),
            ("remove(id:)", { $0.remove(id: 2) }),
            ("remove(at:)", { $0.remove(at: 5) }),
            ("remove(atOffsets:)", { $0.remove(atOffsets: IndexSet([1, 3])) }),
            ("removeAll()", { $0.removeAll() }),
            ("removeAll(keepingCapacity:)", { $0.removeAll(keepingCapacity: true) }),
            ("removeAll(where:)", { $0.removeAll { $0.id.isMultiple(of: 2) } }),
            ("setter of nil", { $0[id: 2] = nil }),
            ("in place removal", { put(&$0[id: 2], nil) }),
            ("move(fromOffsets:toOffset:)", { $0.move(fromOffsets: IndexSet([0, 2]), toOffset: 5) }),
            ("move(from:to:)", { $0.move(from: 4, to: 1) }),
            ("swapAt", { $0.swapAt(0, 3) }),
            ("sort(by:)", { $0.sort { $0.id > $1.id } }),
            ("sort()", { $0.sort() }),
            ("reverse()", { $0.reverse() }),
            ("partition(by:)", { _ = $0.partition { $0.id < 3 } }),
            ("id change in withElement", { $0.withElement(at: 2) { $0.id = 9 } }),
            ("id change by positional setter", { $0[2] = Row(9) }),
            ("id change in place by position", { $0[2].id = 9 }),
        ]
    }

    /// Calls that change nothing.
    private var noOps: [Mutation] {
        [
            ("append of an existing id", { $0.append(Row(2, "other")) }),
            ("insert of an existing id", { $0.insert(Row(2, "other"), at: 0) }),
            ("remove of an absent id", { $0.remove(id: 99) }),
            ("setter of nil for an absent id", { $0[id: 99] = nil }),
            ("in place write of nil for an absent id", { put(&$0[id: 99], nil) }),
            ("remove(atOffsets:) of no offsets", { $0.remove(atOffsets: IndexSet()) }),
            ("removeAll(where:) that matches nothing", { $0.removeAll { _ in false } }),
            ("swapAt of an index with itself", { $0.swapAt(3, 3) }),
            ("move(from:to:) to the same index", { $0.move(from: 3, to: 3) }),
            ("move of no offsets", { $0.move(fromOffsets: IndexSet(), toOffset: 2) }),
            ("move to where they are", { $0.move(fromOffsets: IndexSet([2, 3]), toOffset: 2) }),
            ("sort of a sorted collection", { $0.sort { $0.id < $1.id } }),
            ("equal setter by id", { $0[id: 2] = Row(2, "t3") }),
            ("equal updateOrAppend", { $0.updateOrAppend(Row(2, "t3")) }),
        ]
    }

    @Test func everyInitialisationTakesFreshStamps() throws {
        let old = sample()
        let data = try JSONEncoder().encode(old)
        let made: [(String, IdentifiedArray<Row>)] = [
            ("init()", IdentifiedArray()),
            ("init(uniqueElements:)", IdentifiedArray(uniqueElements: old.elements)),
            ("init(_:uniquingIDsWith:)", IdentifiedArray(old.elements + old.elements) { first, _ in first }),
            ("array literal", [Row(0, "t5"), Row(1, "t4")]),
            ("decoding", try JSONDecoder().decode(IdentifiedArray<Row>.self, from: data)),
        ]
        var seen: Set<UInt64> = [old.stamp]
        for (name, rows) in made {
            #expect(rows.stamp > old.stamp && rows.structureStamp > old.stamp, "\(name)")
            for index in rows.indices {
                #expect(rows.stamp(at: index) > old.stamp, "\(name): element \(index) carries an old stamp")
            }
            #expect(seen.insert(rows.stamp).inserted, "\(name): a stamp seen before")
            #expect(rows.invariantViolation == nil, "\(name): \(rows.invariantViolation ?? "")")
        }
    }

    @Test func aRebuiltOrDecodedArrayNeverCarriesAnOldStamp() throws {
        var rows = sample()
        rows[id: 1]?.title = "changed"
        let oldStamps = Set(rows.indices.map { rows.stamp(at: $0) } + [rows.stamp, rows.structureStamp])
        let rebuilt = IdentifiedArray(uniqueElements: rows.elements)
        let decoded = try JSONDecoder().decode(IdentifiedArray<Row>.self, from: JSONEncoder().encode(rows))
        for (name, copy) in [("rebuilt", rebuilt), ("decoded", decoded)] {
            #expect(copy == rows, "\(name)")
            let stamps = Set(copy.indices.map { copy.stamp(at: $0) } + [copy.stamp, copy.structureStamp])
            #expect(stamps.isDisjoint(with: oldStamps), "\(name)")
        }
    }

    @Test func everyMutationTakesAFreshContentStamp() {
        for (name, apply) in contentMutations + structuralMutations {
            var rows = sample()
            let before = rows.stamp
            apply(&rows)
            #expect(rows.stamp > before, "\(name)")
            #expect(rows.invariantViolation == nil, "\(name): \(rows.invariantViolation ?? "")")
        }
    }

    @Test func aContentOnlyMutationKeepsTheStructureStamp() {
        for (name, apply) in contentMutations {
            var rows = sample()
            let structure = rows.structureStamp
            apply(&rows)
            #expect(rows[id: 2]?.title == "new", "\(name)")
            #expect(rows.structureStamp == structure, "\(name)")
            #expect(rows.stamp > structure, "\(name)")
        }
    }

    @Test func aStructuralMutationTakesAFreshStructureStamp() {
        for (name, apply) in structuralMutations {
            var rows = sample()
            let (before, ids) = (rows.structureStamp, rows.ids)
            apply(&rows)
            #expect(rows.ids != ids, "\(name): the mutation changed nothing")
            #expect(rows.structureStamp > before, "\(name)")
            #expect(rows.structureStamp == rows.stamp, "\(name): one fresh number per mutation")
        }
    }

    @Test func aCallThatChangesNothingKeepsEveryStamp() {
        for (name, apply) in noOps {
            var rows = sample()
            let before = snapshot(rows)
            apply(&rows)
            #expect(snapshot(rows) == before, "\(name)")
            #expect(rows == sample(), "\(name)")
        }
        var empty = IdentifiedArray<Row>()
        let stamp = empty.stamp
        empty.removeAll()
        empty.reverse()
        empty.sort()
        #expect(empty.stamp == stamp && empty.structureStamp == stamp)
    }

    @Test func onlyTheMutatedElementTakesAFreshStamp() {
        for (name, apply) in contentMutations {
            var rows = sample()
            let before = stampsByID(rows)
            let generations = generationsByID(rows)
            apply(&rows)
            var expected = before
            expected[2] = rows.stamp
            #expect(stampsByID(rows) == expected, "\(name)")
            #expect(rows.stamp(of: 2) == rows.stamp, "\(name): the element's stamp is the content stamp")
            #expect(generationsByID(rows) == generations, "\(name)")
        }
    }

    @Test func anInsertedElementTakesTheMutationsStampAndTheOthersKeepTheirs() {
        var rows = sample()
        let before = stampsByID(rows)
        rows.insert(Row(9), at: 0)
        rows[id: 10] = Row(10)
        rows.append(Row(11))
        #expect(rows.stamp(of: 11) == rows.stamp)
        #expect(Set([rows.stamp(of: 9), rows.stamp(of: 10), rows.stamp(of: 11)]).count == 3)
        #expect(stampsByID(rows).filter { $0.key < 9 } == before)
        #expect(rows.stamp(of: 99) == nil)
    }

    @Test func elementStampsMoveWithTheirElements() {
        var rows = sample()
        rows[id: 1]?.title = "t4 again"  // one element with a stamp of its own
        let before = stampsByID(rows)
        let reorderings: [Mutation] = [
            ("move(fromOffsets:toOffset:)", { $0.move(fromOffsets: IndexSet([0, 2, 5]), toOffset: 4) }),
            ("move(from:to:)", { $0.move(from: 0, to: 5) }),
            ("swapAt", { $0.swapAt(0, 4) }),
            ("sort()", { $0.sort() }),
            ("reverse()", { $0.reverse() }),
            ("partition(by:)", { _ = $0.partition { $0.id.isMultiple(of: 2) } }),
            ("shuffle(using:)", { var generator = SplitMix64(seed: 7); $0.shuffle(using: &generator) }),
        ]
        for (name, apply) in reorderings {
            let ids = rows.ids
            apply(&rows)
            #expect(rows.ids != ids, "\(name): the order did not change")
            #expect(stampsByID(rows) == before, "\(name)")
            expectConsistent(rows)
        }
    }

    @Test func anEqualAssignmentThroughAnEquatableSetterChangesNoStamp() {
        var rows = sample()
        let before = snapshot(rows)
        // Concrete code with an Equatable element: the overloads that compare are chosen.
        rows[id: 3] = rows[id: 3]
        rows[id: 3] = Row(3, "t2")
        rows.updateOrAppend(Row(3, "t2"))
        #expect(snapshot(rows) == before)
        // Generic code that knows only `Identifiable` counts every replacement as a change.
        assignByID(&rows, Row(3, "t2"))
        #expect(rows.stamp > before.content && rows.stamp(of: 3) == rows.stamp)
        #expect(rows.structureStamp == before.structure)
    }

    @Test func aReplacementOfANonEquatableElementTakesAFreshStamp() {
        struct Plain: Identifiable { var id: Int; var title: String }
        var items: IdentifiedArray<Plain> = [Plain(id: 1, title: "a"), Plain(id: 2, title: "b")]
        let (stamp, structure) = (items.stamp, items.structureStamp)
        items[id: 2] = Plain(id: 2, title: "b")
        #expect(items.stamp > stamp && items.stamp(of: 2) == items.stamp)
        items.updateOrAppend(Plain(id: 1, title: "a"))
        #expect(items.stamp(of: 1) == items.stamp)
        #expect(items.structureStamp == structure)
    }

    @Test func aMutationInPlaceAlwaysTakesAFreshElementStamp() {
        var rows = sample()
        let before = rows.stamp
        rows[id: 4]?.title = "t1"  // the title it had
        #expect(rows.stamp > before && rows.stamp(of: 4) == rows.stamp)
        let afterID = rows.stamp
        rows[4].title = "t1"
        #expect(rows.stamp > afterID && rows.stamp(of: 4) == rows.stamp)
        let afterPosition = rows.stamp
        rows.withElement(at: 4) { _ in }
        #expect(rows.stamp > afterPosition && rows.stamp(of: 4) == rows.stamp)
        #expect(rows == sample())
    }

    @Test func stampsAreNotPartOfTheValue() throws {
        let rows = sample()
        var other = sample()
        other[id: 2]?.title = "changed"
        other[id: 2]?.title = "t3"
        other.swapAt(0, 1)
        other.swapAt(0, 1)
        #expect(other.stamp != rows.stamp && other.stamp(of: 2) != rows.stamp(of: 2))
        #expect(other == rows)
        #expect(other.hashValue == rows.hashValue)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(other) == encoder.encode(rows))
        #expect(try encoder.encode(rows) == encoder.encode(rows.elements))
        #expect(other.description == rows.description && other.debugDescription == rows.debugDescription)
        var (dumpedOther, dumpedRows) = ("", "")
        dump(other, to: &dumpedOther)
        dump(rows, to: &dumpedRows)
        #expect(dumpedOther == dumpedRows)
        #expect(!dumpedRows.contains("stamp") && !dumpedRows.contains("slots"))
    }

    @Test func theStampsAreStoredPropertiesReadableAtTheirOffsets() {
        var rows = sample()
        rows.append(Row(9))
        rows[id: 9]?.title = "nine"
        let stampOffset = MemoryLayout<IdentifiedArray<Row>>.offset(of: \IdentifiedArray<Row>.stamp)
        let structureOffset = MemoryLayout<IdentifiedArray<Row>>.offset(of: \IdentifiedArray<Row>.structureStamp)
        #expect(stampOffset != nil && structureOffset != nil)
        guard let stampOffset, let structureOffset else { return }
        withUnsafeBytes(of: rows) { bytes in
            #expect(bytes.load(fromByteOffset: stampOffset, as: UInt64.self) == rows.stamp)
            #expect(bytes.load(fromByteOffset: structureOffset, as: UInt64.self) == rows.structureStamp)
        }
        #expect(rows.stamp != rows.structureStamp)
    }

    @Test func aCopyKeepsItsStampsWhenTheOriginalChanges() {
        var rows = sample()
        let copy = rows
        let before = snapshot(copy)
        rows[id: 1]?.title = "changed"
        rows.append(Row(9))
        #expect(snapshot(copy) == before)
        #expect(rows.stamp > before.content)
    }
}

// MARK: - Helpers

/// The stamps of `rows`: content, structure and each element's by id.
private struct StampSnapshot: Equatable {
    let content: UInt64
    let structure: UInt64
    let elements: [Int: UInt64]
}

private func snapshot(_ rows: IdentifiedArray<Row>) -> StampSnapshot {
    StampSnapshot(content: rows.stamp, structure: rows.structureStamp, elements: stampsByID(rows))
}

/// Writes `value` into `slot` (through the `_modify` of the subscript `slot` comes from).
private func put(_ slot: inout Row?, _ value: Row?) {
    slot = value
}

/// Sets `element` by id from code that knows only that the element is `Identifiable`.
private func assignByID<Element: Identifiable>(_ array: inout IdentifiedArray<Element>, _ element: Element) {
    array[id: element.id] = element
}

/// `updateOrAppend` from code that knows only that the element is `Identifiable`.
private func updateOrAppendGenerically<Element: Identifiable>(_ array: inout IdentifiedArray<Element>, _ element: Element) {
    array.updateOrAppend(element)
}

import Foundation
@testable import Redux
import Testing

/// The per-element slot of an ``IdentifiedArray`` (its *generation*): taken when an id enters
/// the collection and carried with its element — mutated, replaced by id, moved, swapped,
/// sorted — and dropped with it. It is bookkeeping that travels with the element, not identity:
/// a row is its id, and the lift sees the same instance whatever happens to the slot.
@Suite("IdentifiedArray generations", .timeLimit(.minutes(5)))
struct IdentifiedArrayGenerationTests {
    private func sample() -> IdentifiedArray<Row> {
        IdentifiedArray(uniqueElements: (0..<6).map { Row($0, "t\(5 - $0)") })
    }

    @Test func everyInsertedElementTakesADistinctNonZeroGeneration() {
        var rows = sample()
        rows.append(Row(10))
        rows.insert(Row(11), at: 2)
        rows[id: 12] = Row(12)
        rows.updateOrAppend(Row(13))
        let generations = generationsByID(rows)
        #expect(generations.count == 10)
        #expect(Set(generations.values).count == 10)
        #expect(!generations.values.contains(0))
        #expect(rows.generation(of: 99) == nil)
    }

    @Test func movingElementsKeepsTheirGenerations() {
        var rows = sample()
        let before = generationsByID(rows)
        rows.move(fromOffsets: IndexSet([0, 2, 5]), toOffset: 4)
        #expect(rows.ids != [0, 1, 2, 3, 4, 5])
        #expect(generationsByID(rows) == before)
        rows.move(from: 0, to: 5)
        rows.move(from: 4, to: 1)
        #expect(generationsByID(rows) == before)
        expectConsistent(rows)
    }

    @Test func swappingSortingAndReversingKeepGenerations() {
        var rows = sample()
        let before = generationsByID(rows)
        rows.swapAt(0, 4)
        #expect(rows.ids == [4, 1, 2, 3, 0, 5])
        #expect(generationsByID(rows) == before)
        rows.sort()
        #expect(rows.ids == [5, 4, 3, 2, 1, 0])
        #expect(generationsByID(rows) == before)
        rows.reverse()
        #expect(rows.ids == [0, 1, 2, 3, 4, 5])
        #expect(generationsByID(rows) == before)
        expectConsistent(rows)
    }

    @Test func mutatingInPlaceKeepsTheGeneration() {
        var rows = sample()
        let before = generationsByID(rows)
        rows[id: 3]?.title = "changed"
        rows.withElement(at: 1) { $0.payload.append(1) }
        #expect(generationsByID(rows) == before)
    }

    @Test func replacingTheElementForAnExistingIDKeepsItsGeneration() {
        var rows = sample()
        let before = generationsByID(rows)
        rows[id: 2] = Row(2, "replaced")
        rows.updateOrAppend(Row(4, "updated"))
        #expect(rows[id: 2]?.title == "replaced" && rows[id: 4]?.title == "updated")
        #expect(generationsByID(rows) == before)
    }

    @Test func removingOthersKeepsTheGenerationsOfTheRest() {
        var rows = sample()
        let before = generationsByID(rows)
        rows.remove(id: 1)
        rows.remove(at: 0)
        rows.removeAll { $0.id == 4 }
        rows.remove(atOffsets: IndexSet([2]))
        #expect(rows.ids == [2, 3])
        #expect(generationsByID(rows) == before.filter { [2, 3].contains($0.key) })
        expectConsistent(rows)
    }

    /// A row is its id: the lift's identity of an element (its scope step) and its lookup of the
    /// instance are the same after the element is re-inserted, the collection rebuilt, sorted or
    /// filtered, though the re-inserted or rebuilt elements' slots are new.
    @Test func anElementsInstanceIsItsIdNotItsGeneration() {
        struct Parent: Sendable { var rows: IdentifiedArray<Row> }
        enum ParentAction: Sendable { case rows(ElementAction<Int, Never>) }
        let access = ChildAccess<Parent, ParentAction, Row, Never, Int>.elements(
            \Parent.rows, name: "rows",
            actions: Embedding(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: ParentAction.rows))
        var parent = Parent(rows: sample())
        let step = access.step(parent, 3)
        #expect(step != nil)
        #expect(step?.generation == 0, "no generation in an element's identity")
        let generation = parent.rows.generation(of: 3)
        let removed = parent.rows.remove(id: 3)!
        #expect(access.alive(parent, step!) == nil, "absent now")
        parent.rows.insert(removed, at: 0)
        #expect(parent.rows.generation(of: 3) != generation, "a new slot")
        #expect(access.step(parent, 3) == step, "the same instance")
        #expect(access.alive(parent, step!) == removed)
        let old = parent.rows
        parent.rows = IdentifiedArray(uniqueElements: [5, 3, 1].map { old[id: $0] ?? Row($0) })
        #expect(access.step(parent, 3) == step)
        #expect(access.alive(parent, step!) == removed)
        parent.rows.sort()
        parent.rows.removeAll { $0.id != 3 }
        #expect(access.step(parent, 3) == step)
        #expect(access.alive(parent, step!) == removed)
        #expect(access.step(parent, 4) == nil)
    }

    @Test func reinsertingARemovedIDTakesANewGeneration() {
        var rows = sample()
        let old = rows.generation(of: 3)
        let removed = rows.remove(id: 3)!
        rows.insert(removed, at: 3)
        #expect(rows[id: 3] == removed)
        #expect(rows.generation(of: 3) != old)

        let viaSubscript = rows.generation(of: 3)
        rows[id: 3] = nil
        rows[id: 3] = removed
        #expect(rows.generation(of: 3) != viaSubscript)

        let viaRemoveAll = rows.generation(of: 3)
        rows.removeAll()
        rows.append(removed)
        #expect(rows.generation(of: 3) != viaRemoveAll)
        expectConsistent(rows)
    }

    @Test func aChangedIDKeepsTheElementsGeneration() {
        var rows = sample()
        let generation = rows.generation(of: 2)
        rows.withElement(at: 2) { $0.id = 20 }
        #expect(rows.generation(of: 20) == generation)
        #expect(rows.generation(of: 2) == nil)
    }
}

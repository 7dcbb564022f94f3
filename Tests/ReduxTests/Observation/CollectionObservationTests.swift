import Observation
import Redux
import Testing

/// How a list view reads its rows.
enum ListRead: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// `store.elementIDs(\.rows)`.
    case ids
    /// `store.slices(map)`, as a `ForEach` over the row slices does.
    case slices

    var testDescription: String { rawValue }

    /// A reader of the list's structure, through this read.
    @MainActor
    func observer(_ store: ListStore) -> MemberObserver<[Int]> {
        switch self {
        case .ids: MemberObserver { store.elementIDs(\.rows) }
        case .slices: MemberObserver { store.slices(ListMaps.rows).map { $0.id } }
        }
    }
}

/// Rows of an `IdentifiedArray`: a list reader (the ids, or the row slices) tracks the structure
/// (ids and order) only; a row's slice tracks its element only; a reader of the whole array fires
/// on any change of it. An equal element set through the setter fires nothing; an in-place
/// mutation fires the row. A removed row's slice fires once, then nothing while its id is absent.
@Suite("Exact observation: collections and rows", .timeLimit(.minutes(5)))
@MainActor
struct CollectionObservationTests {
    /// Readers of the `title` of rows 1, 2 and 3, each through its own slice.
    private func rowReaders(_ store: ListStore, ids: [Int] = [1, 2, 3]) throws -> [MemberObserver<String>] {
        try ids.map { id in
            let row = try #require(store.slice(ListMaps.rows, id: id))
            return MemberObserver { row.title }
        }
    }

    @Test(arguments: ListRead.allCases)
    func appendingARowFiresTheListReaderOnceAndNoOldRowsReader(list: ListRead) throws {
        let store = makeListStore()
        let listReader = list.observer(store)
        let rows = try rowReaders(store)
        store.dispatch(.write { $0.rows.append(ListRow(4)) })
        #expect(listReader.fired == 1)
        #expect(listReader.readings.last == [1, 2, 3, 4])
        #expect(rows.firedCounts() == [0, 0, 0])
        let newRow = try #require(store.slice(ListMaps.rows, id: 4))
        #expect(newRow.title == "row 4", "the new row's slice reads it")
    }

    @Test(arguments: ListRead.allCases)
    func writingARowFiresThatRowsSliceReaderOnceAndNoOtherReader(list: ListRead) throws {
        let store = makeListStore()
        let listReader = list.observer(store)
        let rows = try rowReaders(store)
        let rowTwo = try #require(store.slice(ListMaps.rows, id: 2))
        rowTwo.dispatch(.retitle("second"))
        #expect(rows.firedCounts() == [0, 1, 0])
        #expect(listReader.fired == 0, "the list's structure did not change")
        #expect(rows[1].readings.last == "second")
        store.dispatch(.write { $0.rows[id: 3]?.title = "third" })
        #expect(rows.firedCounts() == [0, 1, 1], "a root reducer's write, the same")
        #expect(listReader.fired == 0)
    }

    @Test func everyReadOfARowSliceTracksThatElementOnly() throws {
        let store = makeListStore()
        let one = try #require(store.slice(ListMaps.rows, id: 1))
        let two = try #require(store.slice(ListMaps.rows, id: 2))
        let readers = [
            MemberObserver { _ = one.state },
            MemberObserver { _ = one.title },
            MemberObserver { _ = one.isDetached },
            MemberObserver { _ = two.state },
            MemberObserver { _ = two.title },
            MemberObserver { _ = two.isDetached },
        ]
        store.dispatch(.write { $0.rows[id: 2]?.title = "second" })
        #expect(readers.firedCounts() == [0, 0, 0, 1, 1, 1])
    }

    @Test func aReaderOfTheWholeArrayFiresOnAnyChangeOfIt() {
        let store = makeListStore()
        let reader = MemberObserver { store.rows }
        store.dispatch(.write { $0.rows[id: 2]?.title = "second" })
        #expect(reader.fired == 1, "an element's change")
        store.dispatch(.write { $0.rows.append(ListRow(4)) })
        #expect(reader.fired == 2, "an insertion")
        store.dispatch(.write { $0.rows.move(from: 0, to: 3) })
        #expect(reader.fired == 3, "a move")
        store.dispatch(.write { _ = $0.rows.remove(id: 1) })
        #expect(reader.fired == 4, "a removal")
        store.dispatch(.write { $0.rows = IdentifiedArray(uniqueElements: $0.rows.elements) })
        #expect(reader.fired == 5, "a rebuilt array never carries an old stamp")
    }

    @Test func aReaderOfTheWholeArrayIsNotFiredByAChangeElsewhere() {
        let store = makeListStore()
        let reader = MemberObserver { store.rows }
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(reader.fired == 0, "the array is stamp-compared, not fired on every action")
    }

    @Test(arguments: ListRead.allCases)
    func reorderingRowsFiresTheListReaderButNoRowsReader(list: ListRead) throws {
        let store = makeListStore()
        let listReader = list.observer(store)
        let rows = try rowReaders(store)
        store.dispatch(.write { $0.rows.move(from: 2, to: 0) })
        #expect(listReader.fired == 1)
        #expect(listReader.readings.last == [3, 1, 2])
        #expect(rows.firedCounts() == [0, 0, 0], "each element moved with its stamp")
    }

    @Test(arguments: ListRead.allCases)
    func assigningAnEqualElementThroughTheSetterFiresNothing(list: ListRead) throws {
        let store = makeListStore()
        let listReader = list.observer(store)
        let rows = try rowReaders(store)
        let wholeArray = MemberObserver { store.rows }
        store.dispatch(.write { state in
            let same = ListRow(2)
            state.rows[id: 2] = same
        })
        #expect(rows.firedCounts() == [0, 0, 0])
        #expect(wholeArray.fired == 0)
        #expect(listReader.fired == 0)
    }

    @Test func anInPlaceMutationFiresTheRowsReaderEvenWhenItEndsEqual() throws {
        let store = makeListStore()
        let listReader = ListRead.ids.observer(store)
        let rows = try rowReaders(store)
        store.dispatch(.write { $0.rows[id: 2]?.title += "" })
        #expect(rows.firedCounts() == [0, 1, 0], "a mutation through _modify bumps the element's stamp")
        #expect(listReader.fired == 0)
    }

    @Test func removingARowFiresItsSliceReadersOnceThenNothingWhileItsIdIsAbsent() throws {
        let store = makeListStore()
        let row = try #require(store.slice(ListMaps.rows, id: 2))
        let readers = [
            MemberObserver { _ = row.state },
            MemberObserver { _ = row.title },
            MemberObserver { _ = row.isDetached },
        ]
        let listReader = ListRead.ids.observer(store)
        store.dispatch(.write { _ = $0.rows.remove(id: 2) })
        #expect(readers.firedCounts() == [1, 1, 1], "the slice detaches")
        #expect(row.isDetached)
        #expect(listReader.fired == 1)
        store.dispatch(.write { $0.rows[id: 1]?.title = "first" })
        store.dispatch(.write { $0.rows.append(ListRow(5)) })
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(readers.firedCounts() == [1, 1, 1])
    }

    /// A slice not used while its id was absent reaches the element added again with that id (the
    /// limit of a slice checked when used), and its readers fire for that element.
    @Test func aRowWhoseIdComesBackFiresItsSliceReadersAgain() throws {
        let store = makeListStore()
        let row = try #require(store.slice(ListMaps.rows, id: 2))
        let beforeRemoval = MemberObserver(renewing: false) { row.title }
        store.dispatch(.write { _ = $0.rows.remove(id: 2) })
        #expect(beforeRemoval.fired == 1)
        store.dispatch(.write { $0.rows.append(ListRow(2, title: "back")) })
        let afterReturn = MemberObserver { row.title }
        #expect(afterReturn.readings == ["back"])
        store.dispatch(.write { $0.rows[id: 2]?.title = "back again" })
        #expect(afterReturn.fired == 1)
        #expect(afterReturn.readings.last == "back again")
    }

    @Test func aRowRemovedAndAddedAgainInOneActionFiresItsSliceReaderOnce() throws {
        let store = makeListStore()
        let row = try #require(store.slice(ListMaps.rows, id: 2))
        let reader = MemberObserver { row.title }
        store.dispatch(.write { state in
            _ = state.rows.remove(id: 2)
            state.rows.append(ListRow(2, title: "new"))
        })
        #expect(reader.fired == 1)
        #expect(reader.readings == ["row 2", "new"], "the slice reads the new element")
    }

    /// 1,000 rows, each with an optional child: an action that touches no row fires no row reader.
    @Test func anUnrelatedActionFiresNoneOfAThousandRowReaders() throws {
        let store = makeListStore(ids: 1...1_000, child: ChildState())
        let rows = try (1...1_000).map { id in
            let row = try #require(store.slice(ListMaps.rows, id: id))
            return MemberObserver { row.child }
        }
        let listReader = ListRead.slices.observer(store)
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(rows.reduce(0) { $0 + $1.fired } == 0)
        #expect(listReader.fired == 0)
        store.dispatch(.write { $0.rows[id: 500]?.child?.count += 1 })
        #expect(rows.reduce(0) { $0 + $1.fired } == 1, "one row changed")
        #expect(rows[499].fired == 1)
    }
}

import Redux
import Testing

/// Per-element slices: one per element of an identified collection, by id, for a list's rows.
/// A slice whose element was removed reads its last value, dispatches nothing (a
/// `.detachedSlice` warning whose action is the undispatched root action) and says so. A row is
/// its id, and a slice is checked when used: a row replaced with the same id stays attached; a
/// slice used while its id was absent stays detached; one not used in between sees the new row.
@Suite("Element slices detach when their element is removed", .timeLimit(.minutes(5)))
@MainActor
struct ElementSliceTests {
    @Test func noSliceForAnIdNotInTheCollection() {
        let store = makeSliceStore()
        store.dispatch(.addRow(1))
        #expect(store.slice(SliceMaps.rows, id: 2) == nil)
        #expect(store.slice(SliceMaps.rows, id: 1) != nil)
    }

    @Test func slicesGivesOneSlicePerElementInOrder() {
        let store = makeSliceStore()
        #expect(store.slices(SliceMaps.rows).isEmpty)
        store.dispatch(.addRow(3), .addRow(1), .addRow(2))
        let rows = store.slices(SliceMaps.rows)
        #expect(rows.map(\.id) == [3, 1, 2])
        #expect(rows.map(\.title) == ["row 3", "row 1", "row 2"])
    }

    @Test func anElementSliceReadsAndWritesItsElementInTheRoot() throws {
        let store = makeSliceStore()
        store.dispatch(.addRow(1), .addRow(2))
        let second = try #require(store.slice(SliceMaps.rows, id: 2))
        second.dispatch(.toggle)
        #expect(store.state.rows[id: 2]?.done == true)
        #expect(store.state.rows[id: 1]?.done == false)
        #expect(second.done)
        store.dispatch(.rows(.element(id: 2, action: .retitle("from the root"))))
        #expect(second.title == "from the root")
    }

    @Test func afterItsElementIsRemovedTheSliceReadsItsLastValueAndSaysItIsDetached() throws {
        let store = makeSliceStore()
        store.dispatch(.addRow(1), .addRow(2))
        let first = try #require(store.slice(SliceMaps.rows, id: 1))
        first.dispatch(.retitle("last title"))
        #expect(first.title == "last title")
        store.dispatch(.removeRow(1))
        #expect(first.isDetached)
        #expect(first.state == SliceRow(id: 1, title: "last title"))
        #expect(first.id == 1)
    }

    @Test func theLastValueIncludesWhatItsOwnLastDispatchChanged() throws {
        let store = makeSliceStore()
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(SliceMaps.rows, id: 1))
        row.dispatch(.toggle)  // not read afterwards
        store.dispatch(.removeRow(1))
        #expect(row.done, "seen when it dispatched")
        #expect(row.isDetached)
    }

    @Test func aDetachedSliceDispatchesNothingAndLogsOneWarning() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1), .addRow(2))
        let first = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.removeRow(1))
        let before = log.events
        let state = store.state
        first.dispatch(.toggle); let line: UInt = #line
        #expect(store.state == state, "nothing changed")
        let new = Array(log.events.dropFirst(before.count))
        #expect(new.count == 1, "one event, no .enqueued and no .terminal: \(new)")
        let event = try #require(new.first)
        guard case let .detachedSlice(path, site) = event.kind else {
            Issue.record("not a detachedSlice event: \(event)")
            return
        }
        #expect(event.action == .rows(.element(id: 1, action: .toggle)), "the root action it would have dispatched")
        #expect(path.description == "rows[1]")
        #expect(site.line == line && site.fileID.hasSuffix("ElementSliceTests.swift") && site.onMainActor)
        #expect(before.allSatisfy { $0.sequence < event.sequence }, "a new sequence number")
        #expect("\(event.kind)".hasPrefix("warning: the slice of rows[1] is detached"))
        first.dispatch(.toggle)
        let sequences = log.events.filter { if case .detachedSlice = $0.kind { true } else { false } }.map(\.sequence)
        #expect(sequences.count == 2 && Set(sequences).count == 2, "each warning has its own number")
    }

    @Test func aDetachedSliceOfAStoreWithoutALogHandlerStillDispatchesNothing() throws {
        let diagnostics = DiagnosticLines()
        let store = diagnostics.capturing { makeSliceStore() }
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.removeRow(1))
        row.dispatch(.toggle)
        #expect(store.state.rows.isEmpty)
        #expect(row.isDetached)
        diagnostics.expect(["the slice of rows[1] is detached"])
    }

    /// A row is its id: a row replaced with the same id inside one reducer is the same row, and
    /// its slice follows it.
    @Test func aRowReplacedWithTheSameIdInsideOneReducerKeepsItsSlice() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let slice = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.replaceRow(1))
        #expect(!slice.isDetached, "the same id at the end of the chain: the same row")
        #expect(slice.title == "new row 1")
        slice.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == true)
        #expect(log.detachedSliceWarnings.isEmpty)
    }

    /// A slice is checked when it is used; the store does not track it. Used while its row was
    /// absent, it is detached for good, even once the id is added again.
    @Test func aSliceUsedWhileItsRowWasAbsentStaysDetachedWhenTheIdComesBack() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let old = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.removeRow(1))
        #expect(old.isDetached)
        store.dispatch(.replaceRow(1))
        #expect(store.state.rows[id: 1]?.title == "new row 1")
        #expect(old.isDetached, "detached for good")
        #expect(old.title == "row 1", "its last value, not the new row's")
        old.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == false, "the new row is not reached")
        #expect(log.detachedSliceWarnings.count == 1)
        let new = try #require(store.slice(SliceMaps.rows, id: 1))
        new.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == true)
        #expect(old.isDetached, "still detached")
    }

    /// The limit of a slice checked when used (the same as an `Identifiable` optional's): a row
    /// removed by one action and added again by a later one, with no use of the slice in
    /// between, is seen by the old slice as its row.
    @Test func aSliceNotUsedWhileItsRowWasRemovedAndAddedAgainSeesTheNewRow() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let old = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.removeRow(1))
        store.dispatch(.replaceRow(1))
        #expect(!old.isDetached, "not used while the row was absent")
        #expect(old.title == "new row 1")
        old.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == true, "it reaches the row that holds its id")
        #expect(log.detachedSliceWarnings.isEmpty)
    }

    @Test func aWarningFromInsideThePipelineFollowsTheCurrentActionsTerminal() throws {
        let log = LogRecorder<SliceAppAction>()
        let held = HeldElementSlice()
        let middleware = Middleware<SliceApp, SliceAppAction>(id: "usesSlice") { context in
            if context.action == .bump { held.slice?.dispatch(.toggle) }
            return .next
        }
        let store = makeSliceStore(middlewares: [middleware], onLog: log.handler)
        store.dispatch(.addRow(1))
        held.slice = store.slice(SliceMaps.rows, id: 1)
        store.dispatch(.removeRow(1))
        store.dispatch(.bump)
        let last = Array(log.events.suffix(2))
        let kinds = last.map { event -> String in
            switch event.kind {
            case .terminal: "terminal"
            case .detachedSlice: "detachedSlice"
            default: "other"
            }
        }
        #expect(kinds == ["terminal", "detachedSlice"], "held behind bump's terminal: \(last)")
        #expect(last.map(\.action) == [.bump, .rows(.element(id: 1, action: .toggle))])
        #expect(store.state.bumps == 1)
    }
}

/// A main-actor box for a slice a middleware uses.
@MainActor
final class HeldElementSlice: Sendable {
    var slice: ElementSlice<SliceApp, SliceAppAction, SliceRow, SliceRowAction>?
}

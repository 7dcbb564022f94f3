import Redux
import Testing

/// Per-element slices: one per element of an identified collection, by id, for a list's rows.
/// A slice whose element was removed reads its last value, dispatches nothing (a
/// `.detachedSlice` warning whose action is the undispatched root action) and says so; an
/// element removed and added again with the same id is a new instance the old slice never reaches.
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
        let store = makeSliceStore()
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.removeRow(1))
        row.dispatch(.toggle)
        #expect(store.state.rows.isEmpty)
        #expect(row.isDetached)
    }

    @Test func aRowRemovedAndAddedAgainWithTheSameIdIsANewInstance() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.addRow(1))
        let old = try #require(store.slice(SliceMaps.rows, id: 1))
        store.dispatch(.replaceRow(1))
        #expect(store.state.rows[id: 1]?.title == "new row 1")
        #expect(old.isDetached, "the same id, a new generation")
        #expect(old.title == "row 1", "its last value, not the new row's")
        old.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == false, "the new row is not reached")
        #expect(log.detachedSliceWarnings.count == 1)
        let new = try #require(store.slice(SliceMaps.rows, id: 1))
        new.dispatch(.toggle)
        #expect(store.state.rows[id: 1]?.done == true)
        #expect(old.isDetached, "still detached")
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

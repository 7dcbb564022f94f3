import Observation
import Redux
import Testing

/// Enum and optional state, whose payloads are value-compared: a payload change fires the enum's
/// readers, an optional going to `nil` and back fires each time, a no-op action fires nothing; a
/// case read (`store.case(\.destination)`) tracks the discriminator only; a detached optional or
/// enum-case slice fires nothing more.
@Suite("Exact observation: enums and optionals", .timeLimit(.minutes(5)))
@MainActor
struct EnumObservationTests {
    @Test func changingOnlyAnEnumsAssociatedValueFiresTheReadersOfThatEnum() {
        let store = makeNavigationStore(NavigationState(destination: .settings(1)))
        let reader = MemberObserver { store.destination }
        store.dispatch(.write { $0.destination = .settings(2) })
        #expect(reader.fired == 1)
        store.dispatch(.child(.increment))
        #expect(reader.fired == 1, "the child case is not shown: the action changes nothing")
        store.dispatch(.write { $0.destination = .child(ChildState()) })
        store.dispatch(.child(.increment))
        #expect(reader.fired == 3, "a change of case, then a change of the child's count")
        #expect(reader.readings.last == .child(ChildState(count: 1)))
    }

    @Test func anOptionalGoingToNilAndBackFiresEachTime() {
        let store = makeNavigationStore(NavigationState(editor: ChildState()))
        let reader = MemberObserver { store.editor }
        store.dispatch(.write { $0.editor = nil })
        #expect(reader.fired == 1)
        store.dispatch(.write { $0.editor = ChildState() })
        #expect(reader.fired == 2)
        store.dispatch(.write { $0.editor = nil })
        #expect(reader.fired == 3)
        #expect(reader.readings == [ChildState(), nil, ChildState(), nil])
    }

    @Test func aNoOpActionOnEnumStateFiresNothing() {
        let store = makeNavigationStore(NavigationState(destination: .child(ChildState(count: 1))))
        let reader = MemberObserver { store.destination }
        store.dispatch(.write { _ in })
        store.dispatch(.write { $0.destination = .child(ChildState(count: 1)) })
        store.dispatch(.write { $0.unrelated += 1 })
        store.dispatch(.editor(.increment))
        store.dispatch(.declined)
        #expect(reader.fired == 0)
    }

    @Test func aCaseReadIsNotFiredByPayloadChangesWhileTheChildSliceReaderIs() throws {
        let store = makeNavigationStore(NavigationState(destination: .child(ChildState())))
        let child = try #require(store.slice(NavigationMaps.child))
        let switching = MemberObserver { store.case(\.destination) }
        let childReader = MemberObserver { child.count }
        for _ in 0..<3 { store.dispatch(.child(.increment)) }
        #expect(switching.fired == 0)
        #expect(childReader.fired == 3)
        #expect(childReader.readings == [0, 1, 2, 3])
        #expect(store.case(\.destination) == .child(ChildState(count: 3)), "the case read returns the whole value")
    }

    @Test func aCaseReadFiresOnceForAChangeOfCase() {
        let store = makeNavigationStore(NavigationState(destination: .child(ChildState())))
        let switching = MemberObserver { store.case(\.destination) }
        store.dispatch(.write { $0.destination = .settings(1) })
        #expect(switching.fired == 1)
        store.dispatch(.write { $0.destination = .settings(2) })
        #expect(switching.fired == 1, "same case, another payload")
        store.dispatch(.write { $0.destination = nil })
        #expect(switching.fired == 2, "an optional enum going to nil changes its case")
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(switching.fired == 2)
        #expect(switching.readings == [.child(ChildState()), .settings(1), nil])
    }

    @Test func aDetachedEnumCaseSliceFiresNothingMore() throws {
        let store = makeNavigationStore(NavigationState(destination: .child(ChildState())))
        let child = try #require(store.slice(NavigationMaps.child))
        let childReader = MemberObserver { child.count }
        let detachReader = MemberObserver { child.isDetached }
        store.dispatch(.write { $0.destination = .settings(1) })
        #expect(childReader.fired == 1)
        #expect(detachReader.fired == 1)
        #expect(child.isDetached)
        store.dispatch(.write { $0.destination = .settings(2) })
        store.dispatch(.write { $0.destination = .child(ChildState(count: 9)) })
        store.dispatch(.child(.increment))
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(childReader.fired == 1)
        #expect(detachReader.fired == 1)
    }

    @Test func aDetachedOptionalSliceFiresNothingMore() throws {
        let store = makeNavigationStore(NavigationState(editor: ChildState()))
        let editor = try #require(store.slice(NavigationMaps.editor))
        let editorReader = MemberObserver { editor.state }
        store.dispatch(.editor(.increment))
        #expect(editorReader.fired == 1)
        store.dispatch(.write { $0.editor = nil })
        #expect(editorReader.fired == 2, "the slice detaches")
        #expect(editor.isDetached)
        store.dispatch(.write { $0.editor = ChildState(count: 5) })
        store.dispatch(.editor(.increment))
        store.dispatch(.write { $0.unrelated += 1 })
        #expect(editorReader.fired == 2)
    }
}

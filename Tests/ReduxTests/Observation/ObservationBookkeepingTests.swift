import Observation
@testable import Redux
import Testing

/// The store's observation bookkeeping stays bounded: a row read once and told of a change is
/// forgotten until it is read again, so reading many distinct ids over a store's life does not
/// grow it.
@Suite("Observation bookkeeping", .timeLimit(.minutes(5)))
@MainActor
struct ObservationBookkeepingTests {
    struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var n = 0
    }

    struct State: Sendable {
        var rows: IdentifiedArray<Row> = []
    }

    enum Action: Sendable {
        case append(Int)
        case remove(Int)
        case row(ElementAction<Int, Never>)
    }

    @Test func rowsReadOnceAndRemovedLeaveNoMemberBehind() {
        let store = Store<State, Action>(initialState: State()) { (state: inout State, action: Action) in
            switch action {
            case .append(let id): state.rows.append(Row(id: id))
            case .remove(let id): _ = state.rows.remove(id: id)
            case .row: break
            }
        }
        let map = ElementModuleMap<State, Action, Row, Never>.elements(
            state: \.rows,
            action: Embedding(extract: { if case .row(let action) = $0 { action } else { nil } }, embed: Action.row)
        )
        func churn(_ ids: Range<Int>) {
            for id in ids {
                store.dispatch(.append(id))
                if let slice = store.slice(map, id: id) { _ = slice.state.n }
                store.dispatch(.remove(id))
            }
        }
        churn(0..<100)
        let afterWarmUp = (store.observation.members.count, store.observation.table.count)
        churn(100..<10_100)
        #expect(store.observation.members.count == afterWarmUp.0, "members reused, not grown")
        #expect(store.observation.table.count == afterWarmUp.1)
        #expect(store.observation.table.count <= 3, "a group, at most one row, nothing per id ever read")
    }
}

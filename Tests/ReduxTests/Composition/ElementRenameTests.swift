import Redux
import ReduxTesting
import Testing

private struct Tag: Equatable, Sendable, Identifiable {
    var id: Int
    var hits = 0
}

private enum TagAction: Equatable, Sendable {
    case rename(Int)
    case hit
}

private struct Tags: Equatable, Sendable {
    var tags: IdentifiedArray<Tag> = []
}

private enum TagsAction: Equatable, Sendable {
    case tags(ElementAction<Int, TagAction>)
    case add(Int)
}

/// A collection element whose own reducer changes its id is re-indexed under the new id: a new
/// instance there, which the effect it returned with the change belongs to (found by review:
/// the effect used to be dropped without a word).
@Suite("Element rename", .timeLimit(.minutes(5)))
@MainActor
struct ElementRenameTests {
    @Test func anEffectReturnedWithARenameRunsForTheElementUnderItsNewID() async throws {
        let clock = TestClock()
        let tag = Reducer<Tag, TagAction>(id: "tag", effects: { state, action in
            switch action {
            case .rename(let id):
                state.id = id
                return .run { send in
                    try await send.sleep(for: .seconds(5))
                    send(.hit)
                }
            case .hit:
                state.hits += 1
                return .none
            }
        })
        let store = Store(
            initialState: Tags(),
            reducers: [
                Reducer(id: "tags") { state, action in
                    guard case .add(let id) = action else { return .defaultNext }
                    state.tags.append(Tag(id: id))
                    return .next
                },
                tag.lift(state: \Tags.tags, action: Embedding(extract: { if case .tags(let a) = $0 { a } else { nil } }, embed: TagsAction.tags)),
            ],
            options: StoreOptions(clock: clock)
        )
        store.dispatch(.add(1))
        store.dispatch(.tags(.element(id: 1, action: .rename(7))))
        #expect(store.state.tags.ids.elementsEqual([7]))
        #expect(store.activeTaskCount == 1, "the effect started")
        await clock.advance(by: .seconds(5))
        try await store.settled(timeout: patience)
        #expect(store.state.tags[id: 7]?.hits == 1, "its send reached the element under its new id")
        #expect(store.bookkeeping.isEmpty, "\(store.bookkeeping)")
    }
}

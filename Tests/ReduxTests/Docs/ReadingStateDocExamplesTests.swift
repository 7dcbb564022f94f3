import Redux
import Testing

/// Runs the Reading State article's examples (ReadingStateBlocks.swift) and the README's
/// "Reading state without views" example (ReadmeBlocks.swift), and checks that they do what their
/// text and comments say.
@Suite("Reading State examples", .timeLimit(.minutes(5)))
@MainActor
struct ReadingStateDocExamplesTests {
    typealias Blocks = ReadingStateBlocks

    /// The lines the samples printed since `count`, that start with `prefix`.
    func printed(since count: Int, prefix: String) -> [String] {
        DocSampleOutput.shared.lines.dropFirst(count).filter { $0.hasPrefix(prefix) }
    }

    @Test func aKeyPathSubscriptionPrintsTheCurrentValueThenEachChangeButNotAnEqualValue() {
        let blocks = Blocks()
        let store = blocks.makeInboxStore()
        let before = DocSampleOutput.shared.lines.count
        let subscription = blocks.printUnread(of: store)
        #expect(printed(since: before, prefix: "unread: ") == ["unread: 0", "unread: 1", "unread: 2", "unread: 0"])
        #expect(!subscription.isCancelled)
        #expect(store.subscriptionCount == 1)
    }

    @Test func aClosureSelectionIsComparedWithEquals() {
        let blocks = Blocks()
        let store = blocks.makeInboxStore()
        let before = DocSampleOutput.shared.lines.count
        let subscription = blocks.watchBusy(of: store)
        store.dispatch(.receive("a"))
        store.dispatch(.receive("b"))     // busy
        store.dispatch(.receive("c"))     // still busy: nothing
        store.dispatch(.markAllRead)      // calm
        let lines = DocSampleOutput.shared.lines.dropFirst(before).filter { $0 == "busy" || $0 == "calm" }
        #expect(lines == ["calm", "busy", "calm"])
        subscription.cancel()
        #expect(store.subscriptionCount == 0)
    }

    @Test func aWeaklyOwnedBadgeFollowsTheStoreAndEndsWhenReleased() {
        let blocks = Blocks()
        let store = blocks.makeInboxStore()
        var badge: Blocks.UnreadBadge? = Blocks.UnreadBadge(store: store)
        weak let released = badge
        #expect(badge?.label == "")
        store.dispatch(.receive("a"), .receive("b"))
        #expect(badge?.label == "2")
        #expect(store.subscriptionCount == 1)
        badge = nil
        #expect(released == nil, "the store kept the badge alive")
        store.dispatch(.receive("c"))
        #expect(store.subscriptionCount == 0)
    }

    @Test func theUnreadStreamReadsTheNewestCountAndUnregistersWhenItsTaskIsCancelled() async {
        let blocks = Blocks()
        let store = blocks.makeInboxStore()
        let before = DocSampleOutput.shared.lines.count
        let task = blocks.followUnread(of: store)
        #expect(store.streamCount == 1)
        store.dispatch(.receive("a"))
        #expect(await eventually { printed(since: before, prefix: "unread now ").last == "unread now 1" })
        task.cancel()
        await task.value
        #expect(await eventually { store.streamCount == 0 })
    }

    @Test func aSnapshotReadsTheStateThenDispatchesAndIsDetachedOnceTheStoreIsGone() async {
        let blocks = Blocks()
        var store: Store<Blocks.Inbox, Blocks.InboxAction>? = blocks.makeInboxStore()
        store?.dispatch(.receive("a"))
        let before = DocSampleOutput.shared.lines.count
        let snapshot = blocks.handOut(store!)
        #expect(DocSampleOutput.shared.lines.dropFirst(before).contains("1 1"))
        #expect(!snapshot.isDetached)
        blocks.clearAll(with: snapshot)
        #expect(await eventually { store?.unread == 0 })
        #expect(snapshot.unread == 1, "a snapshot does not update")
        store = nil
        #expect(await eventually { snapshot.isDetached })
        blocks.clearAll(with: snapshot)   // does nothing
    }

    @Test func theFeedDrivesItsReadersUntilStopped() async {
        let blocks = Blocks()
        let store = blocks.makeInboxStore()
        let feed = Blocks.InboxFeed(store: store)
        let snapshots = feed.snapshots
        let before = DocSampleOutput.shared.lines.count
        let reader = Task { await blocks.readUnread(from: snapshots) }
        #expect(await eventually { snapshots.consumerCount == 1 })
        store.dispatch(.receive("a"))
        #expect(await eventually { printed(since: before, prefix: "feed: ").last == "feed: 1" })
        feed.stop()
        await reader.value              // the loop ended
        #expect(snapshots.consumerCount == 0)
        #expect(snapshots.isFinished)
    }

    // MARK: README.md, "Reading state without views"

    @Test func theReadmeReadersSeeTheTeaTheSnapshotDispatched() async {
        let store = Store<Cart, CartAction>(initialState: Cart()) { state, action in
            switch action {
            case let .add(item, price):
                state.items.append(item)
                state.total += price
            case .clear:
                state = Cart()
            }
        }
        let before = DocSampleOutput.shared.lines.count
        let (subscription, reader) = readCart(store)
        #expect(printed(since: before, prefix: "total: ").first == "total: 0")
        #expect(DocSampleOutput.shared.lines.dropFirst(before).contains("0"))
        #expect(await eventually { store.total == 3 })
        #expect(printed(since: before, prefix: "total: ") == ["total: 0", "total: 3"])
        #expect(await eventually { printed(since: before, prefix: "streamed total: ").last == "streamed total: 3" })
        subscription.cancel()
        reader.cancel()
        await reader.value
        #expect(store.subscriptionCount == 0)
        #expect(await eventually { store.streamCount == 0 })
    }
}

import Redux

// Sources/Redux/Redux.docc/ReadingState.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; ReadingStateDocExamplesTests runs them).

struct ReadingStateBlocks {
    struct Inbox: Sendable, Equatable {
        var unread = 0
        var subjects: [String] = []
    }

    enum InboxAction: Sendable {
        case receive(String)
        case markAllRead
    }

    @MainActor
    func makeInboxStore() -> Store<Inbox, InboxAction> {
        Store<Inbox, InboxAction>(initialState: Inbox()) { state, action in
            switch action {
            case .receive(let subject):
                state.subjects.append(subject)
                state.unread += 1
            case .markAllRead:
                state.unread = 0
            }
        }
    }

    @MainActor
    func printUnread(of store: Store<Inbox, InboxAction>) -> Subscription {
        let subscription = store.subscribe(select: \.unread) { unread in
            print("unread:", unread)
        }                                        // prints "unread: 0" at once
        store.dispatch(.receive("Lunch?"))       // prints "unread: 1"
        store.dispatch(.receive("Re: Lunch?"))   // prints "unread: 2"
        store.dispatch(.markAllRead)             // prints "unread: 0"
        store.dispatch(.markAllRead)             // unread is still 0: prints nothing
        return subscription                      // releasing the token would cancel it
    }

    @MainActor
    func watchBusy(of store: Store<Inbox, InboxAction>) -> Subscription {
        store.subscribe(select: { $0.unread >= 2 }) { busy in
            print(busy ? "busy" : "calm")
        }
    }

    @MainActor
    final class UnreadBadge {
        private(set) var label = ""

        init(store: Store<Inbox, InboxAction>) {
            store.subscribe(select: \.unread, owner: .weak(self)) { [weak self] unread in
                self?.label = unread == 0 ? "" : "\(unread)"
            }
        }
    }

    @MainActor
    func followUnread(of store: Store<Inbox, InboxAction>) -> Task<Void, Never> {
        let counts = store.updates(of: \.unread)
        return Task {
            for await unread in counts {
                print("unread now", unread)
            }
        }
    }

    @MainActor
    func handOut(_ store: Store<Inbox, InboxAction>) -> StoreSnapshot<Inbox, InboxAction> {
        let snapshot = store.snapshot
        print(snapshot.unread, snapshot.subjects.count)
        return snapshot
    }

    func clearAll(with snapshot: StoreSnapshot<Inbox, InboxAction>) {
        snapshot.dispatch(.markAllRead)   // from any isolation; does nothing once detached
    }

    @MainActor
    final class InboxFeed {
        let snapshots: StateBroadcaster<StoreSnapshot<Inbox, InboxAction>>
        private let driver: Subscription

        init(store: Store<Inbox, InboxAction>) {
            let snapshots = StateBroadcaster<StoreSnapshot<Inbox, InboxAction>>()
            self.snapshots = snapshots
            driver = store.subscribe(driver: snapshots)   // kept by the store until cancelled
        }

        func stop() {
            driver.cancel()
            snapshots.finish()                            // every consumer's loop ends
        }
    }

    func readUnread(from snapshots: StateBroadcaster<StoreSnapshot<Inbox, InboxAction>>) async {
        for await snapshot in snapshots {
            print("feed:", snapshot.unread)
        }
    }
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

import Foundation
import Redux
import ReduxTesting
import Testing

/// The rate-limit examples of the README and of the Rate Limits article do what their comments say.
@Suite("Rate limits doc examples", .timeLimit(.minutes(5)))
@MainActor
struct RateLimitsDocExamplesTests {
    typealias Blocks = RateLimitsBlocks

    @Test func theReadmeRefreshIsAdmittedOncePerSecond() async {
        let clock = TestClock()
        let store = Store<Int, MailboxAction>(initialState: 0, options: StoreOptions(clock: clock)) { count, action in
            if case .refresh = action { count += 1 }
        }
        #expect(refreshTapped(store))
        #expect(!refreshTapped(store))
        await clock.advance(by: .seconds(1))
        #expect(refreshTapped(store))
        #expect(store.state == 2)
    }

    @Test func theReadmeNewMailKeepsOneRefreshWaiting() async throws {
        let store = Store<Int, MailboxAction>(initialState: 0) { count, action in
            if case .refresh = action { count += 1 }
        }
        // Off the main actor, while it is blocked here: three arrive, one waits.
        let done = DispatchSemaphore(value: 0)
        Thread {
            for _ in 0..<3 { newMailArrived(store) }
            done.signal()
        }.start()
        done.wait()
        try await store.settled(timeout: .seconds(60))
        #expect(store.state == 1)
    }

    @Test func theArticleSearchIsAdmittedOncePerWindowWhateverTheText() async {
        let clock = TestClock()
        let store = Store<String, Blocks.SearchAction>(initialState: "", options: StoreOptions(clock: clock)) { query, action in
            if case .search(let text) = action { query = text }
        }
        #expect(Blocks().searchAsTyped(store, "a"))
        #expect(!Blocks().searchAsTyped(store, "ab"), "`search` is one identity, whatever the text")
        await clock.advance(by: .milliseconds(300))
        #expect(Blocks().searchAsTyped(store, "abc"))
        #expect(store.state == "abc")
    }

    @Test func theArticleFanOutReducesOneSave() {
        #expect(Blocks().savesAfterSaveAll() == 1)
    }
}

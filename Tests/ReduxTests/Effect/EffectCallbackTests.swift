import Foundation
@testable import Redux
import Testing

/// Issue 6, section 1: `.callback { fulfill in ... }`, for code without `async`, takes exactly one
/// fulfilment — later ones are ignored, with a debug warning — and ignores a fulfilment after
/// cancellation. `@testable` for the store's diagnostics sink.
@Suite("Effect callback", .timeLimit(.minutes(5)))
@MainActor
struct EffectCallbackTests {
    typealias Fulfil = @Sendable (FxAction?) -> Void

    private func options(_ lines: SharedList<String>) -> StoreOptions {
        var options = StoreOptions()
        options.diagnosticSink = DiagnosticSink { lines.append($0) }
        return options
    }

    @Test func callbackFulfilledTwiceSendsOnlyTheFirstAction() async throws {
        let diagnostics = SharedList<String>()
        let store = makeFxStore(options: options(diagnostics)) { action in
            guard action == .start else { return .none }
            return .callback { fulfill in
                fulfill(.got(1))
                fulfill(.got(2))
            }
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1)])
        #if DEBUG
        #expect(diagnostics.values.count == 1, "\(diagnostics.values)")
        #expect(diagnostics.values.allSatisfy { $0.contains("fulfilled more than once") })
        #else
        #expect(diagnostics.values.isEmpty)
        #endif
    }

    /// The fulfilments come from another thread after the body returned: the first still counts,
    /// the second is still ignored.
    @Test func callbackFulfilledTwiceFromAnotherThreadLaterSendsOnlyTheFirstAction() async throws {
        let diagnostics = SharedList<String>()
        let stash = SharedValue<Fulfil?>(nil)
        let installed = Gate()
        let store = makeFxStore(options: options(diagnostics)) { action in
            guard action == .start else { return .none }
            return .callback { fulfill in
                stash.value = fulfill
                installed.open()
            }
        }
        store.dispatch(.start)
        #expect(await installed.waitOpened(ifCancelled: .stopWaiting))
        let fulfill = try #require(stash.value)
        let done = Gate()
        startThread {
            fulfill(.got(1))
            fulfill(.got(2))
            done.open()
        }
        #expect(await done.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .got(1)])
        #if DEBUG
        #expect(diagnostics.values.count == 1, "\(diagnostics.values)")
        #expect(diagnostics.values.allSatisfy { $0.contains("fulfilled more than once") })
        #else
        #expect(diagnostics.values.isEmpty)
        #endif
    }

    @Test func callbackFulfilledWithNilSendsNothing() async throws {
        let store = makeFxStore { action in
            action == .start ? .callback { fulfill in fulfill(nil) } : .none
        }
        store.dispatch(.start)
        try await store.settled(timeout: patience)
        #expect(store.state == [.start])
        #expect(store.activeTaskCount == 0)
    }

    /// Cancelling the callback ends its effect at once (it does not wait for a fulfilment); a
    /// fulfilment that comes afterwards sends nothing, and it is not a second fulfilment, so no
    /// "more than once" warning is written.
    @Test func fulfilmentAfterCancellationIsIgnored() async throws {
        let diagnostics = SharedList<String>()
        let stash = SharedValue<Fulfil?>(nil)
        let installed = Gate()
        let store = makeFxStore(options: options(diagnostics)) { action in
            switch action {
            case .start:
                return .callback { fulfill in
                    stash.value = fulfill
                    installed.open()
                }.cancellable(id: "callback")
            case .stop:
                return .cancel(id: "callback")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await installed.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        #expect(await yieldUntil { store.activeTaskCount == 0 }, "the cancelled callback's task ended without a fulfilment")
        let fulfill = try #require(stash.value)
        fulfill(.got(1))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
        #expect(diagnostics.values.isEmpty, "\(diagnostics.values)")
    }

    /// After a cancellation the first fulfilment is silently ignored; a second one is still a
    /// repeat, and a debug build says so once.
    @Test func secondFulfilmentAfterCancellationIsStillReportedAsARepeat() async throws {
        let diagnostics = SharedList<String>()
        let stash = SharedValue<Fulfil?>(nil)
        let installed = Gate()
        let store = makeFxStore(options: options(diagnostics)) { action in
            switch action {
            case .start:
                return .callback { fulfill in
                    stash.value = fulfill
                    installed.open()
                }.cancellable(id: "callback")
            case .stop:
                return .cancel(id: "callback")
            default:
                return .none
            }
        }
        store.dispatch(.start)
        #expect(await installed.waitOpened(ifCancelled: .stopWaiting))
        store.dispatch(.stop)
        let fulfill = try #require(stash.value)
        fulfill(.got(1))
        fulfill(.got(2))
        try await store.settled(timeout: patience)
        #expect(store.state == [.start, .stop])
        #if DEBUG
        #expect(diagnostics.values.count == 1, "\(diagnostics.values)")
        #else
        #expect(diagnostics.values.isEmpty)
        #endif
    }
}

import Foundation
import Redux
import Synchronization
import Testing

// FIFO between a slice's dispatches and plain main-actor dispatches while another thread keeps
// dispatching, checked on the order the reducers saw.

struct FIFOSheet: Equatable, Sendable {
    var notes = 0
}

struct FIFOApp: Equatable, Sendable {
    var sheet: Presented<FIFOSheet>? = Presented(FIFOSheet())
}

enum FIFOSheetAction: Equatable, Sendable {
    case note(Int)
}

enum FIFOAction: Equatable, Sendable {
    case sheet(FIFOSheetAction)
    case main(Int)
    case background(Int)
}

final class OrderList: Sendable {
    let seen = Mutex<[String]>([])
    func append(_ item: String) { seen.withLock { $0.append(item) } }
}

@Suite("Slice dispatches keep FIFO order while another thread dispatches", .timeLimit(.minutes(5)))
@MainActor
struct SliceFIFOStressTests {
    @Test func aSlicesActionsAndPlainMainActorDispatchesKeepTheirOrderWhileAThreadDispatches() async throws {
        let order = OrderList()
        let app = Reducer<FIFOApp, FIFOAction>(id: "app") { _, action in
            switch action {
            case .main(let n): order.append("m\(n)")
            case .background(let n): order.append("b\(n)")
            case .sheet: return .defaultNext
            }
            return .next
        }
        let sheet = Reducer<FIFOSheet, FIFOSheetAction>(id: "sheet") { state, action in
            guard case .note(let n) = action else { return .defaultNext }
            order.append("m\(n)")
            state.notes += 1
            return .next
        }
        let embedding = Embedding<FIFOAction, FIFOSheetAction>(
            extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: FIFOAction.sheet)
        let store = Store(initialState: FIFOApp(), reducers: [app, sheet.lift(state: \FIFOApp.sheet, action: embedding)])
        let slice = try #require(store.slice(state: \FIFOApp.sheet, action: embedding))
        let count = 20_000
        let done = DispatchSemaphore(value: 0)
        startThread { [store] in
            for k in 0..<count { store.dispatch(.background(k)) }
            done.signal()
        }
        for n in 0..<count {
            if n % 2 == 0 { store.dispatch(.main(n)) } else { slice.dispatch(.note(n)) }
        }
        #expect(waitForSignal(done))
        try await store.settled(timeout: .seconds(60))
        let seen = order.seen.withLock { $0 }
        let mains = seen.filter { $0.hasPrefix("m") }.map { Int($0.dropFirst())! }
        let backgrounds = seen.filter { $0.hasPrefix("b") }.map { Int($0.dropFirst())! }
        #expect(mains == Array(0..<count), "main-actor order broken or actions lost: \(mains.count) seen")
        #expect(backgrounds == Array(0..<count), "background order broken or actions lost: \(backgrounds.count) seen")
    }
}

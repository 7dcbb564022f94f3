import Testing
import Foundation
@testable import Redux

struct S: Sendable { var count = 0 }
enum A: Sendable { case inc, delayed, fail, later }
struct Boom: Error {}

@MainActor @Test func smoke() async throws {
    var log: [String] = []
    let box = LogBox()
    let store = Store<S, A>(
        initialState: S(),
        reducers: [Reducer(id: "r") { s, a in
            switch a { case .inc: s.count += 1; return .next; default: return .defaultNext } }],
        middlewares: [Middleware(id: "m") { ctx in
            switch ctx.action {
            case .delayed: return .deferred { c in try await c.sleep(for: .milliseconds(10)); return .nextAs(.inc) }
            case .fail: throw Boom()
            case .later: return .task { c in c.dispatch(.inc) }
            default: return .next
            }
        }],
        resolvers: [Resolver(id: "res") { _ in .exit(.reduceAs(.inc)) }],
        onLog: { e in box.add("\(e.sequence) \(e.kind)") }
    )
    store.dispatch(.inc)
    #expect(store.count == 1)
    let t = store.dispatchTracked(.delayed)
    let o = try await t.outcome
    #expect(store.count == 2)
    print(o)
    store.dispatch(.fail)
    #expect(store.count == 3)
    store.dispatch(.later)
    try await store.settled(timeout: .seconds(2))
    #expect(store.count == 4)
    let th = Thread { store.dispatch(.inc); store.dispatch(.inc) }
    th.start()
    try await Task.sleep(for: .milliseconds(50))
    try await store.settled()
    #expect(store.count == 6)
    _ = log
    for l in box.lines { print(l) }
}

final class LogBox: @unchecked Sendable { var lines: [String] = []; func add(_ s: String) { lines.append(s) } }

import Foundation
import Redux
import Synchronization

/// What the tasks of mode `stale-effect-token` share with the main thread.
private final class TokenProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var storedSend: Send<String>?
    let childMayGoOn = Atomic<Bool>(false)
    let childSlept = Atomic<Bool>(false)

    var send: Send<String>? {
        get { lock.withLock { storedSend } }
        set { lock.withLock { storedSend = newValue } }
    }
}

/// Mode `stale-effect-token`: an effect of store A starts an unstructured child `Task` (which
/// inherits the effect's task-local runtime token) and ends; store A is released, and with it
/// its effect runtime. The child then sleeps on store B's clock (through a `Send` an effect of B
/// lent it). Prints `child slept true` once the child's sleep returned (bounded wait, 60 s).
///
/// A child process because the failure it guards against is a crash: the clock read the stale
/// token's runtime through an `unowned` reference ("Attempted to read an unowned reference but
/// object ... was already destroyed").
@MainActor
func staleEffectToken() {
    let probe = TokenProbe()
    let storeB = Store<Int, String>(initialState: 0, reducers: [Reducer(id: "lends", effects: { _, action in
        guard action == "lend" else { return .none }
        return .run { send in
            probe.send = send
            try await send.sleep(for: .seconds(3_600))
        }
    })])
    storeB.dispatch("lend")
    let deadline = Date().addingTimeInterval(60)  // a hang guard: every wait below ends on its condition
    while probe.send == nil, Date() < deadline { usleep(100) }
    var storeA: Store<Int, String>? = Store<Int, String>(initialState: 0, reducers: [Reducer(id: "spawns", effects: { _, action in
        guard action == "go" else { return .none }
        return .run { _ in
            Task {
                while !probe.childMayGoOn.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(1)) }
                try? await probe.send?.sleep(for: .milliseconds(1))
                probe.childSlept.store(true, ordering: .releasing)
            }
        }
    })])
    storeA?.dispatch("go")
    while (storeA?.activeTaskCount ?? 0) > 0, Date() < deadline { usleep(100) }
    storeA = nil  // its runtime goes with it: its only task has ended
    probe.childMayGoOn.store(true, ordering: .releasing)
    while !probe.childSlept.load(ordering: .acquiring), Date() < deadline { usleep(1_000) }
    print("child slept \(probe.childSlept.load(ordering: .acquiring))")
    withExtendedLifetime(storeB) {}
}

import Observation
import Redux
import Testing

/// When observers are told: after the reducers, before the effects start and before the
/// terminal event, at most once per handled action; never for an action every reducer declines.
@Suite("Exact observation: when observers are told", .timeLimit(.minutes(5)))
@MainActor
struct ObservationOrderTests {
    /// The log's reducer, effect-start and terminal events, as trace lines.
    private static func traceLine(_ event: LogEvent<Edit<MemberState>>) -> String? {
        switch event.kind {
        case .reducer(let step, _): "reducer \(step.id)"
        case .effectStarted: "effect started"
        case .terminal: "terminal"
        default: nil
        }
    }

    @Test func aMemberReaderIsToldAfterTheReducersWroteBeforeTheEffectStartsAndBeforeTheTerminal() async throws {
        let trace = SharedList<String>()
        let ran = Gate()
        let store = MemberStore(
            initialState: MemberState(),
            reducers: [
                Reducer(id: "writes", effects: { state, action in
                    guard case .write(let write) = action else { return .none }
                    write(&state)
                    return .run { _ in
                        trace.append("effect body")
                        ran.open()
                    }
                }),
            ],
            onLog: { event in
                if let line = Self.traceLine(event) { trace.append(line) }
            }
        )
        withObservationTracking {
            _ = store.a
        } onChange: { [weak store] in
            MainActor.assumeIsolated { trace.append("reader of a told, a = \(store?.a ?? -1)") }
        }
        store.dispatch(.write { $0.a = 1 })
        #expect(await ran.waitOpened(ifCancelled: .stopWaiting))
        try await store.settled(timeout: patience)
        let lines = trace.values.filter { $0 != "effect body" }
        #expect(lines == ["reducer writes", "reader of a told, a = 1", "effect started", "terminal"])
        let told = try #require(trace.values.firstIndex(of: "reader of a told, a = 1"))
        let body = try #require(trace.values.firstIndex(of: "effect body"))
        #expect(told < body, "the effect's body runs after the observer was told")
    }

    @Test func aMemberReaderIsToldOnceForAnActionThatSeveralReducersWrite() {
        let store = MemberStore(
            initialState: MemberState(),
            reducers: [editReducer(id: "first"), editReducer(id: "second"), editReducer(id: "third")]
        )
        let reader = MemberObserver { store.a }
        store.dispatch(.write { $0.a += 1 })
        #expect(reader.fired == 1)
        #expect(reader.readings == [0, 3], "told after the last reducer")
    }

    @Test func anActionEveryReducerDeclinesTellsNoObserver() {
        let store = makeEditStore(MemberState())
        let readers = [
            MemberObserver { _ = store.a },
            MemberObserver { _ = store.box },
            MemberObserver { _ = store.state },
        ]
        store.dispatch(.declined)
        store.dispatch(.declined)
        #expect(readers.firedCounts() == [0, 0, 0])
    }
}

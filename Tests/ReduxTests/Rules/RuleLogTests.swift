import Redux
import ReduxTesting
import Testing

/// The log records a rule's registration, firing and removal, each with the action it belongs to.
@Suite("Rules: log events")
@MainActor
struct RuleLogTests {
    /// Each event as "sequence action: what", for the kinds these tests look at.
    func trail(_ log: LogRecorder<RuleCountAction>) -> [String] {
        log.events.compactMap { event in
            let what: String
            switch event.kind {
            case let .ruleRegistered(id, replaced): what = "registered \(id)\(replaced ? " (replaced)" : "")"
            case let .ruleFired(id, dispatched): what = "fired \(id) → \(dispatched)"
            case .ruleRemoved(let id): what = "removed \(id)"
            case let .middleware(step, _): what = "middleware \(step.id)"
            case .reducer: what = "reducer"
            case .enqueued: what = "enqueued"
            case .terminal: what = "terminal"
            default: return nil
            }
            return "\(event.sequence) \(event.action): \(what)"
        }
    }

    @Test func theLogRecordsRegisteredFiredAndRemovedWithTheirActions() {
        let log = LogRecorder<RuleCountAction>()
        let store = makeRuleCountStore(onLog: log.handler) { context in
            switch context.action {
            case .mark("arm"):
                context.registerRule(id: "two", when: { $0.counter == 2 }, then: { _ in .mark("fired") })
                context.registerRule(id: "gone", when: { _ in false }, then: { _ in .increment })
                context.registerRule(id: "two", when: { $0.counter == 1 }, then: { _ in .mark("fired") })
            case .mark("disarm"):
                context.unregisterRule(id: "gone")
                context.unregisterRule(id: "unknown")
            default:
                break
            }
        }
        store.dispatch(.mark("arm"))
        store.dispatch(.mark("disarm"))
        store.dispatch(.increment)
        #expect(trail(log) == [
            "1 arm: enqueued",
            "1 arm: registered two",
            "1 arm: registered gone",
            "1 arm: registered two (replaced)",
            "1 arm: middleware rules",
            "1 arm: middleware exits",
            "1 arm: reducer",
            "1 arm: terminal",
            "2 disarm: enqueued",
            "2 disarm: removed gone",
            "2 disarm: middleware rules",
            "2 disarm: middleware exits",
            "2 disarm: reducer",
            "2 disarm: terminal",
            "3 increment: enqueued",
            "3 increment: middleware rules",
            "3 increment: middleware exits",
            "3 increment: reducer",
            "3 increment: fired two → fired",
            "4 fired: enqueued",
            "3 increment: terminal",
            "4 fired: middleware rules",
            "4 fired: middleware exits",
            "4 fired: reducer",
            "4 fired: terminal",
        ])
    }

    @Test func ruleEventsCompareAndDescribeByTheirPayloads() {
        typealias Kind = LogEvent<RuleCountAction>.Kind
        #expect(Kind.ruleRegistered(id: "a", replaced: false) == .ruleRegistered(id: "a", replaced: false))
        #expect(Kind.ruleRegistered(id: "a", replaced: false) != .ruleRegistered(id: "a", replaced: true))
        #expect(Kind.ruleFired(id: "a", dispatched: .increment) != .ruleFired(id: "a", dispatched: .decrement))
        #expect(Kind.ruleRemoved(id: "a") != .ruleRemoved(id: "b"))
        #expect(Kind.ruleRemoved(id: "a") != .ruleRegistered(id: "a", replaced: false))
        #expect("\(Kind.ruleRegistered(id: "a", replaced: true))" == #"rule "a" replaced"#)
        #expect("\(Kind.ruleFired(id: "a", dispatched: .increment))" == #"rule "a" fired: dispatched increment"#)
        #expect("\(Kind.ruleRemoved(id: "a"))" == #"rule "a" removed"#)
    }
}

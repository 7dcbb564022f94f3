import Redux

// Reading the log in the rule tests of issue 5 (MainActorCallBound, InvalidationLog, RefusalLog,
// ParkedErrorLifetime): which event ends an action, and a refusal's reason and call site. The only
// place these tests name `LogEvent.Kind` cases that older cores lack, so the same tests can be
// compiled against an older core by swapping this file.

extension LogEvent {
    /// `.terminal` or `.refused`: the event that ends an action's log (a refusal is its terminal).
    var endsItsAction: Bool {
        switch kind {
        case .terminal, .refused: true
        default: false
        }
    }

    /// Whether this is a `.terminal` event (a refusal is not one).
    var isTerminalEvent: Bool {
        if case .terminal = kind { true } else { false }
    }

    /// The call site of an `.enqueued` event.
    var enqueuedSite: CallSite? {
        if case .enqueued(let site) = kind { site } else { nil }
    }

    /// The reason (as text: `invalidated`, `storeReleased`) and call site of a `.refused` event.
    var refusal: (reason: String, site: CallSite)? {
        if case let .refused(reason, site) = kind { ("\(reason)", site) } else { nil }
    }

    /// A processing event: anything but `.enqueued` and `.queueHighWaterMark` (refusals included).
    var isStep: Bool {
        switch kind {
        case .enqueued, .queueHighWaterMark: false
        default: true
        }
    }
}

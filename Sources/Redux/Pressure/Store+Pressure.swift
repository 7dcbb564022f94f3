/// Pressure diagnostics: counting dispatches by identity and delivering the warnings (see
/// ``PressureDiagnostics`` and <doc:DiagnosingPressure>).
///
/// Every dispatch path records through ``notePressure(_:sequence:site:)`` (main actor) or
/// ``notePressureRemotely(_:sequence:site:)`` (any isolation) when ``pressure`` is set; a store
/// without pressure diagnostics pays nothing on its main-actor fast path (``leavesFastPath``
/// covers it) and one test of a stored `let` on the others.
extension Store {
    /// How many action identities the store's pressure diagnostics hold bookkeeping for now:
    /// identities dispatched within the last window, cooling down after a warning, or not yet
    /// swept. Zero when pressure diagnostics are off.
    ///
    /// Bounded whatever the number of distinct identities over time: an identity is forgotten
    /// once its newest dispatch is a window old and its cooldown is over, by a sweep that runs
    /// whenever the table has doubled since the last sweep (so at most twice the identities
    /// live at that sweep, and never fewer than 64 before a sweep runs).
    ///
    /// Isolation: any; thread-safe (takes the diagnostics' lock).
    public nonisolated var pressureIdentityCount: Int { pressure?.identityCount ?? 0 }

    /// Records a dispatch made on the main actor and delivers its warning, if it crossed the
    /// threshold: at once outside a pass, after the current pass's terminal inside one (like
    /// other events about another action than the one being processed).
    @inlinable
    func notePressure(_ action: Action, sequence: UInt64, site: CallSite) {
        guard let pressure else { return }
        let identity = rateLimits.identify(action)
        guard let count = pressure.record(identity) else { return }
        deliverPressureWarning(identity, count: count, action: action, sequence: sequence, site: site, window: pressure.settings.window)
    }

    /// Records a dispatch made from any isolation; a warning it raises is delivered on a
    /// main-actor turn of its own (warnings are rare), in no fixed order with the dispatched
    /// action's own events. The store is held weakly meanwhile: a released store warns no more.
    @inlinable
    nonisolated func notePressureRemotely(_ action: Action, sequence: UInt64, site: CallSite) {
        guard let pressure else { return }
        let identity = rateLimits.identify(action)
        guard let count = pressure.record(identity) else { return }
        warnRemotely(identity, count: count, action: action, sequence: sequence, site: site, window: pressure.settings.window)
    }

    /// Delivers a warning raised off the main actor on a main-actor turn of its own.
    @usableFromInline
    nonisolated func warnRemotely(_ identity: ActionIdentity, count: Int, action: Action, sequence: UInt64, site: CallSite, window: Duration) {
        Task { @MainActor [weak self] in
            self?.deliverPressureWarning(identity, count: count, action: action, sequence: sequence, site: site, window: window)
        }
    }

    /// Delivers one warning: a `.highFrequencyAction` event to the log handler, or, with none,
    /// one diagnostic line (debug builds that print diagnostics); with neither, nothing.
    @usableFromInline
    func deliverPressureWarning(_ identity: ActionIdentity, count: Int, action: Action, sequence: UInt64, site: CallSite, window: Duration) {
        if onLog != nil {
            emitForeign(LogEvent(sequence: sequence, action: action, kind: .highFrequencyAction(identity: identity, count: count, window: window)))
        } else if let diagnostics {
            diagnostics.reportHighFrequencyAction(action: action, identity: identity, count: count, window: window, site: site)
        }
    }
}

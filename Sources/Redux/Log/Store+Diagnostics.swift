/// Debug-build diagnostic lines about actions that reached no one: an action for an absent child,
/// a dispatch refused by an invalidated store, an action a detached slice did not dispatch. Each
/// is written only when the store prints diagnostics and has no log handler (a handler gets the
/// `.childAbsent`, `.refused` or `.detachedSlice` event instead). The lines' wording is in
/// ``DiagnosticSink``.
extension Store {
    /// A reducer answered `.defaultNext`: reports its child's absence, if that is why and the
    /// child was already absent when the reducer chain started.
    @usableFromInline @inline(never)
    func reportAbsence(reducer position: Int, _ action: Action) {
        guard absentAtChainStart[position] else { return }
        reportAbsence(reducers[position].lift, component: "reducer \(reducers[position].id)#\(position)", action)
    }

    /// A middleware answered `.defaultNext`: reports its child's absence, if that is why.
    @usableFromInline @inline(never)
    func reportAbsence(middleware position: Int, _ action: Action) {
        reportAbsence(middlewares[position].lift, component: "middleware \(middlewares[position].id)#\(position)", action)
    }

    /// A resolver declined: reports its child's absence, if that is why.
    @usableFromInline @inline(never)
    func reportAbsence(resolver position: Int, _ action: Action) {
        reportAbsence(resolvers[position].lift, component: "resolver \(resolvers[position].id)#\(position)", action)
    }

    /// Writes one line for the current action, the first time a lifted component skips it
    /// because its child is absent; later components that skip it add nothing, in this pass or
    /// after it resumes from a suspension. A replacement action (`.nextAs`, `.reduceAs`) is a
    /// new action: it gets a line of its own.
    @usableFromInline
    func reportAbsence(_ lift: Lift<State, Action>?, component: @autoclosure () -> String, _ action: Action) {
        guard !reportedAbsenceInPass, let lift, let diagnostics, let (path, absence) = lift.absence(storage, action) else { return }
        reportedAbsenceInPass = true
        diagnostics.reportAbsentChild(action: action, path: path, absence: absence, component: component(), site: passSite)
    }

    /// A replacement action (`.nextAs`, `.reduceAs`) takes the current one's place: it may get
    /// an absent-child line of its own.
    @inlinable
    func startReplacementAction() {
        if diagnosesAbsences { reportedAbsenceInPass = false }
    }
}

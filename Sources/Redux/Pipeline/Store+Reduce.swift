// The reducer chain: the last step of an action's pass (after `runPipeline(_:from:)`'s
// middlewares, or a resolver's recovery), in three copies side by side.
//
// Why three and not one: the copies run the same chain (reducers in order, observers told once
// if one handled the action, instances swept) but pay for different things, and each is written
// so that the cheaper paths do not pay for the dearer ones. All three tell observers,
// subscriptions and rules (`notifyObservers`) before any effect starts.
// - `reduce` is the path of a store with no log handler and no effect reducers (bench P1, P2):
//   it reads no clock, checks no effect body and logs nothing per reducer; it is `@inlinable` so
//   it specialises for the app's state and action.
// - `reduceLogged` (a log handler attached, no effect reducers) reads the clock and logs each
//   reducer's exit: folding its per-reducer `onLog` test and clock read into `reduce` would put
//   them in the P1 loop.
// - `reduceWithEffects` (some reducer returns effects) collects the effects and starts them
//   after the observers; its comment gives the measured reason it is specialised but out of line.
// A change to what the chain does (order, observers, rules, sweeping) must be made in all three.
extension Store {
    /// Runs the reducer chain on `action`; returns whether any reducer handled it. Observers are
    /// told once afterwards if one did.
    @inlinable
    func reduce(_ action: Action, _ run: ActionRun<State, Action>) -> Bool {
        if reducersReturnEffects { return reduceWithEffects(action, run) }
        if onLog != nil { return reduceLogged(action, sequence: run.sequence) }
        var handled = false
        var position = 0
        let count = reducers.count
        if diagnosesAbsences { noteAbsencesAtChainStart(action) }
        isReducing = true
        chain: while position < count {
            switch reducers[position].body(&storage, action) {
            case .next: handled = true
            case .done:
                handled = true
                break chain
            case .defaultNext:
                if diagnosesAbsences { reportAbsence(reducer: position, action) }
            }
            position += 1
        }
        isReducing = false
        if handled { notifyObservers() }
        if checksLifetimes { sweepInstances() }
        return handled
    }

    /// The reducer chain with a log handler attached: one `.reducer` event per reducer run, with
    /// its duration. Separate from ``reduce(_:_:)`` so that the unlogged loop reads no clock.
    @inlinable
    func reduceLogged(_ action: Action, sequence: UInt64) -> Bool {
        var handled = false
        noteAbsencesAtChainStart(action)
        for position in reducers.indices {
            let started = clock.now?()
            isReducing = true
            let exit = reducers[position].body(&storage, action)
            isReducing = false
            logReducer(position, started, exit, action, sequence: sequence)
            if exit != .defaultNext { handled = true }
            if exit == .done { break }
        }
        if handled { notifyObservers(action, sequence: sequence) }
        if checksLifetimes { sweepInstances() }
        return handled
    }

    /// The reducer chain when some reducer returns effects: (1) reducers, in order, collecting
    /// their effects; (2) observers told once, if one handled the action; (3) subscriptions told,
    /// in subscription order, if one handled it; (4) the rules that hold fire, if one handled it;
    /// (5) the effects start, in chain order, each in written order (a cancellation stops what
    /// started before it). The caller then logs (7) the terminal (step 6, lifetimes, runs only
    /// for lifted children that can go away).
    ///
    /// Inlinable so that it is specialized for the app's state and action (unspecialized, its
    /// generic metadata lookups cost an effect reducer about 1 us per action); kept out of line
    /// so that the exit-only path (P1) does not grow.
    @inlinable @inline(never)
    func reduceWithEffects(_ action: Action, _ run: ActionRun<State, Action>) -> Bool {
        var handled = false
        if onLog != nil || diagnosesAbsences { noteAbsencesAtChainStart(action) }
        for position in reducers.indices {
            let started = onLog == nil ? nil : clock.now?()
            let exit: ReducerExit
            isReducing = true
            if let effectBody = reducers[position].effectBody {
                let reduction = effectBody(&storage, action)
                isReducing = false
                exit = reduction.exit
                if !reduction.effect.isNone {
                    if exit == .defaultNext {
                        assertionFailure("Reducer \(reducers[position].id)#\(position) returned an effect with .defaultNext; the effect is dropped.")
                    } else {
                        if firstEffectPosition < 0 {
                            firstEffectPosition = position
                            firstEffect = reduction.effect
                        } else {
                            collectedEffects.append((position, reduction.effect))
                        }
                    }
                }
            } else {
                exit = reducers[position].body(&storage, action)
                isReducing = false
            }
            if started != nil {
                logReducer(position, started, exit, action, sequence: run.sequence)
            } else if exit == .defaultNext, diagnosesAbsences {
                reportAbsence(reducer: position, action)
            }
            if exit != .defaultNext { handled = true }
            if exit == .done { break }
        }
        if handled { notifyObservers(action, sequence: run.sequence) }
        if firstEffectPosition >= 0 { startCollectedEffects(action: action, run) }
        // After the effects started: an instance this chain removed loses the work it just got.
        if checksLifetimes { sweepInstances() }
        return handled
    }

    /// Notes, before the reducer chain runs `action`, which lifted reducers' children are absent
    /// for it: only those are reported if their reducer skips the action (a child that an
    /// earlier reducer of the same chain removed, such as a parent dismissing a sheet on the
    /// sheet's own action, is not). Called only when absences are reported.
    ///
    /// Complexity: O(lifted reducers × lift depth); no allocation.
    @usableFromInline @inline(never)
    func noteAbsencesAtChainStart(_ action: Action) {
        for position in liftedReducerPositions {
            absentAtChainStart[position] = reducers[position].lift?.absence(storage, action) != nil
        }
    }
}

import Foundation

/// What an effect sends: through its scope's throttle (whose window timer lives here too), then
/// into the pipeline queue during the producing pass, on the main actor, or into the inbox from
/// a task. Starting effects is Store+EffectStart.swift.
extension Store {
    /// Sends one action an effect produced: through the scope's throttle, then into the
    /// pipeline queue (in the pass) or the inbox (from a task).
    @inlinable
    nonisolated func deliver(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, token: EffectToken?, scope: EffectScope, group: EffectGroup?, dependencies: Dependencies?, inPass: Bool) {
        if let token, token.isCancelled {
            if runtime.isClosed {
                // The store was invalidated (a released one has no `self` to get here): the send
                // is refused like any dispatch to it, and logged as such, through the closed inbox.
                enqueueEffectSend(action, site: site, promise: promise, token: token, inPass: false)
            } else {
                promise?.resolve(.cancelled)
            }
            return
        }
        if let rule = scope.throttle {
            switch throttles.offer(action, site: site, promise: promise, sender: token ?? syncToken(group: group, lifetime: scope.lifetime), id: rule.id, latest: rule.latest) {
            case .held:
                return
            case .deliverAndOpen(let generation):
                openThrottleWindow(rule, generation: generation, lifetime: scope.lifetime, dependencies: dependencies)
            }
        }
        enqueueEffectSend(action, site: site, promise: promise, token: token ?? syncToken(group: group, lifetime: scope.lifetime), inPass: inPass)
    }

    /// The window timer of a throttle: at each window's end, delivers the pending action (which
    /// opens the next window) or closes the window. The timer serves every action throttled
    /// with the id, so it belongs to no dispatch's effect group and is registered under the
    /// throttle id only: cancelling an id that encloses one sender's effect (its
    /// `cancelInFlight` included) does not close the window. A pending action is delivered as
    /// its sender's, in its sender's group. It runs with the dependencies of the effect that
    /// opened the window (it runs no component code, but the store's clock may read them).
    @usableFromInline
    nonisolated func openThrottleWindow(_ rule: ThrottleRule, generation: UInt64, lifetime: InstanceLifetime?, dependencies: Dependencies?) {
        let clock = effectClock
        let opened = clock.now
        // A child instance's window ends with the instance. The timer runs even when cancelled
        // before it started (its instance ended at once), so that it always removes its window
        // and drops the action the window holds.
        let started = runtime.spawn(priority: nil, ids: [rule.id], group: nil, lifetime: lifetime, runsIfCancelledEarly: true, dependencies: dependencies) { [weak self] token in
            var windowEnd = opened.advanced(by: rule.window)
            while !token.isCancelled {
                do {
                    try await clock.sleep(until: windowEnd, tolerance: nil)
                } catch {
                    break
                }
                guard let store = self, !token.isCancelled else { break }
                guard let pending = store.throttles.windowEnded(rule.id, generation: generation) else { return }
                store.enqueueEffectSend(pending.action, site: pending.site, promise: pending.promise, token: pending.sender ?? token, inPass: false)
                pending.sender?.group?.actionEnded()  // its hold ends; the queued action counts now
                windowEnd = windowEnd.advanced(by: rule.window)
            }
            self?.throttles.remove(rule.id, generation: generation)
        }
        if started == nil { throttles.remove(rule.id, generation: generation) }
    }

    /// Queues an effect's action: in the pipeline queue during the pass, else in the inbox.
    /// Pressure diagnostics count it here, as it enters the queue (after its throttle).
    @inlinable
    nonisolated func enqueueEffectSend(_ action: Action, site: CallSite, promise: OutcomePromise<Action>?, token: EffectToken?, inPass: Bool) {
        token?.group?.actionSent()
        token?.lifetime?.sendQueued()
        if let token, !inPass { runtime.sendQueued(token) }
        let run = ActionRun<State, Action>(sequence: sequenceNumber(for: promise), action: action, promise: promise)
        if inPass {
            MainActor.assumeIsolated {
                let entry = Entry(run, site: CallSite(file: site.file, line: site.line, onMainActor: true), effectSendKind(token, logged: true))
                if pressure != nil { notePressure(action, sequence: run.sequence, site: entry.site) }
                enqueueInPipeline(CollectionOfOne(markedAsStoreWork(entry)))
            }
        } else {
            let remoteSite = CallSite(file: site.file, line: site.line, onMainActor: false)
            if pressure != nil { notePressureRemotely(action, sequence: run.sequence, site: remoteSite) }
            enqueueRemote(Entry(run, site: remoteSite, effectSendKind(token, logged: false)))
        }
    }

    @inlinable
    nonisolated func effectSendKind(_ token: EffectToken?, logged: Bool) -> Entry.Kind {
        guard let token else { return .dispatch(logged: logged) }
        return .effectSend(token, logged: logged)
    }

    /// A token for the synchronous sends of a grouped effect or of a child instance's effect
    /// (which have no task), so that the actions they send stay in the group and are dropped
    /// once the instance ends; `nil` when the effect has neither.
    @inlinable
    nonisolated func syncToken(group: EffectGroup?, lifetime: InstanceLifetime?) -> EffectToken? {
        guard group != nil || lifetime != nil else { return nil }
        return EffectToken(id: 0, runtime: runtime, group: group, lifetime: lifetime)
    }
}

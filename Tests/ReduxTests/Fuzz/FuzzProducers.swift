import Foundation
import Redux

/// The producers that dispatch from other isolations: a Foundation thread, a detached task, an
/// actor, and a task that hops between its own isolation and the main actor. Each reaches the
/// store through the weak box and skips its dispatch once the store is gone; each records a
/// dispatch just before making it.
enum FuzzProducers {
    /// On a plain thread (no isolation at all).
    static func runOnThread(_ ops: [ProducerOp], _ index: Int, _ environment: FuzzEnvironment) {
        for op in ops {
            if case .pause = op {
                usleep(UInt32(20 + index * 15))
                continue
            }
            guard let store = environment.box.store else { continue }
            send(op, to: store, as: .thread(index), environment)
        }
    }

    /// In a detached task (nonisolated).
    static func runInTask(_ ops: [ProducerOp], _ index: Int, _ environment: FuzzEnvironment) async {
        for op in ops {
            if case .pause = op {
                await Task.yield()
                continue
            }
            guard let store = environment.box.store else { continue }
            send(op, to: store, as: .task(index), environment)
        }
    }

    /// Off the main actor, except the ops marked `mainActor`, made inside `MainActor.run` (a
    /// main-actor call from outside the pipeline, so the trace marks its beginning and end).
    static func hop(_ ops: [ProducerOp], _ index: Int, _ environment: FuzzEnvironment) async {
        for op in ops {
            switch op {
            case .pause:
                await Task.yield()
            case .dispatch(_, true), .tracked(_, true):
                await MainActor.run {
                    guard let store = environment.box.store else { return }
                    let call = environment.trace.beginCall()
                    sendOnMainActor(op, to: store, as: .hop(index), environment)
                    environment.trace.endCall(call)
                }
            default:
                guard let store = environment.box.store else { continue }
                send(op, to: store, as: .hop(index), environment)
            }
        }
    }

    /// A dispatch from the caller's isolation, which is not the main actor.
    static func send(_ op: ProducerOp, to store: FuzzStore, as producer: ProducerKey, _ environment: FuzzEnvironment, isolation: isolated (any Actor)? = #isolation) {
        let trace = environment.trace
        switch op {
        case .dispatch(let id, _):
            trace.record(id, producer, mainActor: false)
            store.dispatch(FuzzAction(id))
        case .tracked(let id, _):
            let record = trace.record(id, producer, mainActor: false)
            trace.attach(store.dispatchTracked(FuzzAction(id)), to: record)
        case .batch(let ids):
            trace.recordBatch(ids, producer, mainActor: false)
            store.dispatch(contentsOf: ids.map(FuzzAction.init))
        case .pause:
            break
        }
    }

    @MainActor
    static func sendOnMainActor(_ op: ProducerOp, to store: FuzzStore, as producer: ProducerKey, _ environment: FuzzEnvironment) {
        let trace = environment.trace
        switch op {
        case .dispatch(let id, _):
            trace.record(id, producer, mainActor: true)
            store.dispatch(FuzzAction(id))
        case .tracked(let id, _):
            let record = trace.record(id, producer, mainActor: true)
            trace.attach(store.dispatchTracked(FuzzAction(id)), to: record)
        case .batch(let ids):
            trace.recordBatch(ids, producer, mainActor: true)
            store.dispatch(contentsOf: ids.map(FuzzAction.init))
        case .pause:
            break
        }
    }
}

/// A producer that dispatches from its own actor isolation, without `await`.
actor FuzzActorProducer {
    func run(_ ops: [ProducerOp], _ index: Int, _ environment: FuzzEnvironment) async {
        for op in ops {
            if case .pause = op {
                await Task.yield()
                continue
            }
            guard let store = environment.box.store else { continue }
            FuzzProducers.send(op, to: store, as: .actor(index), environment)
        }
    }
}

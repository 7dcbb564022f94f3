/// Asynchronous work with its own error handler.
extension Effect {
    /// Runs asynchronous, throwing work like ``run(priority:_:)``, and hands the error it throws to
    /// `handler`, which may send actions, instead of to the resolvers.
    ///
    /// The work runs in a task the store owns, off the main actor, cancelled with the store or by
    /// ``cancel(id:)``, exactly as ``run(priority:_:)``'s. If `operation` throws, `handler` runs
    /// next in the same task with the error and the same `send`: what it sends is queued like
    /// any other send of the effect (and dropped once the effect is cancelled). A caught error
    /// is handled: it never reaches the resolver chain, is not logged as an effect failure, and
    /// a debug build prints nothing for it. The handler cannot throw; an error it should pass on
    /// becomes an action it sends.
    ///
    /// Cancellation: the handler gets exactly the errors ``run(priority:_:)`` would have given the
    /// resolvers. A `CancellationError`, or any error thrown once the effect's task is
    /// cancelled, is not handed to it: it ends the effect quietly, as it does for `run`.
    ///
    /// - Parameters:
    ///   - priority: the task's priority; `nil` for the default.
    ///   - operation: the work; `send(action)` queues an action.
    ///   - handler: receives the error `operation` threw and the effect's `send`; runs in the
    ///     effect's task.
    ///
    /// The shape is The Composable Architecture's `Effect.run(operation:catch:)`.
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: @escaping @Sendable (_ error: any Error, _ send: Send<Action>) async -> Void
    ) -> Effect {
        .run(priority: priority) { send in
            do {
                try await operation(send)
            } catch {
                if error is CancellationError || Task.isCancelled { throw error }
                await handler(error, send)
            }
        }
    }
}

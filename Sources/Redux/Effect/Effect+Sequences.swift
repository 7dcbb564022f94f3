/// Effects fed by an asynchronous sequence or by a callback.
extension Effect {
    /// Sends an action for each element of `sequence` (`nil` skips the element) until the
    /// sequence ends, throws, or the effect is cancelled (with the store or by id).
    ///
    /// An error the sequence throws reaches the resolvers like a ``run(priority:_:)`` error.
    /// Waiting for the next element counts as running work (a `TestClock` cannot see into the
    /// sequence; see <doc:AsyncWork>).
    ///
    /// - Parameters:
    ///   - sequence: an `AsyncSequence` whose elements are `Sendable`.
    ///   - priority: the task's priority; `nil` for the default.
    ///   - transform: maps an element to the action to send, or `nil`.
    public static func run<Elements: AsyncSequence & Sendable>(
        _ sequence: Elements,
        priority: TaskPriority? = nil,
        _ transform: @escaping @Sendable (Elements.Element) -> Action?
    ) -> Effect where Elements.Element: Sendable {
        .run(priority: priority) { send in
            for try await element in sequence {
                if let action = transform(element) { send(action) }
            }
        }
    }

    /// Wraps callback-based code without `async` (Seda's `ofAsyncAction`): `body` gets a
    /// `fulfill` function and calls it once, from any thread, with the action to send (or
    /// `nil` for none).
    ///
    /// Exactly one fulfilment counts: later ones are ignored (a debug build says so on standard
    /// error), and a fulfilment after the effect was cancelled is ignored. While it waits for
    /// its fulfilment the effect counts as running work.
    ///
    /// - Parameter body: called once, in the effect's task, with the `fulfill` function.
    public static func callback(_ body: @escaping @Sendable (_ fulfill: @escaping @Sendable (Action?) -> Void) -> Void) -> Effect {
        .run { send in
            let once = Fulfilment<Action>(diagnostics: send.diagnostics)
            let action = await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    once.install(continuation)
                    body { action in once.fulfill(action) }
                }
            } onCancel: {
                once.cancel()
            }
            if let action, !Task.isCancelled { send(action) }
        }
    }
}

import Redux
import Testing

// Waiting for tickets and tasks without letting a hang hang the test.

/// How long a test waits for the store, or for a thread or a handler, before it gives up. Only a
/// guard against a hang: every wait that takes it ends on a condition, so with the store behaving
/// it ends long before (in milliseconds here). 60 s because a loaded 2-core machine (the suite in
/// parallel beside CPU burners) can starve the main actor for seconds: only a hang may reach it.
let patience: Duration = .seconds(60)

/// The text of `ticket`'s outcome (its `description`), or `nil` if it was not answered within
/// `timeout`: a guard against a hang, not a way of waiting for the store. Throws what awaiting
/// the outcome throws (`CancellationError` when the waiting task is cancelled).
func outcomeText<Action: Sendable>(
    of ticket: DispatchTicket<Action>,
    within timeout: Duration = patience
) async throws -> String? {
    try await withThrowingTaskGroup(of: String?.self) { group in
        group.addTask { try await ticket.outcome.description }
        group.addTask {
            try await Task.sleep(for: timeout)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        return first
    }
}

/// Awaits `ticket`'s outcome and expects its text to be `expected`. A `nil` ticket, or one not
/// answered within `patience`, fails the test instead of hanging it.
func expectOutcome<Action: Sendable>(
    _ ticket: DispatchTicket<Action>?,
    _ expected: String,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let ticket = try #require(ticket, "no ticket", sourceLocation: sourceLocation)
    let text = try await outcomeText(of: ticket)
    let answered = try #require(text, "the ticket was not answered within \(patience)", sourceLocation: sourceLocation)
    #expect(answered == expected, comment, sourceLocation: sourceLocation)
}

/// The result of `task`, or `nil` if it did not finish within `timeout`, so a hanging wait fails
/// the test instead of hanging it.
func taskResult<Success: Sendable>(
    of task: Task<Success, any Error>,
    within timeout: Duration = patience
) async -> Result<Success, any Error>? {
    let box = SharedValue<Result<Success, any Error>?>(nil)
    let finished = Gate()
    Task.detached {
        box.value = await task.result
        finished.open()
    }
    guard await finished.waitOpened(within: timeout, ifCancelled: .keepWaiting) else { return nil }
    return box.value
}

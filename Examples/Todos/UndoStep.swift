/// One entry of the undo history: what a change did, in words, and the list before it.
struct UndoStep: Codable, Equatable, Sendable {
    /// The change, as `todos undo` reports it: `add "Buy milk"`, `done #2 "Walk dog"`,
    /// `clear-done (2 todos)`.
    var change: String
    /// The todos as they were before the change.
    var todos: [Todo]
}

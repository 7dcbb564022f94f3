/// What the file keeps (version 1): the todos, the next id and the undo history, under stable
/// names. Persistence writes it canonically (keys sorted) inside `{"state": …, "version": 1}`:
///
/// ```json
/// {"state":{"nextID":3,"todos":[{"done":false,"id":1,"title":"Buy milk"},…],"undo":[{"change":"add \"Walk dog\"","todos":[…]}]},"version":1}
/// ```
///
/// A projection rather than the state itself, so the state can change shape (or gain fields that
/// are not worth keeping) without changing the file; a later file shape gets version 2 and a
/// migration from this one.
struct TodosFile: Codable, Equatable, Sendable {
    var todos: [Todo]
    var nextID: Int
    var undo: [UndoStep]

    /// The file's content for `state`.
    init(_ state: TodoList) {
        todos = state.todos
        nextID = state.nextID
        undo = state.history
    }

    /// Puts the file's content into `state`. The next id is kept above every id in the file
    /// (a hand-edited file cannot make two todos share one). Any ids restore: when the file's
    /// highest id is `Int.max`, the next id is `Int.max` too, which means none is left
    /// (``TodoList/hasIDLeft``): the list reads, completes and undoes as usual, and only `add`
    /// is refused.
    func restore(into state: inout TodoList) {
        state.todos = todos
        state.history = Array(undo.suffix(TodoList.historyLimit))
        let highest = (todos + undo.flatMap(\.todos)).map(\.id).max() ?? 0
        let (afterHighest, overflowed) = highest.addingReportingOverflow(1)
        state.nextID = max(nextID, overflowed ? Int.max : afterHighest)
    }
}

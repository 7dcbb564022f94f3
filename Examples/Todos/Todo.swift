/// One todo: a stable id, a title and whether it is done.
///
/// The id is given once, when the todo is added, and never reused (``TodoList/nextID``); the
/// number a person types (`todos done 2`) is the todo's 1-based position in the list instead,
/// which changes when done todos are cleared.
struct Todo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var done: Bool
}

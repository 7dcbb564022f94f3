/// One run of the program, as the arguments describe it.
struct Invocation: Equatable, Sendable {
    var command: TodoCommand
    /// `--file PATH`; `nil`: `$HOME/.todos.json`.
    var file: String?
    /// `--json`: print the resulting list as JSON instead of a message.
    var json = false
    /// `--lock-timeout SECONDS`: how long to wait for another `todos` working on the same file.
    var lockTimeout: Duration = .seconds(10)
}

import Redux

/// The resolvers: they turn the validation middleware's errors into the command's failure, the
/// message and the exit status the program ends with.
enum TodoResolvers {
    static let all = [messages]

    /// A ``TodoError`` fails the action with its ``CommandFailure`` (status 1). Any other error
    /// is left to the store's default (the action fails with it as is).
    static let messages = Resolver<TodoList, TodoAction>(id: "messages") { context in
        guard let error = context.error as? TodoError else { return .defaultNext }
        return .exit(.fail(CommandFailure(error)))
    }
}

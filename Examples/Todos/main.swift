// todos: a todo list kept in a file, built on Redux's public API only.
//
//   swift run todos add "Buy milk"
//   swift run todos list
//   swift run todos done 1
//   swift run todos undo
//   swift run todos clear-done
//   swift run todos --help
//
// The pieces: the state (TodoList, with its undo history), the actions (TodoAction), the
// reducers (TodoReducers), the validation middleware (TodoValidation) and the resolver that turns
// its refusals into messages (TodoResolvers), the file's shape (TodosFile), the argument parser
// (CommandLineParser) and the output (Output). TodosProgram runs one command; the exit status
// is CommandFailure's.
import Foundation

let status = await TodosProgram.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)

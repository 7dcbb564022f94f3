import Foundation
import Redux
import Testing
@testable import Todos

/// The `todos` app's pipeline without a file: the validation middleware refuses or consumes, the
/// resolver turns refusals into the command's failure, the reducers keep a bounded undo history.
@Suite("todos: validation, resolvers and the undo history")
@MainActor
struct TodosPipelineTests {
    func makeStore() -> Store<TodoList, TodoAction> {
        Store(
            initialState: TodoList(),
            reducers: TodoReducers.all,
            middlewares: [TodoValidation.middleware],
            resolvers: TodoResolvers.all,
            options: StoreOptions(printsDiagnostics: false)
        )
    }

    @Test func aMissingTodoFailsTheActionWithTheResolversMessageAndStatusOne() async throws {
        let store = makeStore()
        store.dispatch(.add(title: "Buy milk"))
        let before = store.state
        let outcome = try await store.dispatchTracked(.complete(number: 2)).outcome
        guard case .failed(let error) = outcome else {
            Issue.record("outcome \(outcome)")
            return
        }
        #expect(error as? CommandFailure == CommandFailure(lines: ["no todo #2"], status: 1))
        #expect(store.state == before)
    }

    @Test func aCommandWithNothingToDoIsConsumedAndChangesNothing() async throws {
        let store = makeStore()
        store.dispatch(.add(title: "Buy milk"))
        store.dispatch(.complete(number: 1))
        let before = store.state
        #expect(try await store.dispatchTracked(.complete(number: 1)).outcome == .consumed)
        store.dispatch(.clearDone)
        store.dispatch(.add(title: "Walk dog"))
        #expect(try await store.dispatchTracked(.clearDone).outcome == .consumed)
        #expect(store.state.todos == [Todo(id: 2, title: "Walk dog", done: false)])
        #expect(before.todos.count == 1)
    }

    @Test func theUndoHistoryKeepsTheLastFiftyChanges() async throws {
        let store = makeStore()
        for index in 1...60 {
            store.dispatch(.add(title: "todo \(index)"))
        }
        #expect(store.state.history.count == TodoList.historyLimit)
        #expect(store.state.history.first?.change == #"add "todo 11""#)
        for _ in 0..<TodoList.historyLimit {
            #expect(try await store.dispatchTracked(.undo).outcome == .reduced)
        }
        #expect(store.state.todos.map(\.title) == (1...10).map { "todo \($0)" })
        let outcome = try await store.dispatchTracked(.undo).outcome
        guard case .failed(let error) = outcome else {
            Issue.record("outcome \(outcome)")
            return
        }
        #expect(error as? CommandFailure == CommandFailure(lines: ["nothing to undo"], status: 1))
    }

    @Test func theFileShapeRestoresTheStateItWasTakenFrom() throws {
        var state = TodoList()
        state.remember("add \"a\"")
        state.todos = [Todo(id: 4, title: "a", done: true)]
        state.nextID = 5
        let data = try CanonicalJSONEncoder().encode(TodosFile(state))
        var restored = TodoList()
        try CanonicalJSONDecoder().decode(TodosFile.self, from: data).restore(into: &restored)
        #expect(restored == state)
        // A hand-edited next id below an existing id is raised past it.
        var edited = TodosFile(state)
        edited.nextID = 1
        edited.restore(into: &restored)
        #expect(restored.nextID == 5)
    }

    @Test func theParserTakesOptionsAnywhereAndJoinsTheWordsOfATitle() throws {
        #expect(try CommandLineParser.parse(["add", "Buy", "milk", "--json", "--file", "x.json"])
            == Invocation(command: .add(title: "Buy milk"), file: "x.json", json: true))
        #expect(try CommandLineParser.parse(["--file=y.json", "--lock-timeout", "0.25", "done", "3"])
            == Invocation(command: .done(number: 3), file: "y.json", lockTimeout: .milliseconds(250)))
        #expect(try CommandLineParser.parse(["add", "--", "--not-an-option"]).command == .add(title: "--not-an-option"))
        #expect(throws: CommandFailure.usage("unknown command 'remove'")) {
            try CommandLineParser.parse(["remove", "1"])
        }
    }
}

// Sources/Redux/Redux.docc/UsingDependencies.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so); the store and scope blocks are tests of their own. Top-level code, as a reader would
// write it (its names are unique in the test target).
import Foundation
import Redux
import Testing

struct NoteIDGenerator: Sendable {
    let make: @Sendable () -> UUID
    func callAsFunction() -> UUID { make() }
}

enum NoteIDKey: DependencyKey {
    static let liveValue = NoteIDGenerator { UUID() }
    static let testValue = NoteIDGenerator { UUID(uuidString: "00000000-0000-0000-0000-000000000000")! }
}

extension Dependencies {
    var noteID: NoteIDGenerator {
        get { self[NoteIDKey.self] }
        set { self[NoteIDKey.self] = newValue }
    }
}

struct Notes: Sendable, Equatable {
    var ids: [UUID] = []
}

enum NotesAction: Sendable, Equatable {
    case add
    case added(UUID)
}

let notesReducer = Reducer<Notes, NotesAction>(id: "notes", effects: { state, action in
    switch action {
    case .add:
        @Dependency(\.noteID) var noteID
        state.ids.append(noteID())
        return .run { send in
            @Dependency(\.noteID) var noteID
            send(.added(noteID()))
        }
    case .added(let id):
        state.ids.append(id)
        return .none
    }
})

struct Reminder: Sendable, Equatable {
    var id: UUID
    var createdAt: Date
}

let remindersReducer = Reducer<[Reminder], String>(id: "reminders", effects: { state, _ in
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    state.append(Reminder(id: uuid(), createdAt: date.now))
    return .none
})

struct WeatherClient: Sendable {
    var forecast: @Sendable (String) async throws -> String
    var isAvailable: @Sendable () -> Bool
}

enum WeatherClientKey: DependencyKey {
    static let liveValue = WeatherClient(forecast: { city in "sunny in \(city)" }, isAvailable: { true })
    static let testValue = WeatherClient(
        forecast: unimplemented("WeatherClient.forecast"),
        isAvailable: unimplemented("WeatherClient.isAvailable", placeholder: false)
    )
}

extension Dependencies {
    var weather: WeatherClient {
        get { self[WeatherClientKey.self] }
        set { self[WeatherClientKey.self] = newValue }
    }
}

/// The test block's container: the forecast overridden, the rest unimplemented.
func weatherTestDependencies() -> Dependencies {
    var dependencies = Dependencies(context: .test)
    dependencies.weather.forecast = { city in "rain in \(city)" }
    return dependencies
}

@Suite("UsingDependencies.md example")
@MainActor
struct UsingDependenciesBlocks {
    @Test func storeGivesItsDependenciesToTheReducerAndTheEffect() async throws {
        var dependencies = Dependencies(context: .test)
        dependencies.noteID = NoteIDGenerator { UUID(uuidString: "00000000-0000-0000-0000-00000000002A")! }
        let store = Store(
            initialState: Notes(),
            reducers: [notesReducer],
            options: StoreOptions(dependencies: dependencies)
        )
        store.dispatch(.add)

        try await store.settled(timeout: patience)
        let expected = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000002A"))
        #expect(store.ids == [expected, expected])
    }

    @Test func withValuesScopesTheReader() throws {
        let id = Dependencies.withValues { $0.noteID = NoteIDGenerator { UUID(uuidString: "00000000-0000-0000-0000-000000000007")! } } operation: {
            @Dependency(\.noteID) var noteID
            return noteID()
        }

        #expect(id == UUID(uuidString: "00000000-0000-0000-0000-000000000007"))
    }

    @Test func unsetKeyInATestContainerGivesTheTestValue() {
        #expect(Dependencies(context: .test).noteID() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    }
}

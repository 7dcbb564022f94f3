import Foundation
import Redux
import ReduxTesting
import Testing

/// Runs the documentation's dependency and error-handling examples: the built-in generators and
/// unimplemented values of UsingDependencies.md, Effects.md's `run(operation:catch:)`, and the
/// examples in the generators' doc comments.
@Suite("Dependency documentation examples")
@MainActor
struct DependencyDocExamplesTests {
    init() { installTestReporter() }

    @Test func remindersAreStampedWithCountingIdentifiersAndTheFixedTestDate() async throws {
        let store = TestStore(initialState: [Reminder](), reducers: [remindersReducer])
        let zero = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        let one = try #require(UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        await store.send("add") { $0 = [Reminder(id: zero, createdAt: DateGenerator.testDate)] }
        store.dependencies.date.now = Date(timeIntervalSince1970: 0)
        await store.send("add") { $0.append(Reminder(id: one, createdAt: Date(timeIntervalSince1970: 0))) }
        await store.finish()
    }

    @Test func theWeatherTestValueReportsWhatTheTestDidNotOverride() async throws {
        let dependencies = weatherTestDependencies()
        #expect(try await dependencies.weather.forecast("Oslo") == "rain in Oslo")
        withKnownIssue {
            #expect(dependencies.weather.isAvailable() == false)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("WeatherClient.isAvailable") }
        }
        await withKnownIssue {
            await #expect(throws: UnimplementedDependencyError.self) {
                _ = try await Dependencies(context: .test).weather.forecast("Oslo")
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("WeatherClient.forecast") }
        }
    }

    @Test func theLoadEffectTurnsTheErrorIntoAnAction() async {
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        let client = SearchClient { _ in throw Offline() }
        let store = TestStore(initialState: Search(), reducers: [Reducer(id: "load", effects: { _, action in
            action == .queryChanged("go") ? loadEffect(client: client, query: "go") : .none
        })])
        await store.send(.queryChanged("go"))
        await store.receive(.searchFailed("offline"))
        await store.finish()
    }

    @Test func theGeneratorsDocCommentExamplesGiveWhatTheirCommentsSay() {
        let (first, second) = Dependencies.withValues { $0 = Dependencies(context: .test) } operation: {
            @Dependency(\.uuid) var uuid
            let first = uuid()   // 00000000-0000-0000-0000-000000000000 in a test
            let second = uuid()  // 00000000-0000-0000-0000-000000000001
            return (first, second)
        }
        #expect(first.uuidString == "00000000-0000-0000-0000-000000000000")
        #expect(second.uuidString == "00000000-0000-0000-0000-000000000001")

        var dependencies = Dependencies(context: .test)
        dependencies.date.now = Date(timeIntervalSince1970: 0)
        #expect(dependencies.date() == Date(timeIntervalSince1970: 0))
    }
}

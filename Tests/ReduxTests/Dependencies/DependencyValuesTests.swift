import Redux
import Testing

/// The container on its own: defaults by context, set values, the task-local scope and the
/// property wrapper.
@Suite("Dependencies container")
struct DependencyValuesTests {
    @Test func unsetKeyGivesLiveValueInLiveContextAndTestValueInTestContext() {
        #expect(Dependencies().greeting == "live greeting")
        #expect(Dependencies(context: .live).greeting == "live greeting")
        #expect(Dependencies(context: .test).greeting == "test greeting")
    }

    @Test func keyWithoutTestValueGivesItsLiveValueInTestContext() {
        #expect(Dependencies(context: .test).liveOnly == 7)
    }

    @Test func setValueWinsInEitherContextAndCopiesMadeBeforeAreUnchanged() {
        var dependencies = Dependencies(context: .test)
        let before = dependencies
        dependencies.greeting = "set"
        #expect(dependencies.greeting == "set")
        #expect(dependencies[GreetingDependencyKey.self] == "set")
        dependencies.context = .live
        #expect(dependencies.greeting == "set", "changing the context keeps the values set")
        #expect(dependencies.liveOnly == 7)
        #expect(before.greeting == "test greeting")
    }

    @Test func withValuesScopesCurrentAndRestoresIt() {
        #expect(Dependencies.current.greeting == "live greeting")
        let inside = Dependencies.withValues { $0.greeting = "scoped" } operation: {
            Dependencies.current.greeting
        }
        #expect(inside == "scoped")
        #expect(Dependencies.current.greeting == "live greeting")
    }

    @Test func nestedWithValuesStartFromTheEnclosingScope() {
        let (greeting, number) = Dependencies.withValues { $0.greeting = "outer" } operation: {
            Dependencies.withValues { $0.liveOnly = 8 } operation: {
                (Dependencies.current.greeting, Dependencies.current.liveOnly)
            }
        }
        #expect(greeting == "outer")
        #expect(number == 8)
    }

    @Test func asyncWithValuesReachesTheTasksItsOperationCreates() async {
        let seen = await Dependencies.withValues { $0.greeting = "async" } operation: {
            await Task { Dependencies.current.greeting }.value
        }
        #expect(seen == "async")
        #expect(Dependencies.current.greeting == "live greeting")
    }

    @Test func dependencyWrapperReadsCurrentAtAccessTimeThroughEitherInitializer() {
        @Dependency(\.greeting) var byKeyPath
        @Dependency(GreetingDependencyKey.self) var byKey
        #expect(byKeyPath == "live greeting")
        #expect(byKey == "live greeting")
        Dependencies.withValues { $0.greeting = "later" } operation: {
            // Created outside the scope, read inside it: the read sees the scope.
            #expect(byKeyPath == "later")
            #expect(byKey == "later")
        }
    }
}

import Foundation
import Redux
import Testing

/// The built-in generators: `\.uuid` random live and counting in tests, `\.date` now live and
/// fixed (and settable) in tests.
@Suite("Built-in generator dependencies")
struct GeneratorDependenciesTests {
    @Test func liveUUIDGeneratorMakesADifferentIdentifierEachCall() {
        let uuid = Dependencies().uuid
        #expect(uuid() != uuid())
    }

    @Test func incrementingUUIDGeneratorCountsUpFromZeroInTheLastTwelveDigits() {
        let uuid = UUIDGenerator.incrementing
        let made = (0..<17).map { _ in uuid().uuidString }
        #expect(made[0] == "00000000-0000-0000-0000-000000000000")
        #expect(made[1] == "00000000-0000-0000-0000-000000000001")
        #expect(made[2] == "00000000-0000-0000-0000-000000000002")
        #expect(made[16] == "00000000-0000-0000-0000-000000000010")
    }

    @Test func eachTestContainerCountsFromZeroAndItsCopiesShareTheCount() {
        let first = Dependencies(context: .test)
        let copy = first
        let second = Dependencies(context: .test)
        #expect(first.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(copy.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        #expect(second.uuid() == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    }

    @Test func aContainerSwitchedToTheTestContextCountsFromZero() {
        let zero = "00000000-0000-0000-0000-000000000000"
        let one = "00000000-0000-0000-0000-000000000001"
        for _ in 0..<2 {
            Dependencies.withValues { $0.context = .test } operation: {
                @Dependency(\.uuid) var uuid
                #expect(uuid().uuidString == zero)
                #expect(uuid().uuidString == one)
            }
        }
        var switched = Dependencies()
        switched.context = .test
        let copy = switched
        #expect(switched.uuid().uuidString == zero)
        #expect(copy.uuid().uuidString == one, "copies share the count")
        var other = Dependencies()
        other.context = .test
        #expect(other.uuid().uuidString == zero, "another container counts on its own")
        other.context = .test
        #expect(other.uuid().uuidString == one, "setting .test again keeps the count")
        other.context = .live
        #expect(other.uuid().uuidString != "00000000-0000-0000-0000-000000000002", "live again: random identifiers")
    }

    @Test func incrementingUUIDGeneratorGivesEveryConcurrentCallerADifferentIdentifier() async {
        let uuid = UUIDGenerator.incrementing
        let made = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<250).map { _ in uuid() } }
            }
            return await group.reduce(into: [UUID]()) { $0 += $1 }
        }
        #expect(Set(made).count == 2_000)
        #expect(Set(made.map { $0.uuidString }).contains("00000000-0000-0000-0000-0000000007CF"))
    }

    @Test func constantUUIDGeneratorGivesTheSameIdentifierEveryCall() throws {
        let id = try #require(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001"))
        var dependencies = Dependencies(context: .test)
        dependencies.uuid = .constant(id)
        #expect(dependencies.uuid() == id)
        #expect(dependencies.uuid() == id)
    }

    @Test func liveDateGeneratorTellsTheCurrentTime() {
        let before = Date()
        let now = Dependencies().date.now
        let after = Date()
        #expect(before <= now && now <= after)
    }

    @Test func testContainerDateIsFixedAtTheTestDateUntilSet() {
        var dependencies = Dependencies(context: .test)
        #expect(dependencies.date.now == DateGenerator.testDate)
        #expect(dependencies.date() == Date(timeIntervalSince1970: 1_767_225_600))

        dependencies.date.now = Date(timeIntervalSince1970: 42)
        #expect(dependencies.date.now == Date(timeIntervalSince1970: 42))
        dependencies.date = .constant(Date(timeIntervalSince1970: 7))
        #expect(dependencies.date() == Date(timeIntervalSince1970: 7))
    }
}

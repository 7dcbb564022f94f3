@testable import Redux
import Testing

/// Issue 7, collection of children: ids stay unique — an operation that would break that stops
/// the program, with a message naming the id (exit tests: each body runs in a child process,
/// and its standard error is checked for the message).
@Suite("IdentifiedArray preconditions", .timeLimit(.minutes(5)))
struct IdentifiedArrayPreconditionTests {
    private func expectMessage(
        _ result: ExitTest.Result?, naming text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let message = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        #expect(message.contains(text), "\(message)", sourceLocation: sourceLocation)
    }

    @Test func uniqueElementsWithADuplicateIDStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = IdentifiedArray(uniqueElements: [Row(1), Row(42), Row(42)])
        }
        expectMessage(result, naming: "duplicate id 42 at offsets 1 and 2")
    }

    @Test func anArrayLiteralWithADuplicateIDStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let rows: IdentifiedArray<Row> = [Row(7), Row(7)]
            _ = rows
        }
        expectMessage(result, naming: "duplicate id 7")
    }

    @Test func settingAnElementUnderAnotherIDStopsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(1)]
            rows[id: 1] = Row(2)
        }
        expectMessage(result, naming: "[id: 1]: the element set has a different id, 2")
    }

    @Test func changingTheIDThroughTheIDSubscriptStopsNamingBoth() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(3), Row(4)]
            rows[id: 3]?.id = 30
        }
        expectMessage(result, naming: "[id: 3]: the element set has a different id, 30")
    }

    @Test func withElementChangingToAnIDAnotherElementHasStopsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(1), Row(2)]
            rows.withElement(at: 0) { $0.id = 2 }
        }
        expectMessage(result, naming: "changed its id from 1 to 2, which the element at 1 has")
    }
}

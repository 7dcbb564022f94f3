import Foundation
@testable import ReduxTesting
import Testing

/// Issue 8, readable failures: `StateDump` renders any value structurally through `Mirror`, and
/// `structuralDiff(expected:actual:)` prints one tree with `-`/`+` lines only where two values
/// differ, collections aligned by a longest common subsequence, far unchanged siblings collapsed.
@Suite("StateDiff", .timeLimit(.minutes(5)))
struct StateDiffTests {
    struct Address: Equatable { var city: String; var zip: String }
    struct Account: Equatable { var name: String; var address: Address; var balance: Int }
    struct Form: Equatable { var draft: Address?; var selection: Int? }

    enum Phase: Equatable, CustomStringConvertible {
        case idle, loading(page: Int), loaded([Int]), failed(String, code: Int)
        /// The dump must show case names, not this.
        var description: String { "custom description" }
    }

    struct Screen: Equatable { var phase: Phase; var title = "t" }

    final class Node {
        var name: String
        var next: Node?
        init(_ name: String) { self.name = name }
    }

    struct Shared { var left: Node; var right: Node }

    class Base { var id = 1 }
    final class Derived: Base { var extra = "e" }

    private let account = Account(name: "Ada", address: Address(city: "London", zip: "N1"), balance: 10)

    // MARK: Equal values

    @Test func equalValuesHaveNoDiff() {
        #expect(structuralDiff(expected: account, actual: account) == nil)
        #expect(structuralDiff(expected: [1, 2, 3], actual: [1, 2, 3]) == nil)
        #expect(structuralDiff(expected: ["a": Set([1, 2])], actual: ["a": Set([2, 1])]) == nil)
        #expect(structuralDiff(expected: Screen(phase: .loaded([1])), actual: Screen(phase: .loaded([1]))) == nil)
        #expect(structuralDiff(expected: 1, actual: 2) != nil, "and different values have one")
    }

    // MARK: Structures

    @Test func aChangedNestedFieldIsTheOnlyMinusPlusPair() {
        var actual = account
        actual.address.city = "Paris"
        #expect(structuralDiff(expected: account, actual: actual) == """
            Difference: - expected, + actual
              Account(
                name: "Ada"
                address: Address(
            -     city: "London"
            +     city: "Paris"
                  zip: "N1"
                )
                balance: 10
              )
            """)
    }

    @Test func differentTopLevelLeavesAreOneMinusOnePlusLine() {
        #expect(structuralDiff(expected: "a", actual: "b") == """
            Difference: - expected, + actual
            - "a"
            + "b"
            """)
    }

    @Test func unchangedSiblingsFarFromAChangeAreCollapsed() {
        struct Wide: Equatable { var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7 }
        var actual = Wide()
        actual.d = 40
        #expect(structuralDiff(expected: Wide(), actual: actual) == """
            Difference: - expected, + actual
              Wide(
                … (2 unchanged)
                c: 3
            -   d: 4
            +   d: 40
                e: 5
                … (2 unchanged)
              )
            """)
    }

    // MARK: Collections

    @Test func anElementInsertedInTheMiddleIsOnePlusLine() {
        let expected = ["a", "b", "c", "d", "e", "f"]
        var actual = expected
        actual.insert("x", at: 3)
        #expect(structuralDiff(expected: expected, actual: actual) == """
            Difference: - expected, + actual
              [
                … (2 unchanged)
                [2]: "c"
            +   [3]: "x"
                [4]: "d"
                … (2 unchanged)
              ]
            """)
    }

    @Test func elementsRemovedAndInsertedApartAreAlignedByTheirValues() {
        // Not a prefix/suffix case: the common subsequence b, c, d, e lies between the changes.
        let expected = ["a", "b", "c", "d", "e"]
        let actual = ["b", "c", "d", "e", "z"]
        #expect(structuralDiff(expected: expected, actual: actual) == """
            Difference: - expected, + actual
              [
            -   [0]: "a"
                [0]: "b"
                … (2 unchanged)
                [3]: "e"
            +   [4]: "z"
              ]
            """)
    }

    @Test func anElementChangedInPlaceIsComparedInside() {
        let expected = [account, account]
        var actual = expected
        actual[1].balance = 11
        #expect(structuralDiff(expected: expected, actual: actual) == """
            Difference: - expected, + actual
              [
                [0]: Account(…)
                [1]: Account(
                  name: "Ada"
                  address: Address(city: "London", zip: "N1")
            -     balance: 10
            +     balance: 11
                )
              ]
            """)
    }

    @Test func aThousandElementArrayWithOneChangePrintsAFewLines() throws {
        let expected = Array(0..<1000)
        var actual = expected
        actual[500] = -1
        #expect(structuralDiff(expected: expected, actual: actual) == """
            Difference: - expected, + actual
              [
                … (499 unchanged)
                [499]: 499
            -   [500]: 500
            +   [500]: -1
                [501]: 501
                … (498 unchanged)
              ]
            """)

        var inserted = expected
        inserted.insert(7, at: 300)
        let text = try #require(structuralDiff(expected: expected, actual: inserted))
        let lines = text.split(separator: "\n").dropFirst()
        #expect(lines.count == 7, "the legend, the brackets, one line of context and a collapsed run on each side, the insertion")
        #expect(lines.filter { $0.hasPrefix("+") } == ["+   [300]: 7"])
        #expect(!lines.contains { $0.hasPrefix("-") }, "an insertion removes nothing")
    }

    @Test func middlesAboveTheAlignmentLimitArePairedIndexByIndex() throws {
        // A rotation by one: aligned, it is one removal and one insertion; paired index by index,
        // every element changes. 900 × 900 pairs are within the limit, 1,100 × 1,100 are not.
        func changeLines(_ count: Int) throws -> Int {
            let expected = Array(0..<count)
            let rotated = Array(expected.dropFirst()) + [0]
            let text = try #require(structuralDiff(expected: expected, actual: rotated))
            return text.split(separator: "\n").count { $0.hasPrefix("-") || $0.hasPrefix("+") }
        }
        #expect(900 * 900 <= StructuralDiff.alignmentCellLimit)
        #expect(1100 * 1100 > StructuralDiff.alignmentCellLimit)
        #expect(try changeLines(900) == 2)
        #expect(try changeLines(1100) == 2 * 1100)
    }

    @Test func dictionariesAreComparedByKey() {
        let expected = ["a": 1, "b": 2, "c": 3]
        let actual = ["b": 20, "c": 3, "d": 4]
        #expect(structuralDiff(expected: expected, actual: actual) == """
            Difference: - expected, + actual
              [
            -   "a": 1
            -   "b": 2
            +   "b": 20
                "c": 3
            +   "d": 4
              ]
            """)
    }

    @Test func setsAreSortedByElementTextWhateverTheirIterationOrder() {
        var reserved = Set<String>(minimumCapacity: 1000)
        for word in ["pear", "apple", "fig", "kiwi"] { reserved.insert(word) }
        let literal: Set = ["kiwi", "fig", "apple", "pear"]
        #expect(StateDump(of: reserved).text == StateDump(of: literal).text)
        #expect(StateDump(of: literal).text == """
            Set([
              "apple"
              "fig"
              "kiwi"
              "pear"
            ])
            """)
        #expect(structuralDiff(expected: literal, actual: literal.subtracting(["fig"]).union(["date"])) == """
            Difference: - expected, + actual
              Set([
                "apple"
            +   "date"
            -   "fig"
                "kiwi"
                "pear"
              ])
            """)
    }

    // MARK: Enums and optionals

    @Test func aDifferentEnumCaseIsTheWholeValue() {
        #expect(structuralDiff(expected: Screen(phase: .idle), actual: Screen(phase: .loading(page: 2))) == """
            Difference: - expected, + actual
              Screen(
            -   phase: .idle
            +   phase: .loading(page: 2)
                title: "t"
              )
            """)
    }

    @Test func aChangedPayloadIsComparedInsideUnlessItFitsOnOneLine() {
        #expect(structuralDiff(expected: Screen(phase: .failed("x", code: 3)), actual: Screen(phase: .failed("x", code: 4))) == """
            Difference: - expected, + actual
              Screen(
            -   phase: .failed("x", code: 3)
            +   phase: .failed("x", code: 4)
                title: "t"
              )
            """)
        #expect(structuralDiff(expected: Screen(phase: .loaded([1, 2, 3])), actual: Screen(phase: .loaded([1, 5, 3]))) == """
            Difference: - expected, + actual
              Screen(
                phase: .loaded(
                  [
                    [0]: 1
            -       [1]: 2
            +       [1]: 5
                    [2]: 3
                  ]
                )
                title: "t"
              )
            """)
    }

    @Test func optionalsShowNilOrTheWrappedValue() {
        let empty = Form(draft: nil, selection: nil)
        let filled = Form(draft: Address(city: "Oslo", zip: "0150"), selection: 3)
        #expect(structuralDiff(expected: empty, actual: filled) == """
            Difference: - expected, + actual
              Form(
            -   draft: nil
            +   draft: Address(
            +     city: "Oslo"
            +     zip: "0150"
            +   )
            -   selection: nil
            +   selection: 3
              )
            """)
        #expect(structuralDiff(expected: filled, actual: Form(draft: filled.draft, selection: nil)) == """
            Difference: - expected, + actual
              Form(
                draft: Address(city: "Oslo", zip: "0150")
            -   selection: 3
            +   selection: nil
              )
            """)
    }

    // MARK: Leaves

    @Test func leavesAreLiteralsOrDescriptions() throws {
        let uuid = try #require(UUID(uuidString: "3030B709-F200-488C-99F1-2AE795EA29A6"))
        let url = try #require(URL(string: "https://example.com/a"))
        let dump = StateDump(of: (
            "a\"b\n", Character("c"), true, 1.5, Phase.idle,
            Date(timeIntervalSinceReferenceDate: 0), uuid, url, Data([1, 255]), Duration.seconds(2)))
        #expect(dump.text == """
            (
              "a\\"b\\n"
              "c"
              true
              1.5
              .idle
              2001-01-01 00:00:00 +0000
              3030B709-F200-488C-99F1-2AE795EA29A6
              https://example.com/a
              Data(2 bytes: 0x01ff)
              2.0 seconds
            )
            """)
        #expect(StateDump(of: Date(timeIntervalSinceReferenceDate: 0)) != StateDump(of: Date(timeIntervalSinceReferenceDate: 0.25)),
                "dates a fraction of a second apart dump differently")
    }

    // MARK: Core types

    @Test func identifiedArrayDumpsAsAnArrayOfItsElements() {
        let rows = [Row(1), Row(2)]
        let identified = IdentifiedArray(uniqueElements: rows)
        #expect(StateDump(of: identified) == StateDump(of: rows))
        #expect(StateDump(of: identified).text == """
            [
              [0]: Row(
                id: 1
                title: "row 1"
                payload: []
              )
              [1]: Row(
                id: 2
                title: "row 2"
                payload: []
              )
            ]
            """)
        var renamed = identified
        renamed[id: 2]?.title = "two"
        #expect(structuralDiff(expected: identified, actual: renamed) == """
            Difference: - expected, + actual
              [
                [0]: Row(id: 1, title: "row 1", payload: [])
                [1]: Row(
                  id: 2
            -     title: "row 2"
            +     title: "two"
                  payload: []
                )
              ]
            """)
    }

    @Test func presentedDumpsAsItsValueWithoutTheGeneration() {
        let address = Address(city: "Oslo", zip: "0150")
        #expect(StateDump(of: Presented(address)) == StateDump(of: address))
        #expect(structuralDiff(expected: Presented(address), actual: Presented(address)) == nil,
                "two instances of an equal value (different generations) have no diff")
        var moved = Presented(address)
        moved.city = "Bergen"
        #expect(structuralDiff(expected: Optional(Presented(address)), actual: Optional(moved)) == """
            Difference: - expected, + actual
              Address(
            -   city: "Oslo"
            +   city: "Bergen"
                zip: "0150"
              )
            """)
    }

    // MARK: Classes

    @Test func aReferenceCycleEndsInACycleMarker() {
        let first = Node("a")
        first.next = Node("b")
        first.next?.next = first
        // Broken at the end, so LeakSanitizer does not report the cycle the test built.
        defer { first.next = nil }
        #expect(StateDump(of: first).text == """
            Node(
              name: "a"
              next: Node(
                name: "b"
                next: <cycle>
              )
            )
            """)
    }

    @Test func anInstanceSharedByTwoBranchesIsNotACycle() {
        let node = Node("n")
        #expect(StateDump(of: Shared(left: node, right: node)).text == """
            Shared(
              left: Node(
                name: "n"
                next: nil
              )
              right: Node(
                name: "n"
                next: nil
              )
            )
            """)
    }

    @Test func aSubclassShowsItsSuperclassPropertiesFirst() {
        #expect(StateDump(of: Derived()).line == #"Derived(id: 1, extra: "e")"#)
    }
}

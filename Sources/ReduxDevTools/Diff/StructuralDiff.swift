/// The difference between two values as one structural tree, or `nil` when their dumps are
/// equal: what the TestStore prints when the state after a step is not the expected one.
///
/// Both values are dumped (``StateDump/init(of:)``) and the dumps compared node by node. The
/// text starts with the legend line ``StructuralDiff/legend``; every other line starts with a
/// two-character marker — `"  "` unchanged, `"- "` only in `expected`, `"+ "` only in
/// `actual` — followed by two spaces of indentation per level:
///
/// ```text
/// Difference: - expected, + actual
///   Account(
///     name: "Ada"
///     address: Address(
/// -     city: "London"
/// +     city: "Paris"
///       zip: "N1"
///     )
///     balance: 10
///   )
/// ```
///
/// - Structures, tuples and enum values of the same case are compared property by property
///   (an enum whose case differs, or a tuple or payload short enough to print on one line,
///   is shown whole, `-` then `+`).
/// - Collections are aligned by a longest common subsequence of their elements (so an element
///   inserted in the middle is one `+` line); an element that changed in place is compared
///   inside. The common prefix and suffix are matched first; when the rest holds more than
///   ``StructuralDiff/alignmentCellLimit`` pairs of elements, it is matched index by index.
/// - Dictionaries are compared by key, sets by element (each sorted by its one-line text).
/// - Unchanged siblings more than ``StructuralDiff/context`` away from a change are collapsed
///   into `… (N unchanged)`; an unchanged sibling that is shown takes one line (its one-line
///   form, or `Name(…)` when that is long). A 1,000-element array with one changed element
///   prints nine lines, the legend included.
///
/// `nil` means the dumps are equal, which values that differ can also give (a value whose
/// `==` sees something its mirror hides, a `Double.nan`); a caller that knows the values
/// differ should say so without a diff.
///
/// - Complexity: O(size of both trees) plus, per collection, O(*n*·*m*) time and memory for
///   the unmatched middle parts of at most ``StructuralDiff/alignmentCellLimit`` pairs.
package func structuralDiff<Value>(expected: Value, actual: Value) -> String? {
    StructuralDiff.text(expected: StateDump(of: expected), actual: StateDump(of: actual))
}

/// The rules and the printer behind ``structuralDiff(expected:actual:)``.
package enum StructuralDiff {
    /// The first line of every diff.
    package static let legend = "Difference: - expected, + actual"

    /// How many unchanged siblings are shown on each side of a change.
    package static let context = 1

    /// The largest number of element pairs (expected × actual, after the common prefix and
    /// suffix are set aside) aligned by a longest common subsequence; above it, elements are
    /// paired index by index. 1,000,000 pairs take about 4 MB and a few milliseconds.
    package static let alignmentCellLimit = 1_000_000

    /// The diff of two dumps, `nil` when they are equal.
    package static func text(expected: StateDump, actual: StateDump) -> String? {
        guard expected != actual else { return nil }
        var printer = Printer()
        printer.change(expected: Child(label: nil, value: expected), actual: Child(label: nil, value: actual), depth: 0)
        return ([legend] + printer.lines).joined(separator: "\n")
    }

    package typealias Child = StateDump.Child

    /// How a child of two compared nodes fares.
    package enum Item: Equatable {
        /// Equal on both sides (the actual child).
        case same(Child)
        /// Present on both sides with different dumps.
        case changed(expected: Child, actual: Child)
        /// Only in the expected node.
        case removed(Child)
        /// Only in the actual node.
        case added(Child)
    }

    /// The children of `expected` and `actual` matched up, or `nil` when the nodes cannot be
    /// compared inside (different kinds, types or enum cases, or printed on one line) and are
    /// shown whole instead.
    package static func items(expected: StateDump, actual: StateDump) -> [Item]? {
        guard expected.kind == actual.kind, expected.head == actual.head else { return nil }
        switch expected.kind {
        case .leaf:
            return nil
        case .tuple, .enumCase, .structure:
            if expected.kind != .structure, expected.isInline || actual.isInline { return nil }
            guard expected.children.map(\.label) == actual.children.map(\.label) else { return nil }
            return zip(expected.children, actual.children).map { pair($0, $1) }
        case .collection:
            return Alignment.items(expected: expected.children, actual: actual.children)
        case .dictionary:
            return merge(expected.children, actual.children) { $0.label ?? "" }
        case .set:
            return merge(expected.children, actual.children) { $0.value.line }
        }
    }

    /// `.same` or `.changed`.
    static func pair(_ expected: Child, _ actual: Child) -> Item {
        expected.value == actual.value ? .same(actual) : .changed(expected: expected, actual: actual)
    }

    /// Matches two lists sorted by `key` (dictionary entries, set elements).
    private static func merge(_ expected: [Child], _ actual: [Child], key: (Child) -> String) -> [Item] {
        var items: [Item] = []
        var e = 0, a = 0
        let expectedKeys = expected.map(key), actualKeys = actual.map(key)
        while e < expected.count || a < actual.count {
            if a == actual.count || (e < expected.count && expectedKeys[e] < actualKeys[a]) {
                items.append(.removed(expected[e])); e += 1
            } else if e == expected.count || actualKeys[a] < expectedKeys[e] {
                items.append(.added(actual[a])); a += 1
            } else {
                items.append(pair(expected[e], actual[a])); e += 1; a += 1
            }
        }
        return items
    }

    /// Collects the lines of a diff.
    struct Printer {
        private(set) var lines: [String] = []

        mutating func emit(_ mark: Character, _ depth: Int, _ text: String) {
            lines.append(String(mark) + " " + String(repeating: "  ", count: depth) + text)
        }

        /// Two children that differ: compared inside when they can be, else shown whole.
        mutating func change(expected: Child, actual: Child, depth: Int) {
            guard let items = StructuralDiff.items(expected: expected.value, actual: actual.value) else {
                whole("-", expected, depth)
                whole("+", actual, depth)
                return
            }
            let (open, close) = actual.value.brackets
            emit(" ", depth, prefix(actual.label) + open)
            children(items, depth: depth + 1)
            emit(" ", depth, close)
        }

        /// The children's items, unchanged ones far from a change collapsed.
        mutating func children(_ items: [Item], depth: Int) {
            var shown = [Bool](repeating: false, count: items.count)
            for (index, item) in items.enumerated() {
                if case .same = item { continue }
                for near in max(0, index - context)...min(items.count - 1, index + context) { shown[near] = true }
            }
            var index = 0
            while index < items.count {
                var end = index
                while end < items.count, !shown[end] { end += 1 }
                if end - index >= 2 {
                    emit(" ", depth, "… (\(end - index) unchanged)")
                    index = end
                    continue
                }
                item(items[index], depth: depth)
                index += 1
            }
        }

        private mutating func item(_ item: Item, depth: Int) {
            switch item {
            case .same(let child): emit(" ", depth, prefix(child.label) + child.value.summary)
            case .changed(let expected, let actual): change(expected: expected, actual: actual, depth: depth)
            case .removed(let child): whole("-", child, depth)
            case .added(let child): whole("+", child, depth)
            }
        }

        private mutating func whole(_ mark: Character, _ child: Child, _ depth: Int) {
            child.value.appendLines(label: child.label, depth: depth) { emit(mark, $0, $1) }
        }

        private func prefix(_ label: String?) -> String {
            label.map { $0 + ": " } ?? ""
        }
    }
}

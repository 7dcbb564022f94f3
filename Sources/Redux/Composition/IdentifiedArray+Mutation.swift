import Foundation

// Insertion, removal and reordering. Each element's slot (`slots`, see IdentifiedArray) travels
// with it: insertion under a new id takes a new one; removal drops it; replacing, moving,
// swapping, sorting and reversing keep every element's generation. Identity is the id alone.
// Stamps: a call that changes something takes one fresh number, for the content stamp and, as
// the case may be, the structure stamp and the stamp of the element it replaced; a call that
// changes nothing (an existing id appended, an absent id removed, a swap or move of an index
// with itself, nothing to remove) keeps every stamp.

extension IdentifiedArray {
    /// Appends `element` if its id is new; otherwise changes nothing.
    ///
    /// - Returns: Whether it was inserted, and the index of the element with its id (the
    ///   existing one's when not inserted).
    /// - Complexity: Amortised O(1) on average.
    @inlinable
    @discardableResult
    public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
        let id = element.id
        if let existing = positions[id] { return (false, existing) }
        appendNew(element, id: id)
        return (true, storage.count - 1)
    }

    /// Inserts `element` at `index` (in `0...count`: precondition) if its id is new; otherwise
    /// changes nothing (the existing element is neither replaced nor moved).
    ///
    /// - Returns: Whether it was inserted, and the index of the element with its id.
    /// - Complexity: O(*n*): every later element's index is re-recorded.
    @inlinable
    @discardableResult
    public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
        let id = element.id
        if let existing = positions[id] { return (false, existing) }
        precondition(index >= 0 && index <= storage.count, "IdentifiedArray.insert(_:at:): index \(index) out of 0...\(storage.count)")
        let fresh = ChangeStamp.next()
        storage.insert(element, at: index)
        slots.insert(ElementSlot(generation: fresh, stamp: fresh), at: index)
        reindex(from: index)
        stamp = fresh
        structureStamp = fresh
        return (true, index)
    }

    /// Replaces the element with `element`'s id in its place, or appends `element` if the id is
    /// new.
    ///
    /// When `Element` is `Equatable`, an overload is chosen instead that changes no stamp when
    /// `element` is equal to the one it replaces; this one treats every replacement as a change.
    ///
    /// - Returns: The element replaced, or `nil` if `element` was appended.
    /// - Complexity: O(1) on average (amortised when appending).
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        replaceOrAppend(element) { _, _ in true }
    }

    /// Removes the element with `id`.
    ///
    /// - Returns: The element removed, or `nil` if there was none.
    /// - Complexity: O(*n*): every later element's index is re-recorded (O(1) for the last).
    @inlinable
    @discardableResult
    public mutating func remove(id: Element.ID) -> Element? {
        guard let index = positions[id] else { return nil }
        return remove(at: index)
    }

    /// Removes the element at `index` (a valid index: precondition).
    ///
    /// - Complexity: O(*n*): every later element's index is re-recorded (O(1) for the last).
    @inlinable
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = storage.remove(at: index)
        slots.remove(at: index)
        positions[element.id] = nil
        reindex(from: index)
        stampStructure()
        return element
    }

    /// Removes the elements at `offsets` (all valid: precondition) — SwiftUI's `onDelete` shape.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func remove(atOffsets offsets: IndexSet) {
        guard let last = offsets.last else { return }
        precondition(offsets.first! >= 0 && last < storage.count, "IdentifiedArray.remove(atOffsets:): offsets \(offsets) out of 0..<\(storage.count)")
        removeElements(atAscending: Array(offsets))
    }

    /// Removes every element.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        let wasEmpty = storage.isEmpty
        storage.removeAll(keepingCapacity: keepCapacity)
        slots.removeAll(keepingCapacity: keepCapacity)
        positions.removeAll(keepingCapacity: keepCapacity)
        if !wasEmpty { stampStructure() }
    }

    /// Removes the elements for which `shouldBeRemoved` is true, keeping the order of the rest.
    ///
    /// `shouldBeRemoved` sees every element before anything is removed; if it throws, the error
    /// is rethrown and the collection is unchanged.
    ///
    /// - Complexity: O(*n*), plus the cost of `shouldBeRemoved`.
    @inlinable
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var doomed: [Int] = []
        for index in storage.indices where try shouldBeRemoved(storage[index]) {
            doomed.append(index)
        }
        removeElements(atAscending: doomed)
    }

    /// Removes the elements at `doomed` (valid, ascending, distinct), keeping the order of the
    /// rest: one pass from the first removed index.
    @inlinable
    mutating func removeElements(atAscending doomed: [Int]) {
        guard let first = doomed.first else { return }
        var write = first
        var next = 0
        for read in first..<storage.count {
            if next < doomed.count && doomed[next] == read {
                positions[storage[read].id] = nil
                next += 1
                continue
            }
            storage.swapAt(write, read)
            slots.swapAt(write, read)
            positions[storage[write].id] = write
            write += 1
        }
        storage.removeSubrange(write...)
        slots.removeSubrange(write...)
        stampStructure()
    }

    /// Moves the elements at `source` to just before the element that was at `destination`
    /// (`destination` in `0...count`, every offset valid: preconditions), keeping their
    /// relative order — the shape of SwiftUI's `onMove`.
    ///
    /// - Complexity: O(*n*) (the span between the moved elements and `destination`).
    @inlinable
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        precondition(destination >= 0 && destination <= storage.count, "IdentifiedArray.move(fromOffsets:toOffset:): destination \(destination) out of 0...\(storage.count)")
        guard let first = source.first, let last = source.last else { return }
        precondition(first >= 0 && last < storage.count, "IdentifiedArray.move(fromOffsets:toOffset:): offsets \(source) out of 0..<\(storage.count)")
        let span = Swift.min(first, destination)..<Swift.max(last + 1, destination)
        var order: [Int] = []
        order.reserveCapacity(span.count)
        for index in span.lowerBound..<destination where !source.contains(index) { order.append(index) }
        order.append(contentsOf: source)
        for index in destination..<span.upperBound where !source.contains(index) { order.append(index) }
        permute(span, into: order)
    }

    /// Moves the element at `source` so that it ends up at index `destination` (both valid
    /// indices: precondition), shifting the elements between.
    ///
    /// - Complexity: O(|`source` − `destination`|).
    @inlinable
    public mutating func move(from source: Int, to destination: Int) {
        precondition(storage.indices.contains(source) && storage.indices.contains(destination), "IdentifiedArray.move(from:to:): \(source) → \(destination) out of 0..<\(storage.count)")
        guard source != destination else { return }
        let element = storage.remove(at: source)
        storage.insert(element, at: destination)
        let slot = slots.remove(at: source)
        slots.insert(slot, at: destination)
        stampStructure()
        reindex(Swift.min(source, destination)..<(Swift.max(source, destination) + 1))
    }

    /// Exchanges the elements at `i` and `j` (valid indices: precondition), each with its
    /// bookkeeping.
    ///
    /// This is the `MutableCollection` requirement, so the standard library's algorithms that
    /// reorder through it (`partition(by:)`, `shuffle()`, …) keep the collection consistent.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public mutating func swapAt(_ i: Int, _ j: Int) {
        guard i != j else { return }
        storage.swapAt(i, j)
        slots.swapAt(i, j)
        positions[storage[i].id] = i
        positions[storage[j].id] = j
        stampStructure()
    }

    /// Sorts the elements in place by `areInIncreasingOrder`.
    ///
    /// The order is computed before anything moves: if `areInIncreasingOrder` throws, the
    /// error is rethrown and the collection is unchanged.
    ///
    /// - Complexity: O(*n* log *n*) comparisons, plus O(*n*).
    @inlinable
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        let order = try storage.indices.sorted { try areInIncreasingOrder(storage[$0], storage[$1]) }
        permute(storage.indices, into: order)
    }

    /// Reverses the order of the elements.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func reverse() {
        guard storage.count > 1 else { return }
        storage.reverse()
        slots.reverse()
        reindex(storage.indices)
        stampStructure()
    }

    /// Rearranges `span` so that its elements (and slots) are those at `order`, in that order
    /// (`order` is a permutation of `span`), and takes a fresh structure stamp; when `order`
    /// leaves every element in its place, changes nothing (a sort of a sorted collection keeps
    /// its stamps and does not copy a shared buffer).
    @inlinable
    mutating func permute(_ span: Range<Int>, into order: [Int]) {
        if order.elementsEqual(span) { return }
        let elements = order.map { storage[$0] }
        let moved = order.map { slots[$0] }
        storage.replaceSubrange(span, with: elements)
        slots.replaceSubrange(span, with: moved)
        reindex(span)
        stampStructure()
    }
}

extension IdentifiedArray where Element: Comparable {
    /// Sorts the elements in ascending order.
    ///
    /// - Complexity: O(*n* log *n*).
    @inlinable
    public mutating func sort() {
        sort(by: <)
    }
}

// Positional writes. The element at a position can be read, replaced and mutated in place like
// an array's; the bookkeeping (ids, slots, stamps) follows every write. Reordering goes through
// the collection's own `swapAt(_:_:)` (in +Mutation), so the standard library's algorithms
// built on it keep the ids consistent.

extension IdentifiedArray: MutableCollection {
    /// The element at `position` (a valid index: precondition), read, replaced or mutated in
    /// place like an array's element (`rows[2].title = "Done"` does not copy the element).
    ///
    /// A write that keeps the element's id replaces or changes it where it is. A write that
    /// changes the id, by assignment or in place, gives the position the new id: the old id
    /// leaves the collection and the new one enters at that place (for a lifted child feature,
    /// the old id's instance ends and the new id's begins, as with a removal and an insertion).
    /// A write that would give the element an id another element holds stops the program with a
    /// message naming both ids and the other element's index.
    ///
    /// Reordering algorithms built on ``swapAt(_:_:)`` (`partition(by:)`, `shuffle()`) keep the
    /// collection consistent, as do this type's own ``sort(by:)``, ``reverse()`` and moves. An
    /// algorithm that writes the elements back one by one passes through a moment where two
    /// positions hold the same id, and so stops the program: the standard library's `sort` when
    /// it is reached from generic code (concrete code calls this type's ``sort(by:)``), and the
    /// mutating algorithms of a slice (`rows[1...].sort()`, `rows[1...].reverse()`); sort or move
    /// the whole collection instead. `withContiguousMutableStorageIfAvailable` returns `nil`, so
    /// no algorithm writes around the bookkeeping.
    ///
    /// Not thread-safe by itself (a value type, like `Array`).
    ///
    /// - Complexity: O(1) on average for reading, replacing and mutating in place.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            storage[position]
        }
        set {
            assign(newValue, at: position) { _, _ in true }
        }
        _modify {
            yield &self[inPlaceAt: position]
        }
    }

    /// The element at `position`, mutated in place: the body of both positional subscripts'
    /// `_modify` (always a change: comparing would need a copy from before).
    @inlinable
    subscript(inPlaceAt position: Int) -> Element {
        get {
            storage[position]
        }
        _modify {
            let oldID = storage[position].id
            stampElement(at: position)
            defer {
                let newID = storage[position].id
                if newID != oldID { recordIDChange(at: position, from: oldID, to: newID) }
            }
            yield &storage[position]
        }
    }

    /// The setter of both positional subscripts: replaces the element at `position`, taking a
    /// new element stamp when `changes(old, new)` (or the id changes).
    @inlinable
    mutating func assign(_ newValue: Element, at position: Int, changes: (Element, Element) -> Bool) {
        let oldID = storage[position].id
        let newID = newValue.id
        if newID != oldID {
            // Checked before the write, so that a stopped program leaves nothing half done.
            if let other = positions[newID] {
                preconditionFailure(
                    "IdentifiedArray[\(position)]: the element set has id \(newID) instead of \(oldID), which the element at \(other) has")
            }
        }
        let changed = newID != oldID || changes(storage[position], newValue)
        storage[position] = newValue
        if changed { stampElement(at: position) }
        if newID != oldID { recordIDChange(at: position, from: oldID, to: newID) }
    }
}

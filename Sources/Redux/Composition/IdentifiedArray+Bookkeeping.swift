// Internal access for the lifting code and the store's observation, and the bookkeeping of
// positions, slots and stamps behind every mutation.

extension IdentifiedArray {
    /// Runs `body` on the element at `index`, in place (the element is not copied), and returns
    /// its result. If `body` changed the element's id, the new id is recorded for `index`; a new
    /// id that another element holds stops the program with a message naming it. The element's
    /// generation is kept; its stamp and the content stamp change (and the structure stamp, when
    /// the id changed), whether or not `body` wrote anything. `index` must be valid
    /// (precondition). Errors from `body` are rethrown, after the id bookkeeping.
    ///
    /// - Complexity: O(1) on average, plus the cost of `body`.
    @inlinable
    mutating func withElement<R>(at index: Int, _ body: (inout Element) throws -> R) rethrows -> R {
        let oldID = storage[index].id
        stampElement(at: index)
        defer {
            let newID = storage[index].id
            if newID != oldID { recordIDChange(at: index, from: oldID, to: newID) }
        }
        return try body(&storage[index])
    }

    /// The generation of the element at `index` (a valid index: precondition).
    ///
    /// - Complexity: O(1).
    @inlinable
    func generation(at index: Int) -> UInt64 {
        slots[index].generation
    }

    /// The generation of the element with `id`, or `nil` if there is none.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func generation(of id: Element.ID) -> UInt64? {
        guard let index = positions[id] else { return nil }
        return slots[index].generation
    }

    /// The stamp of the element at `index` (a valid index: precondition): taken when it was
    /// inserted, renewed whenever it was mutated or replaced (not by an equal element through
    /// an `Equatable` setter); moves with the element.
    ///
    /// - Complexity: O(1).
    @inlinable
    func stamp(at index: Int) -> UInt64 {
        slots[index].stamp
    }

    /// The stamp of the element at `index`, or 0 when `index` is past the end.
    ///
    /// - Complexity: O(1).
    @inlinable
    func stampIfPresent(at index: Int) -> UInt64 {
        index < slots.count ? slots[index].stamp : 0
    }

    /// The index and stamp of the element with `id`, or `(0, 0)` when there is none.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func indexAndStamp(of id: Element.ID) -> (index: Int, stamp: UInt64) {
        guard let index = positions[id] else { return (0, 0) }
        return (index, slots[index].stamp)
    }

    /// The stamp of the element with `id` (see ``stamp(at:)``), or `nil` if there is none.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    func stamp(of id: Element.ID) -> UInt64? {
        guard let index = positions[id] else { return nil }
        return slots[index].stamp
    }

    /// What is inconsistent between `storage`, `slots`, `positions` and the stamps, or `nil`
    /// when they agree (the same count; each element's id maps to its index; generations
    /// non-zero and distinct; stamps non-zero, no element's stamp and not the structure stamp
    /// newer than the content stamp). For tests and debugging only: O(*n*), never called by the
    /// library.
    var invariantViolation: String? {
        if slots.count != storage.count {
            return "\(storage.count) elements but \(slots.count) slots"
        }
        if positions.count != storage.count {
            return "\(storage.count) elements but \(positions.count) positions"
        }
        if stamp == 0 || structureStamp == 0 { return "stamp \(stamp), structure stamp \(structureStamp)" }
        if structureStamp > stamp { return "structure stamp \(structureStamp) newer than the stamp \(stamp)" }
        var seen = Set<UInt64>(minimumCapacity: slots.count)
        for (index, element) in storage.enumerated() {
            if positions[element.id] != index {
                return "id \(element.id) at \(index) is recorded at \(positions[element.id].map(String.init) ?? "nil")"
            }
            let slot = slots[index]
            if slot.generation == 0 { return "generation 0 at \(index)" }
            if !seen.insert(slot.generation).inserted { return "generation \(slot.generation) twice (at \(index))" }
            if slot.stamp == 0 { return "element stamp 0 at \(index)" }
            if slot.stamp > stamp { return "element stamp \(slot.stamp) at \(index) newer than the stamp \(stamp)" }
        }
        return nil
    }

    // MARK: Bookkeeping

    /// Appends `element` (whose id is `id` and not present) with a new generation; one fresh
    /// number is its generation, its stamp, the content and the structure stamp.
    @inlinable
    mutating func appendNew(_ element: Element, id: Element.ID) {
        let fresh = ChangeStamp.next()
        positions[id] = storage.count
        storage.append(element)
        slots.append(ElementSlot(generation: fresh, stamp: fresh))
        stamp = fresh
        structureStamp = fresh
    }

    /// Records a change of the element at `index` (a valid index): one fresh stamp for it and
    /// for the content.
    @inlinable
    mutating func stampElement(at index: Int) {
        let fresh = ChangeStamp.next()
        slots[index].stamp = fresh
        stamp = fresh
    }

    /// Records a change of the ids or their order: one fresh content and structure stamp.
    @inlinable
    mutating func stampStructure() {
        let fresh = ChangeStamp.next()
        stamp = fresh
        structureStamp = fresh
    }

    /// Re-records the index of every element in `range`.
    @inlinable
    mutating func reindex(_ range: Range<Int>) {
        for index in range {
            positions[storage[index].id] = index
        }
    }

    /// Re-records the index of every element from `start` to the end.
    @inlinable
    mutating func reindex(from start: Int) {
        reindex(start..<storage.count)
    }

    @inlinable
    func checkID(of element: Element, isKey id: Element.ID) {
        precondition(
            element.id == id,
            "IdentifiedArray[id: \(id)]: the element set has a different id, \(element.id)")
    }

    /// Moves the element at `index` out of `storage`, leaving the last element in its place
    /// (its slot stays at `index`).
    @inlinable
    mutating func takeElement(at index: Int) -> Element {
        storage.swapAt(index, storage.count - 1)
        return storage.removeLast()
    }

    /// Undoes ``takeElement(at:)``: puts `element` back at `index` with a fresh stamp, or, for
    /// `nil`, removes the element that was there (with its slot and id) and restores the order
    /// of the rest.
    @inlinable
    mutating func restore(_ element: Element?, takenFrom index: Int, id: Element.ID) {
        if let element {
            checkID(of: element, isKey: id)
            storage.append(element)
            storage.swapAt(index, storage.count - 1)
            stampElement(at: index)
        } else {
            if index < storage.count {
                let last = storage.remove(at: index)
                storage.append(last)
            }
            slots.remove(at: index)
            positions[id] = nil
            reindex(from: index)
            stampStructure()
        }
    }

    /// Records that the element at `index` now has `newID` instead of `oldID`, and that the
    /// structure changed: the structure stamp takes the content stamp's value, which the caller
    /// has just renewed.
    @usableFromInline
    mutating func recordIDChange(at index: Int, from oldID: Element.ID, to newID: Element.ID) {
        if let other = positions[newID] {
            preconditionFailure(
                "IdentifiedArray: the element at \(index) changed its id from \(oldID) to \(newID), which the element at \(other) has")
        }
        positions[oldID] = nil
        positions[newID] = index
        structureStamp = stamp
    }
}

// Assignments that compare. When the elements are `Equatable`, replacing an element by an equal
// one through the setter of `subscript(id:)` or of the positional subscript, or through
// `updateOrAppend(_:)`, keeps every stamp,
// so an observer of the element, the content or the structure sees no change. The two values are
// compared while the setter holds both; no copy is kept. These overloads are more specific than
// the unconstrained ones, so concrete code with an `Equatable` element calls them; generic code
// that only knows `Element: Identifiable` calls the unconstrained ones, which count every
// replacement as a change (never a missed change). An in-place mutation (`_modify`) always counts
// as a change: comparing would need a copy of the element from before it.

extension IdentifiedArray where Element: Equatable {
    /// The element with `id`, or `nil`: the same subscript as the unconstrained one, for
    /// `Equatable` elements.
    ///
    /// Setting `nil` removes the element (O(*n*)); setting an element for an id the collection
    /// does not hold appends it; setting one for an existing id replaces that element in its
    /// place — when the element set is equal to the one it replaces, the collection's change
    /// stamps stay as they were (its value is equal anyway; the element set is the one kept). A
    /// mutation through this subscript (`array[id: id]?.count += 1`) changes the element in
    /// place, without copying it. The element set must have the id it is set under: anything
    /// else stops the program with a message naming both ids.
    ///
    /// - Complexity: Reading and mutating in place are O(1) on average; replacing is O(1) on
    ///   average plus one `==`; appending is amortised O(1); removing is O(*n*).
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            self[inPlace: id]
        }
        set {
            assign(newValue, id: id, changes: !=)
        }
        _modify {
            yield &self[inPlace: id]
        }
    }

    /// The element at `position`: the same subscript as the unconstrained one, for `Equatable`
    /// elements. Setting an element equal to the one at `position` keeps the collection's change
    /// stamps as they were; a mutation in place always counts as a change.
    ///
    /// - Complexity: O(1) on average, plus one `==` when replacing.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            storage[position]
        }
        set {
            assign(newValue, at: position, changes: !=)
        }
        _modify {
            yield &self[inPlaceAt: position]
        }
    }

    /// Replaces the element with `element`'s id in its place, or appends `element` if the id is
    /// new: the same method as the unconstrained one, for `Equatable` elements. When `element`
    /// is equal to the one it replaces, the collection's change stamps stay as they were.
    ///
    /// - Returns: The element replaced, or `nil` if `element` was appended.
    /// - Complexity: O(1) on average (amortised when appending), plus one `==` when replacing.
    @inlinable
    @discardableResult
    public mutating func updateOrAppend(_ element: Element) -> Element? {
        replaceOrAppend(element, changes: !=)
    }
}

/// The bookkeeping an ``IdentifiedArray`` keeps beside each element, in the same order as the
/// elements: it moves with its element (moves, swaps, sorts, reversals) and is dropped with it.
@usableFromInline
struct ElementSlot: Sendable {
    /// Taken when the element is inserted under an id the collection did not hold; kept while
    /// the element is mutated, replaced by id or moved. Never 0. Not identity (an element
    /// instance is its id): bookkeeping that travels with the element.
    @usableFromInline var generation: UInt64
    /// A ``ChangeStamp`` taken when the element is inserted and whenever it is mutated or
    /// replaced by an element that is not known to be equal. Never 0.
    @usableFromInline var stamp: UInt64

    @inlinable
    init(generation: UInt64, stamp: UInt64) {
        self.generation = generation
        self.stamp = stamp
    }
}

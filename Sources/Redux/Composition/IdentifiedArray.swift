/// An ordered collection of `Identifiable` elements with unique ids and O(1) lookup by id: the
/// state of a list of child features (rows, tabs, downloads), each addressed by its id.
///
/// The idea comes from The Composable Architecture's `IdentifiedArray`; this type is written
/// for this library. It behaves like an array (a `RandomAccessCollection` and
/// `MutableCollection` with `Int` indices from 0, in insertion order unless moved or sorted)
/// with a dictionary from id to index beside it.
///
/// **A row is its id.** When a child feature is lifted over the collection (see
/// <doc:Composition>), the element with an id is one child instance for as long as that id is in
/// the collection at the end of every reducer chain. Rebuilding the collection from the old
/// elements, sorting, filtering, moving, reassigning it, or replacing an element with one that
/// has the same id — in one reducer or across the reducers of one chain — keeps the instance
/// and its work in flight:
///
/// ```swift
/// let old = state.rows
/// state.rows = IdentifiedArray(uniqueElements: results.map { old[id: $0.id] ?? Row($0) })
/// ```
///
/// An id that is absent when a reducer chain ends ends its instance: its effects are cancelled
/// and what they still send is dropped; the id added again by a later action is a new instance.
/// `==`, `hash(into:)`, `Codable`, descriptions and the mirror see only the elements.
///
/// **Change stamps.** Beside the elements the collection keeps numbers that let the store's
/// observation tell what changed without holding an old copy (holding one would make the next
/// in-place write copy the buffer): a stamp for the whole content, a stamp for the structure
/// (the ids and their order), and a stamp per element. Each is a fresh number from one
/// process-wide counter: every initialisation and decoding takes new ones (a rebuilt or decoded
/// collection never carries an old stamp), every mutation of the content takes a new content
/// stamp, every change of the ids or their order a new structure stamp, and every insertion,
/// in-place mutation or replacement of an element a new stamp for that element, which moves
/// with it. Assigning an element equal to the one it replaces, through `subscript(id:)` or
/// `updateOrAppend(_:)` when `Element` is `Equatable`, changes no stamp; a mutation in place
/// always does. The stamps are bookkeeping, not part of the value: `==`, `hash(into:)`,
/// `Codable`, descriptions and the mirror ignore them, so two equal collections may carry
/// different stamps.
///
/// Ids must stay unique: an operation that would make two elements share an id stops the
/// program with a message naming the id (inserting an existing id is not such an operation — it
/// reports `inserted: false`).
///
/// Not thread-safe by itself; a value type like `Array` (copy-on-write), `Sendable` when its
/// elements and their ids are.
///
/// - Complexity: Lookup by id (`subscript(id:)`, ``index(id:)``, ``contains(id:)``) is O(1)
///   on average; appending is amortised O(1); inserting or removing anywhere but the end is
///   O(*n*), because the index of every later element is re-recorded.
public struct IdentifiedArray<Element: Identifiable> {
    /// The elements, in order.
    @usableFromInline var storage: [Element]
    /// The bookkeeping of `storage[i]` at `i` (same count as `storage`): its generation and its
    /// stamp (see ``ElementSlot``). A slot moves with its element (moves, swaps, sorts, in-place
    /// mutation and replacement by id keep its generation) and is dropped with it.
    @usableFromInline var slots: [ElementSlot]
    /// The index in `storage` of each id (one entry per element).
    @usableFromInline var positions: [Element.ID: Int]
    /// The content stamp: a fresh ``ChangeStamp`` on every initialisation, decoding and mutation
    /// of anything (elements, ids, order). Never 0. A stored property, so that an observer can
    /// read it at its offset in the value.
    @usableFromInline var stamp: UInt64
    /// The structure stamp: a fresh ``ChangeStamp`` on initialisation and decoding and whenever
    /// the ids or their order change (insertion, removal, moves, swaps, sorts, reversal, an
    /// element's id changing); kept by mutations of an element's content. Never 0. Each change
    /// of it is also a change of ``stamp`` (with the same value). A stored property.
    @usableFromInline var structureStamp: UInt64

    /// An empty collection.
    ///
    /// - Complexity: O(1).
    @inlinable
    public init() {
        storage = []
        slots = []
        positions = [:]
        let fresh = ChangeStamp.next()
        stamp = fresh
        structureStamp = fresh
    }

    /// A collection of `elements` in their order; their ids must be unique.
    ///
    /// Stops the program (precondition failure naming the id) if two elements share an id.
    ///
    /// - Complexity: O(*n*) on average.
    @inlinable
    public init(uniqueElements elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            let id = element.id
            if let existing = positions[id] {
                preconditionFailure(
                    "IdentifiedArray(uniqueElements:): duplicate id \(id) at offsets \(existing) and \(storage.count)")
            }
            appendNew(element, id: id)
        }
    }

    /// A collection of `elements` in the order their ids first appear; when an id appears
    /// again, `combine(stored, new)` gives the element kept for it (at the first one's place).
    ///
    /// - Parameters:
    ///   - elements: The elements, in order; ids may repeat.
    ///   - combine: Called with the element kept so far and the later one; its result must have
    ///     the same id (precondition). Errors it throws are rethrown.
    /// - Complexity: O(*n*) on average, plus the cost of `combine`.
    @inlinable
    public init(
        _ elements: some Sequence<Element>,
        uniquingIDsWith combine: (Element, Element) throws -> Element
    ) rethrows {
        self.init()
        for element in elements {
            let id = element.id
            if let index = positions[id] {
                let combined = try combine(storage[index], element)
                precondition(
                    combined.id == id,
                    "IdentifiedArray(_:uniquingIDsWith:): combining two elements with id \(id) gave id \(combined.id)")
                storage[index] = combined
            } else {
                appendNew(element, id: id)
            }
        }
    }

    /// The ids of the elements, in order.
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public var ids: [Element.ID] { storage.map(\.id) }

    /// The elements as an array, in order.
    ///
    /// - Complexity: O(1) (the array shares the collection's storage until one is mutated).
    @inlinable
    public var elements: [Element] { storage }

    /// Whether an element has `id`.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func contains(id: Element.ID) -> Bool {
        positions[id] != nil
    }

    /// The index of the element with `id`, or `nil` if there is none.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func index(id: Element.ID) -> Int? {
        positions[id]
    }

    /// The element with `id`, or `nil`.
    ///
    /// Setting `nil` removes the element (O(*n*)); setting an element for an id the collection
    /// does not hold appends it; setting one for an existing id replaces that element in its
    /// place. A mutation through this subscript
    /// (`array[id: id]?.count += 1`) changes the element in place, without copying it. The
    /// element set must have the id it is set under: anything else stops the program with a
    /// message naming both ids.
    ///
    /// When `Element` is `Equatable`, an overload of this subscript is chosen instead, which
    /// changes no stamp when the element set is equal to the one it replaces (see the type's
    /// notes on change stamps); this one treats every replacement as a change.
    ///
    /// - Complexity: Reading, replacing and mutating in place are O(1) on average; appending is
    ///   amortised O(1); removing is O(*n*).
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            self[inPlace: id]
        }
        set {
            assign(newValue, id: id) { _, _ in true }
        }
        _modify {
            yield &self[inPlace: id]
        }
    }

    /// The setter of both `subscript(id:)`s: `nil` removes, a new id appends, an existing id is
    /// replaced in place, and takes a new element stamp when `changes(old, new)`.
    @inlinable
    mutating func assign(_ newValue: Element?, id: Element.ID, changes: (Element, Element) -> Bool) {
        guard let newValue else {
            _ = remove(id: id)
            return
        }
        checkID(of: newValue, isKey: id)
        if let index = positions[id] {
            let changed = changes(storage[index], newValue)
            storage[index] = newValue
            if changed { stampElement(at: index) }
        } else {
            appendNew(newValue, id: id)
        }
    }

    /// The body of both `updateOrAppend(_:)`s: replaces in place (a new element stamp when
    /// `changes(old, new)`) or appends; returns the element replaced.
    @inlinable
    mutating func replaceOrAppend(_ element: Element, changes: (Element, Element) -> Bool) -> Element? {
        let id = element.id
        guard let index = positions[id] else {
            appendNew(element, id: id)
            return nil
        }
        let old = storage[index]
        storage[index] = element
        if changes(old, element) { stampElement(at: index) }
        return old
    }

    /// The element with `id`, mutated in place: the body of both `subscript(id:)`s' `_modify`.
    /// Reading and setting behave as the unconstrained ``subscript(id:)``.
    @inlinable
    subscript(inPlace id: Element.ID) -> Element? {
        get {
            guard let index = positions[id] else { return nil }
            return storage[index]
        }
        set {
            self[id: id] = newValue
        }
        _modify {
            if let index = positions[id] {
                // Take the element out (O(1): swap it to the end, remove the last), so that the
                // optional yielded holds the only reference to what it owns; put it back after.
                var element: Element? = takeElement(at: index)
                defer { restore(element, takenFrom: index, id: id) }
                yield &element
            } else {
                var element: Element? = nil
                defer {
                    if let element {
                        checkID(of: element, isKey: id)
                        appendNew(element, id: id)
                    }
                }
                yield &element
            }
        }
    }
}

// Here, not in +Protocols: a Sendable conformance must be in the type's file.
extension IdentifiedArray: Sendable where Element: Sendable, Element.ID: Sendable {}

// MARK: - RandomAccessCollection

extension IdentifiedArray: RandomAccessCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>

    /// Always 0. O(1).
    @inlinable public var startIndex: Int { 0 }

    /// The number of elements (one past the last index). O(1).
    @inlinable public var endIndex: Int { storage.count }

    /// The number of elements. O(1).
    @inlinable public var count: Int { storage.count }

    /// Whether there are no elements. O(1).
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// `0..<count`. O(1).
    @inlinable public var indices: Range<Int> { 0..<storage.count }

    /// `i + 1`. O(1).
    @inlinable public func index(after i: Int) -> Int { i + 1 }

    /// `i - 1`. O(1).
    @inlinable public func index(before i: Int) -> Int { i - 1 }
}

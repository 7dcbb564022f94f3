// TEMPORARY stubs until wip-collection lands (replaced by the real types).
public struct Presented<Value> {
    public var value: Value
    @usableFromInline let generation: UInt64
    public init(_ value: Value) { self.value = value; generation = 1 }
    @usableFromInline init(_ value: Value, generation: UInt64) { self.value = value; self.generation = generation }
}
extension Presented: Sendable where Value: Sendable {}
public struct IdentifiedArray<Element: Identifiable> {
    @usableFromInline var storage: [Element] = []
    public init() {}
    @inlinable public func index(id: Element.ID) -> Int? { storage.firstIndex { $0.id == id } }
    @inlinable public subscript(id id: Element.ID) -> Element? { index(id: id).map { storage[$0] } }
    @inlinable public subscript(position: Int) -> Element { storage[position] }
    @inlinable mutating func withElement<R>(at index: Int, _ body: (inout Element) throws -> R) rethrows -> R { try body(&storage[index]) }
    @inlinable func generation(at index: Int) -> UInt64 { 1 }
    @inlinable func generation(of id: Element.ID) -> UInt64? { index(id: id).map { _ in 1 } }
}
extension IdentifiedArray: Sendable where Element: Sendable {}
extension IdentifiedArray {
    public mutating func append(_ e: Element) { storage.append(e) }
    @discardableResult public mutating func remove(id: Element.ID) -> Element? { index(id: id).map { storage.remove(at: $0) } }
    public mutating func move(from: Int, to: Int) { let e = storage.remove(at: from); storage.insert(e, at: to) }
}
extension IdentifiedArray: Equatable where Element: Equatable {}
extension Presented: Equatable where Value: Equatable { public static func == (l: Self, r: Self) -> Bool { l.value == r.value } }
extension IdentifiedArray: Sequence { public func makeIterator() -> IndexingIterator<[Element]> { storage.makeIterator() } }
extension IdentifiedArray { public init(uniqueElements: some Sequence<Element>) { storage = Array(uniqueElements) } }

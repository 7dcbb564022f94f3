// TEMPORARY stubs until wip-collection lands (replaced by the real types).
// Generations come from one process-wide counter (never 0), as the real types' do, so that the
// lifetime tests that tell a re-inserted element or a re-presented value from the old one run
// against these stubs too.
import Synchronization

@usableFromInline let stubGenerationCounter = Atomic<UInt64>(0)
@usableFromInline func stubNextGeneration() -> UInt64 { stubGenerationCounter.add(1, ordering: .relaxed).newValue }

public struct Presented<Value> {
    public var value: Value
    @usableFromInline let generation: UInt64
    public init(_ value: Value) { self.value = value; generation = stubNextGeneration() }
    @usableFromInline init(_ value: Value, generation: UInt64) { self.value = value; self.generation = generation }
}
extension Presented: Sendable where Value: Sendable {}
public struct IdentifiedArray<Element: Identifiable> {
    @usableFromInline var storage: [Element] = []
    @usableFromInline var generations: [UInt64] = []
    public init() {}
    @inlinable public func index(id: Element.ID) -> Int? { storage.firstIndex { $0.id == id } }
    @inlinable public subscript(id id: Element.ID) -> Element? { index(id: id).map { storage[$0] } }
    @inlinable public subscript(position: Int) -> Element { storage[position] }
    @inlinable mutating func withElement<R>(at index: Int, _ body: (inout Element) throws -> R) rethrows -> R { try body(&storage[index]) }
    @inlinable func generation(at index: Int) -> UInt64 { generations[index] }
    @inlinable func generation(of id: Element.ID) -> UInt64? { index(id: id).map { generations[$0] } }
}
extension IdentifiedArray: Sendable where Element: Sendable {}
extension IdentifiedArray {
    public var ids: [Element.ID] { storage.map(\.id) }
    public var elements: [Element] { storage }
    public mutating func append(_ e: Element) {
        guard index(id: e.id) == nil else { return }
        storage.append(e)
        generations.append(stubNextGeneration())
    }
    @discardableResult public mutating func remove(id: Element.ID) -> Element? {
        guard let i = index(id: id) else { return nil }
        generations.remove(at: i)
        return storage.remove(at: i)
    }
    public mutating func move(from: Int, to: Int) {
        let e = storage.remove(at: from); storage.insert(e, at: to)
        let g = generations.remove(at: from); generations.insert(g, at: to)
    }
}
extension IdentifiedArray: Equatable where Element: Equatable {
    public static func == (l: Self, r: Self) -> Bool { l.storage == r.storage }
}
extension Presented: Equatable where Value: Equatable { public static func == (l: Self, r: Self) -> Bool { l.value == r.value } }

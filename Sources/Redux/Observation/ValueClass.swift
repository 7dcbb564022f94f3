/// The largest reference-free value (in bytes) a member may have to be compared by value; a
/// larger one fires on every handled action.
let largestHeldValue = 1024

/// Whether holding `value` as a member's old value keeps no buffer but a string's: a
/// reference-free value (no class references, no collection buffers) of at most
/// ``largestHeldValue`` bytes, a `String`, or a struct, enum, tuple or optional made only of
/// those. Holding anything else would make the next in-place write into it copy its buffer.
func isValueCompared<T>(_ value: T) -> Bool {
    if _isPOD(T.self) { return MemoryLayout<T>.size <= largestHeldValue }
    if T.self == String.self { return true }
    return holdsOnlyValues(value, depth: 0)
}

/// The reflection walk behind ``isValueCompared(_:)``, over the value's current case and fields.
private func holdsOnlyValues(_ value: Any, depth: Int) -> Bool {
    guard depth < 16 else { return false }
    if value is String || value is Substring { return true }
    let type = type(of: value)
    func isPlain<T>(_: T.Type) -> Bool { _isPOD(T.self) && MemoryLayout<T>.size <= largestHeldValue }
    if _openExistential(type, do: isPlain) { return true }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct?, .enum?, .tuple?, .optional?:
        return mirror.children.allSatisfy { holdsOnlyValues($0.value, depth: depth + 1) }
    default:
        return false
    }
}

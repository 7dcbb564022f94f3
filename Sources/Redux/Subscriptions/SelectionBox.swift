/// A subscription's held selection: the last value delivered (when its comparison needs it)
/// and the value its probe found changed, to be delivered next. Main actor only.
///
/// The two values live in one allocation of two slots, each with a flag saying whether it is
/// initialized, rather than in optionals: code generic over `Value` then works with `Value`'s
/// own layout and never needs `Optional<Value>`'s (looked up at run time on every use).
final class SelectionBox<Value> {
    /// Slot 0: the last value delivered; slot 1: the value to deliver next.
    private let slots: UnsafeMutablePointer<Value>
    /// Whether slot 0 holds the last value delivered.
    @exclusivity(unchecked) private(set) var hasLast = false
    /// Whether slot 1 holds a value to deliver.
    @exclusivity(unchecked) private(set) var hasNext = false

    init() {
        slots = .allocate(capacity: 2)
    }

    deinit {
        if hasLast { slots.deinitialize(count: 1) }
        if hasNext { (slots + 1).deinitialize(count: 1) }
        slots.deallocate()
    }

    /// Whether a last value is held and `isDuplicate(last, value)`.
    @inline(__always)
    func isDuplicateOfLast(_ value: Value, _ isDuplicate: (Value, Value) -> Bool) -> Bool {
        hasLast && callBorrowing(slots, value, isDuplicate)
    }

    /// Keeps `value` as the last one delivered (when `asLast`), else forgets the last one.
    @inline(__always)
    func setLast(_ value: consuming Value, asLast: Bool) {
        if hasLast {
            slots.deinitialize(count: 1)
            hasLast = false
        }
        if asLast {
            slots.initialize(to: value)
            hasLast = true
        }
    }

    /// Keeps `value` as the last one delivered (when `asLast`) and as the one to deliver next.
    @inline(__always)
    func keep(_ value: consuming Value, asLast: Bool) {
        setLast(copy value, asLast: asLast)
        if hasNext { (slots + 1).deinitialize(count: 1) }
        (slots + 1).initialize(to: value)
        hasNext = true
    }

    /// Takes the value the probe kept for delivery; only when ``hasNext``.
    @inline(__always)
    func takeNext() -> Value {
        hasNext = false
        return (slots + 1).move()
    }
}

/// `isDuplicate(last, value)` with the held value borrowed in place, not copied.
@inline(__always)
private func callBorrowing<Value>(_ last: UnsafeMutablePointer<Value>, _ value: Value, _ isDuplicate: (Value, Value) -> Bool) -> Bool {
    withBorrowed(UnsafePointer(last)) { (held: borrowing Value) in isDuplicate(held, value) }
}

/// Calls `body` with the value at `pointer` borrowed in place (no copy, even for a large or
/// generic value: a noncopyable-generic context cannot copy it).
@inline(__always)
func withBorrowed<Pointee: ~Copyable, Result>(_ pointer: UnsafePointer<Pointee>, _ body: (borrowing Pointee) -> Result) -> Result {
    body(pointer.pointee)
}

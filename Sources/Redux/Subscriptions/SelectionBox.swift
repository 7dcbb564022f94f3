/// A subscription's held selection: the last value delivered (when its comparison needs it)
/// and the value its probe found changed, to be delivered next. Main actor only.
final class SelectionBox<Value> {
    var last: Value?
    var next: Value?

    /// Takes the value the probe kept for delivery.
    func takeNext() -> Value? {
        defer { next = nil }
        return next
    }
}

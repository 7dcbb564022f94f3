import Foundation

// Thread-safe holders, for values that store-owned work, threads and the test share.

/// A thread-safe, append-only list (what ran where: middlewares, reducers, handlers, threads).
final class SharedList<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Element] = []

    func append(_ element: Element) {
        lock.withLock { stored.append(element) }
    }

    var values: [Element] { lock.withLock { stored } }
}

/// A thread-safe box for one value.
final class SharedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A thread-safe weak reference.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Object?

    init(_ object: Object? = nil) { stored = object }

    var object: Object? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Holds the last strong reference to an object until one thread takes it, so a test can choose
/// the thread on which the object is released.
final class LastReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Object?

    init(_ object: Object) { stored = object }

    /// Hands the reference over; the holder keeps none.
    func take() -> Object? {
        lock.withLock {
            let object = stored
            stored = nil
            return object
        }
    }
}

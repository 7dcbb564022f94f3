// The reflected default identity: the case names of an action, followed down through payloads
// that are themselves actions.

extension ActionIdentity {
    /// The identity of any value: its ``ActionIdentifiable/actionIdentity`` when its type conforms
    /// (found by a runtime cast), otherwise the reflected default.
    ///
    /// The default is the path of case names through nested enum payloads:
    /// - an enum value contributes its case name (`search`), then, if the case has a payload, the
    ///   payload's contribution, after a dot;
    /// - a payload that conforms to ``ActionIdentifiable`` contributes its own identity; an enum
    ///   payload contributes its path (recursively); an optional is looked through (`nil`
    ///   contributes nothing); a payload of several values (a tuple) contributes its last element
    ///   that is an enum or conforms (the action in `element(id:action:)`); any other payload (a `String`, an `Int`, a struct)
    ///   contributes nothing.
    /// - a value that is not an enum at the top (a struct used as an action) is named by its
    ///   type.
    ///
    /// So `.search("a")` and `.search("b")` are both `search`, and
    /// `.rows(.element(id: 3, action: .save))` is `rows.element.save`.
    ///
    /// Cost: the default reflects on the value with `Mirror` on every call (a microsecond or
    /// more, growing with nesting); it cannot be cached, since the path depends on the value.
    /// Conforming to ``ActionIdentifiable`` removes that cost. Any isolation.
    ///
    /// - Parameter action: the action (any type).
    @inlinable
    public init<Action>(of action: Action) {
        // Inlinable: specialized for a conforming action type, the cast folds away and the
        // conformance's `switch` is called directly.
        if let identifiable = action as? any ActionIdentifiable {
            self = identifiable.actionIdentity
            return
        }
        self.init(reflectingCases: action)
    }

    /// The reflected default, whatever the value's conformance at the top.
    @usableFromInline
    init<Action>(reflectingCases action: Action) {
        var path = ""
        if !Self.appendCasePath(of: action, to: &path) {
            path = String(describing: type(of: action))
        }
        self.init(path)
    }

    /// The reflected default even when the value's type conforms to ``ActionIdentifiable``: what
    /// a conformance should agree with (useful in a test of a hand-written conformance).
    public init<Action>(reflecting action: Action) {
        var path = ""
        if !Self.appendCasePath(of: action, to: &path, consultingConformance: false) {
            path = String(describing: type(of: action))
        }
        self.init(path)
    }

    /// Appends the case path of `value` to `path` if it is an enum (looking through optionals);
    /// returns whether it was one. Below the top, conforming payloads give their own identity.
    static func appendCasePath<Value>(of value: Value, to path: inout String, consultingConformance: Bool = true) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return true }
            return appendPayload(wrapped, to: &path, consultingConformance: consultingConformance)
        case .enum:
            if !path.isEmpty { path += "." }
            path += caseName(of: value, mirror: mirror)
            if let payload = mirror.children.first?.value {
                var tail = ""
                if appendFollowed(payload, to: &tail), !tail.isEmpty {
                    path += "."
                    path += tail
                }
            }
            return true
        default:
            return false
        }
    }

    /// A payload's contribution: a conforming payload's identity, an enum's path, a tuple's last
    /// followable element; `false` when it contributes nothing.
    private static func appendFollowed(_ payload: Any, to path: inout String) -> Bool {
        if appendPayload(payload, to: &path, consultingConformance: true) { return true }
        let mirror = Mirror(reflecting: payload)
        guard mirror.displayStyle == .tuple else { return false }
        for element in mirror.children.reversed() where appendPayload(element.value, to: &path, consultingConformance: true) {
            return true
        }
        return false
    }

    /// A single value's contribution: its conformance's identity, or its enum case path.
    private static func appendPayload(_ value: Any, to path: inout String, consultingConformance: Bool) -> Bool {
        if consultingConformance, let identifiable = value as? any ActionIdentifiable {
            let identity = identifiable.actionIdentity.path
            if !identity.isEmpty {
                if !path.isEmpty { path += "." }
                path += identity
            }
            return true
        }
        return openedCasePath(value, to: &path)
    }

    /// ``appendCasePath(of:to:consultingConformance:)`` with the existential opened, so the
    /// runtime sees the payload's own type.
    private static func openedCasePath(_ value: Any, to path: inout String) -> Bool {
        func open<T>(_ opened: T) -> Bool { appendCasePath(of: opened, to: &path) }
        return open(value)
    }

    /// The case name from the runtime's reflection metadata (no payload copy), falling back on
    /// the mirror's child label, then the value's text.
    private static func caseName<Value>(of value: Value, mirror: Mirror) -> String {
        if let name = runtimeEnumCaseName(value) { return String(cString: name) }
        if let label = mirror.children.first?.label { return label }
        return String(describing: value)
    }
}

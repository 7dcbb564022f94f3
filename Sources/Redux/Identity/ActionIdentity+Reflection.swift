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
    ///   type; an optional action that is `nil` is `none`;
    /// - an enum whose custom mirror (`CustomReflectable`) does not show it as an enum is named by
    ///   its case name, its payload not followed.
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
        } else if path.isEmpty {
            path = "none"  // an optional action that is `nil`
        }
        self.init(path)
    }

    /// The reflected default even when the value's type conforms to ``ActionIdentifiable``: what
    /// a conformance should agree with (useful in a test of a hand-written conformance).
    public init<Action>(reflecting action: Action) {
        var path = ""
        if !Self.appendCasePath(of: action, to: &path, consultingConformance: false) {
            path = String(describing: type(of: action))
        } else if path.isEmpty {
            path = "none"  // an optional action that is `nil`
        }
        self.init(path)
    }

    /// Appends the case path of `value` to `path` if it is an enum (looking through optionals);
    /// returns whether it was one. Below the top, conforming payloads give their own identity.
    static func appendCasePath<Value>(of value: Value, to path: inout String, consultingConformance: Bool = true) -> Bool {
        appendReflected(value, to: &path, consultingConformance: consultingConformance, followsTuples: false)
    }

    /// One value's contribution, reflected once: an optional's wrapped value; in payload
    /// position, a tuple's last element that contributes; an enum's case name, then its
    /// payload's contribution. `false` when the value contributes nothing.
    private static func appendReflected<Value>(_ value: Value, to path: inout String, consultingConformance: Bool, followsTuples: Bool) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return true }
            return appendPayload(wrapped, to: &path, consultingConformance: consultingConformance, followsTuples: false)
        case .tuple where followsTuples:
            for element in mirror.children.reversed()
            where appendPayload(element.value, to: &path, consultingConformance: true, followsTuples: false) {
                return true
            }
            return false
        default:
            // The runtime's case name answers for any enum, even one whose custom mirror says
            // otherwise; only a mirror that shows the enum as an enum gives its payload.
            guard let name = caseName(of: value, mirror: mirror) else { return false }
            var segment = name
            if mirror.displayStyle == .enum, let payload = mirror.children.first?.value {
                var tail = ""
                if appendPayload(payload, to: &tail, consultingConformance: true, followsTuples: true), !tail.isEmpty {
                    segment += "."
                    segment += tail
                }
            }
            if !path.isEmpty { path += "." }
            path += segment
            return true
        }
    }

    /// A payload's contribution: its conformance's identity, else its reflected contribution
    /// (with the existential opened, so the runtime sees the payload's own type).
    private static func appendPayload(_ value: Any, to path: inout String, consultingConformance: Bool, followsTuples: Bool) -> Bool {
        if consultingConformance, let identifiable = value as? any ActionIdentifiable {
            let identity = identifiable.actionIdentity.path
            if !identity.isEmpty {
                if !path.isEmpty { path += "." }
                path += identity
            }
            return true
        }
        func open<T>(_ opened: T) -> Bool {
            appendReflected(opened, to: &path, consultingConformance: consultingConformance, followsTuples: followsTuples)
        }
        return open(value)
    }

    /// The case name from the runtime's reflection metadata (no payload copy), falling back on
    /// the mirror's child label for an enum built without it; `nil` for a value that is not an
    /// enum.
    private static func caseName<Value>(of value: Value, mirror: Mirror) -> String? {
        if let name = runtimeEnumCaseName(value) { return String(cString: name) }
        guard mirror.displayStyle == .enum else { return nil }
        return mirror.children.first?.label ?? String(describing: value)
    }
}

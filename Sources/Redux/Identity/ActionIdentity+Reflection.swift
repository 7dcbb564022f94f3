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

    /// What the reflected default gives for `payload` in payload position, conformance aside
    /// (the caller has cast for it): the text it appends (possibly empty, for an optional that is
    /// `nil`), or `nil` when it contributes nothing. `followsTuples`: the payload is a case's
    /// only unlabeled value, whose tuple the default follows into its elements.
    ///
    /// A value that cannot contribute (not an enum or optional, and not a tuple to follow, even
    /// inside an existential) is answered from its metadata, without building a `Mirror`.
    @usableFromInline
    static func reflectedContribution<Payload>(of payload: Payload, followsTuples: Bool) -> String? {
        if runtimeEnumCaseName(payload) == nil {
            var kind = metadataKind(Payload.self)
            if kind == MetadataKind.existential || kind == MetadataKind.extendedExistential {
                kind = metadataKind(type(of: payload as Any))
            }
            let reflects = kind == MetadataKind.enumeration || kind == MetadataKind.optional
                || (followsTuples && kind == MetadataKind.tuple)
            guard reflects else { return nil }
        }
        var path = ""
        return appendPayload(payload, to: &path, consultingConformance: true, followsTuples: followsTuples) ? path : nil
    }

    /// Whether `payload`, in a tuple's element position, contributes to the reflected default
    /// (conformance aside): an enum always does, an optional when it is `nil` or its wrapped
    /// value does; nothing else. An existential is judged by the value it holds. Reads metadata
    /// and unwraps optionals; builds no `Mirror`.
    @usableFromInline
    static func contributesByReflection<Payload>(_ payload: Payload) -> Bool {
        var kind = metadataKind(Payload.self)
        if kind == MetadataKind.existential || kind == MetadataKind.extendedExistential {
            kind = metadataKind(type(of: payload as Any))
        }
        switch kind {
        case MetadataKind.enumeration:
            return true
        case MetadataKind.optional:
            return (payload as? any OptionalPayload)?.wrappedContributes ?? true
        default:
            return false
        }
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

/// Optionals answer whether their wrapped value contributes to the reflected default as a
/// payload (`nil` does, with empty text).
protocol OptionalPayload {
    var wrappedContributes: Bool { get }
}

extension Optional: OptionalPayload {
    var wrappedContributes: Bool {
        switch self {
        case .none: true
        case .some(let wrapped): wrapped is any ActionIdentifiable || ActionIdentity.contributesByReflection(wrapped)
        }
    }
}

/// The Swift runtime's kind of a type's metadata (`MetadataKind` in the Swift ABI), normalized
/// for classes.
@_silgen_name("swift_getMetadataKind")
private func metadataKind(_ type: Any.Type) -> UInt32

/// The metadata kinds the reflected default tells apart (stable ABI values).
private enum MetadataKind {
    static let enumeration: UInt32 = 0x201
    static let optional: UInt32 = 0x202
    static let tuple: UInt32 = 0x301
    static let existential: UInt32 = 0x303
    static let extendedExistential: UInt32 = 0x307
}

import Foundation

extension StateDump {
    /// The dump of `value`, read through `Mirror` (so a type's `CustomReflectable` mirror is what
    /// is shown).
    ///
    /// - A ``StateDumpTransparent`` value (`Presented`) dumps as the value it wraps; an
    ///   `AnyHashable` as its base.
    /// - Leaves: `String`, `Substring`, `Character`, `Unicode.Scalar` quoted as Swift literals;
    ///   `Date`, `UUID`, `URL`, `Decimal`, `Locale`, `TimeZone`, `Calendar`, `Duration`,
    ///   `ObjectIdentifier` by their description (a `Date` with a fraction of a second also shows
    ///   its `timeIntervalSinceReferenceDate`, so dates a millisecond apart do not dump alike);
    ///   `Data` as `Data(N bytes: 0x…)` with every byte in hex; any other value whose mirror has
    ///   no display style and no children (numbers, `Bool`, functions, metatypes …) by its
    ///   description.
    /// - Optionals: the wrapped value, or the leaf `nil`.
    /// - Enums: a payload-less case as the leaf `.name` (the runtime's case name, even when the
    ///   enum has its own `description`); a case with a payload as `.name(…)`, one child per
    ///   associated value (labelled when the case labels it).
    /// - Structs and classes: the type name and the stored properties in declaration order; a
    ///   class shows its superclasses' properties first. A class instance met again inside
    ///   itself (a reference cycle) is the leaf `<cycle>`; an instance shared by two branches,
    ///   not a cycle, is dumped in both. A struct or class with no stored properties that has a
    ///   `description` is a leaf of it; without one it is `Name()`.
    /// - Tuples: their elements, labelled when the tuple labels them.
    /// - Collections (`.collection` display style: arrays, `IdentifiedArray` …): elements
    ///   labelled `[0]`, `[1]` … in order.
    /// - Sets: elements sorted by their one-line text. Dictionaries: entries labelled by their
    ///   key's one-line text, sorted by it.
    ///
    /// - Complexity: O(size of the value's tree), plus sorting sets and dictionaries.
    package init<Value>(of value: Value) {
        var ancestors: Set<ObjectIdentifier> = []
        self = Self.make(value, ancestors: &ancestors)
    }

    /// The dump of `value`, with the class instances being dumped above it in `ancestors`.
    private static func make(_ value: Any, ancestors: inout Set<ObjectIdentifier>) -> StateDump {
        if let transparent = value as? any StateDumpTransparent {
            return make(transparent.stateDumpSubject, ancestors: &ancestors)
        }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return .leaf("nil") }
            return make(wrapped.value, ancestors: &ancestors)
        }
        if let text = leafText(value) { return .leaf(text) }
        if mirror.subjectType == AnyHashable.self, let hashable = value as? AnyHashable {
            return make(hashable.base, ancestors: &ancestors)
        }
        switch mirror.displayStyle {
        case .enum?:
            return enumCase(value, mirror: mirror, ancestors: &ancestors)
        case .tuple?:
            return StateDump(kind: .tuple, head: "", children: tupleChildren(mirror, ancestors: &ancestors))
        case .collection?:
            let children = mirror.children.enumerated().map { index, child in
                Child(label: "[\(index)]", value: make(child.value, ancestors: &ancestors))
            }
            return StateDump(kind: .collection, head: "", children: children)
        case .set?:
            let elements = mirror.children.map { make($0.value, ancestors: &ancestors) }
            let sorted = elements.map { ($0.line, $0) }.sorted { $0.0 < $1.0 }
            return StateDump(kind: .set, head: "", children: sorted.map { Child(label: nil, value: $0.1) })
        case .dictionary?:
            var entries: [Child] = []
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { continue }
                let key = make(pair[0].value, ancestors: &ancestors)
                entries.append(Child(label: key.line, value: make(pair[1].value, ancestors: &ancestors)))
            }
            return StateDump(kind: .dictionary, head: "", children: entries.sorted { $0.label ?? "" < $1.label ?? "" })
        case .class?:
            let object = ObjectIdentifier(value as AnyObject)
            guard ancestors.insert(object).inserted else { return .leaf("<cycle>") }
            defer { ancestors.remove(object) }
            var chain = [mirror]
            while let superclass = chain[chain.count - 1].superclassMirror { chain.append(superclass) }
            let children = chain.reversed().flatMap { labelledChildren($0, ancestors: &ancestors) }
            return structure(value, mirror: mirror, children: children)
        default:
            if mirror.displayStyle == nil, mirror.children.isEmpty { return .leaf(String(describing: value)) }
            return structure(value, mirror: mirror, children: labelledChildren(mirror, ancestors: &ancestors))
        }
    }

    /// A struct or class node, or a leaf of its description when it has no children but one.
    private static func structure(_ value: Any, mirror: Mirror, children: [Child]) -> StateDump {
        if children.isEmpty, let described = value as? any CustomStringConvertible {
            return .leaf(described.description)
        }
        return StateDump(kind: .structure, head: String(describing: mirror.subjectType), children: children)
    }

    /// An enum value: `.name` or `.name(payload…)`.
    private static func enumCase(_ value: Any, mirror: Mirror, ancestors: inout Set<ObjectIdentifier>) -> StateDump {
        guard let payload = mirror.children.first else { return .leaf("." + caseName(value)) }
        let name = payload.label ?? caseName(value)
        let payloadMirror = Mirror(reflecting: payload.value)
        let children = payloadMirror.displayStyle == .tuple
            ? tupleChildren(payloadMirror, ancestors: &ancestors)
            : [Child(label: nil, value: make(payload.value, ancestors: &ancestors))]
        return StateDump(kind: .enumCase, head: "." + name, children: children)
    }

    /// A tuple's elements; positional labels (`.0`) are dropped.
    private static func tupleChildren(_ mirror: Mirror, ancestors: inout Set<ObjectIdentifier>) -> [Child] {
        mirror.children.map { child in
            let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
            return Child(label: label, value: make(child.value, ancestors: &ancestors))
        }
    }

    /// The mirror's own children (no superclass), with their labels.
    private static func labelledChildren(_ mirror: Mirror, ancestors: inout Set<ObjectIdentifier>) -> [Child] {
        mirror.children.map { Child(label: $0.label, value: make($0.value, ancestors: &ancestors)) }
    }

    /// The case name of an enum value (falls back to its description if the runtime has none,
    /// e.g. when reflection metadata was stripped).
    private static func caseName(_ value: Any) -> String {
        // The runtime looks through the existential to the enum inside it.
        stateDumpEnumCaseName(value).map { String(cString: $0) } ?? String(describing: value)
    }

    /// The text of a value that is a leaf by its type, `nil` for any other.
    private static func leafText(_ value: Any) -> String? {
        switch value {
        case let string as String: return string.debugDescription
        case let string as Substring: return String(string).debugDescription
        case let character as Character: return character.debugDescription
        case let scalar as Unicode.Scalar: return scalar.debugDescription
        case let date as Date:
            let interval = date.timeIntervalSinceReferenceDate
            return interval == interval.rounded(.down) ? date.description : "\(date.description) (\(interval))"
        case let data as Data:
            return "Data(\(data.count) bytes" + (data.isEmpty ? ")" : ": 0x" + data.map(hexByte).joined() + ")")
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let decimal as Decimal: return decimal.description
        case let locale as Locale: return locale.identifier
        case let timeZone as TimeZone: return timeZone.identifier
        case let calendar as Calendar: return "\(calendar.identifier)"
        case let duration as Duration: return duration.description
        case let identifier as ObjectIdentifier: return identifier.debugDescription
        default: return nil
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// The runtime's name of the case of the enum value `value` (the function the standard library
/// uses to print enum cases; declared here because the standard library keeps its own
/// declaration internal).
@_silgen_name("swift_EnumCaseName")
private func stateDumpEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

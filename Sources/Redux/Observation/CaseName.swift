/// The Swift runtime's name of an enum value's case (the reflection metadata's field name), or
/// `nil` for a value that is not an enum (or a type built without reflection metadata). The
/// pointer is into the type's metadata: the same case of a type always gives the same address.
@_silgen_name("swift_EnumCaseName")
func runtimeEnumCaseName<T>(_ value: T) -> UnsafePointer<CChar>?

/// The address of the name of `value`'s case, looking through optionals (an optional enum's
/// case is its wrapped value's, or `none`); 0 when `value` is not an enum. Reads the case without
/// keeping the payload.
func caseAddress<T>(of value: T) -> UInt64 {
    if let optional = value as? any OptionalCaseName { return optional.caseNameAddress }
    return runtimeEnumCaseName(value).map { UInt64(UInt(bitPattern: $0)) } ?? 0
}

/// Optionals answer their wrapped value's case name.
protocol OptionalCaseName {
    var caseNameAddress: UInt64 { get }
}

extension Optional: OptionalCaseName {
    var caseNameAddress: UInt64 {
        switch self {
        case .none: runtimeEnumCaseName(self).map { UInt64(UInt(bitPattern: $0)) } ?? 0
        case .some(let wrapped): caseAddress(of: wrapped)
        }
    }
}

import SwiftDiagnostics

/// The diagnostics `@ReduxState` gives, each saying what to do. All are errors.
enum ReduxStateDiagnostic: DiagnosticMessage {
    /// Attached to something other than a struct (`kind` is "an enum", "a class", ...).
    case notAStruct(kind: String)
    /// A stored property without a type annotation; `example` is the declaration to write.
    case missingType(property: String, example: String)
    /// A property wrapper (or another custom attribute) on a stored property.
    case unsupportedAttribute(attribute: String, property: String)
    /// A stored property declared with a tuple pattern (`var (a, b): (Int, Int)`);
    /// `declarations` lists the declarations to write instead.
    case tuplePattern(pattern: String, declarations: String)
    /// A @Field whose key path starts at another root than the first @Field's.
    case mixedRoots(property: String, root: String, firstProperty: String, firstRoot: String)

    var message: String {
        switch self {
        case .notAStruct(let kind):
            "@ReduxState applies to a struct; this is \(kind): make it a struct, or write its initializer and conformances by hand"
        case .missingType(let property, let example):
            "@ReduxState needs a type annotation on `\(property)` (a macro cannot see inferred types); write `\(example)`"
        case .unsupportedAttribute(let attribute, let property):
            "@ReduxState does not support the attribute `@\(attribute)` on the stored property `\(property)`; store the value itself (a property wrapper's storage would become the initializer parameter and the compared value)"
        case .tuplePattern(let pattern, let declarations):
            "@ReduxState needs one name per stored property, not the tuple pattern `\(pattern)`; declare each property separately: \(declarations)"
        case .mixedRoots(let property, let root, let firstProperty, let firstRoot):
            "@Field on `\(property)` starts at `\(root)`, but `\(firstProperty)` starts at `\(firstRoot)`; every @Field of a state binds into the same root state, so write `\\\(firstRoot)...` here (or move `\(property)` to another state)"
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAStruct: MessageID(domain: "ReduxState", id: "notAStruct")
        case .missingType: MessageID(domain: "ReduxState", id: "missingType")
        case .unsupportedAttribute: MessageID(domain: "ReduxState", id: "unsupportedAttribute")
        case .tuplePattern: MessageID(domain: "ReduxState", id: "tuplePattern")
        case .mixedRoots: MessageID(domain: "ReduxState", id: "mixedRoots")
        }
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its `@ReduxState` offers.
enum ReduxStateFixIt: FixItMessage {
    /// Insert `: Type` after a property whose initializer is a literal.
    case insertType(String)

    var message: String {
        switch self {
        case .insertType(let type): "insert `: \(type)`"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .insertType: MessageID(domain: "ReduxState", id: "insertType")
        }
    }
}

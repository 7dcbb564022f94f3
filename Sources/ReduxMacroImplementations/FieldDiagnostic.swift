import SwiftDiagnostics

/// The diagnostics `@Field` gives, each saying what to do. All are errors.
enum FieldDiagnostic: DiagnosticMessage {
    /// On a `let` (fix-it: make it a `var`).
    case onLet(property: String)
    /// On a computed property.
    case onComputed(property: String)
    /// On a `static` or `class` property.
    case onTypeProperty(property: String)
    /// On a `lazy` var.
    case onLazy(property: String)
    /// On a declaration with several bindings (`var a, b: Int`).
    case onSeveralBindings(properties: String)
    /// On something other than a property.
    case notAProperty
    /// The argument is not a key path literal.
    case notAKeyPath
    /// The key path has no root type (`\.profile`).
    case noRoot(path: String)
    /// Outside a `@ReduxState` struct; `type` names the enclosing struct, if any.
    case outsideReduxState(type: String?)

    var message: String {
        switch self {
        case .onLet(let property):
            "@Field applies to a stored `var`; `\(property)` is a `let`: make it a `var` (the module writes the bound value into it)"
        case .onComputed(let property):
            "@Field applies to a stored `var`; `\(property)` is computed: bind a stored property instead"
        case .onTypeProperty(let property):
            "@Field applies to a stored `var`; `\(property)` is a type property: bind an instance property instead"
        case .onLazy(let property):
            "@Field applies to a stored `var`; `\(property)` is `lazy`: remove `lazy`"
        case .onSeveralBindings(let properties):
            "@Field applies to a stored `var` declaring one property; declare `\(properties)` separately and mark each"
        case .notAProperty:
            "@Field applies to a stored `var` of a @ReduxState struct"
        case .notAKeyPath:
            "@Field takes a key path literal into the root state, such as `@Field(\\AppState.profile.name)`"
        case .noRoot(let path):
            "@Field needs a key path that names its root type; write `\\AppState\(path.dropFirst())` (with your root state's type) instead of `\(path)`"
        case .outsideReduxState(let type?):
            "@Field is read by @ReduxState; add @ReduxState to `\(type)`"
        case .outsideReduxState(nil):
            "@Field is read by @ReduxState; use it on a stored `var` of a @ReduxState struct"
        }
    }

    var diagnosticID: MessageID {
        let id = switch self {
        case .onLet: "onLet"
        case .onComputed: "onComputed"
        case .onTypeProperty: "onTypeProperty"
        case .onLazy: "onLazy"
        case .onSeveralBindings: "onSeveralBindings"
        case .notAProperty: "notAProperty"
        case .notAKeyPath: "notAKeyPath"
        case .noRoot: "noRoot"
        case .outsideReduxState: "outsideReduxState"
        }
        return MessageID(domain: "Field", id: id)
    }

    var severity: DiagnosticSeverity { .error }
}

/// The fix-its `@Field` offers.
enum FieldFixIt: FixItMessage {
    /// Replace `let` with `var`.
    case makeVar

    var message: String {
        switch self {
        case .makeVar: "replace `let` with `var`"
        }
    }

    var fixItID: MessageID {
        MessageID(domain: "Field", id: "makeVar")
    }
}

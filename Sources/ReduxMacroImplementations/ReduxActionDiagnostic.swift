import SwiftDiagnostics

/// A diagnostic `@ReduxAction` reports on a declaration it cannot expand. Each one says what to
/// do instead; its ``id`` is stable (tools and tests may match on it).
struct ReduxActionDiagnostic: DiagnosticMessage {
    /// What went wrong; the raw value is the message ID.
    enum ID: String {
        /// The attribute is on something other than an enum.
        case notAnEnum
        /// A case sits inside an `#if` block, where the macro cannot see it.
        case caseInsideConditionalCompilation
    }

    let id: ID
    let message: String

    var diagnosticID: MessageID { MessageID(domain: "ReduxMacros.ReduxAction", id: id.rawValue) }
    var severity: DiagnosticSeverity { .error }

    /// `@ReduxAction` on a struct, class, actor, protocol or extension.
    ///
    /// - Parameters:
    ///   - kind: the declaration's keyword (`struct`).
    ///   - name: the declared (or extended) type's name.
    static func notAnEnum(kind: String, name: String) -> Self {
        if kind == "extension" {
            return Self(
                id: .notAnEnum,
                message: "@ReduxAction applies to an enum; put it on the declaration of `enum \(name)`, not on an extension"
            )
        }
        return Self(
            id: .notAnEnum,
            message: "@ReduxAction applies to an enum; declare the actions as `enum \(name)` with one case per action, or remove @ReduxAction from this \(kind)"
        )
    }

    /// A case inside `#if`: the generated `switch` would miss it.
    ///
    /// - Parameter name: the case's name.
    static func caseInsideConditionalCompilation(name: String) -> Self {
        Self(
            id: .caseInsideConditionalCompilation,
            message: "@ReduxAction cannot see case '\(name)' inside #if; move the case out of the #if block, or remove @ReduxAction and conform to ActionIdentifiable by hand"
        )
    }
}

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
        /// A case takes the name of a member the macro generates.
        case reservedCaseName
        /// Two cases share a base name, so their extractors and embeddings would too.
        case caseNameUsedTwice
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

    /// A case named `actionIdentity`, `embeddings` or `Embeddings`: the member the macro generates
    /// with that name would collide with it.
    ///
    /// - Parameters:
    ///   - name: the case's name.
    ///   - member: the generated member's declaration (`static var embeddings`).
    static func reservedCaseName(name: String, member: String) -> Self {
        Self(
            id: .reservedCaseName,
            message: "@ReduxAction generates `\(member)`, which case '\(name)' would collide with; rename the case"
        )
    }

    /// A case whose base name an earlier case already has (`set(x:)` and `set(y:)`).
    ///
    /// - Parameters:
    ///   - name: the later case's full name (`set(y:)`).
    ///   - baseName: the name both share (`set`).
    ///   - earlier: the earlier case's full name (`set(x:)`).
    static func caseNameUsedTwice(name: String, baseName: String, earlier: String) -> Self {
        Self(
            id: .caseNameUsedTwice,
            message: "@ReduxAction names each case's extractor and embedding after the case, and '\(name)' shares the name '\(baseName)' with '\(earlier)'; rename one of the two cases"
        )
    }
}

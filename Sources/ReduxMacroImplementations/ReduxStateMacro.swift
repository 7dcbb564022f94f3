import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ReduxState`: a state struct's memberwise initializer, its `Sendable` and `Equatable`
/// conformances, and — when a stored property carries `@Field` — its `static var fields` for a
/// scattered module map.
///
/// - The initializer takes every stored instance property in declaration order (a `let` with an
///   initializer, computed, `static` and `lazy` properties excepted), with the property's
///   initializer as default (`nil` for an optional `var` without one). Its access level is the
///   struct's when that is `public` or `package`, internal (no modifier) otherwise, lowered to
///   the least accessible of its parameters' properties (a `private(set)` setter aside), as
///   Swift's implicit memberwise initializer is. It is not generated when the struct declares an
///   initializer with the same argument labels.
/// - The conformances are the ones the struct does not declare; a generic struct gets each in
///   its own extension, conditional on every type parameter (`repeat each T` for a pack; a value
///   parameter, `let N: Int`, gets no requirement).
/// - `fields` binds into the root type of the first `@Field` key path, as
///   `KeyPathExprSyntax.fieldRoot` reads it (`\App.Root.n` starts at `App.Root`).
/// - Diagnostics (errors): not a struct; a stored property without a type annotation (fix-it
///   when its initializer is a literal); a stored property declared with a tuple pattern; a
///   custom attribute that may be a property wrapper on a stored property (not `@Field`, not a
///   global actor: see `AttributeSyntax.mayBePropertyWrapper`); `@Field` key paths from
///   different root types. No initializer and no `fields` are generated while one of these
///   stands.
public struct ReduxStateMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ReduxStateDiagnostic.notAStruct(kind: kind(of: declaration))))
            return []
        }
        var members = ReduxStateMembers(of: structDecl)
        if let mismatch = rootMismatch(in: members.fields) {
            members.diagnostics.append(mismatch)
        }
        guard members.diagnostics.isEmpty else {
            for diagnostic in members.diagnostics {
                context.diagnose(diagnostic)
            }
            return []
        }

        let access = structDecl.modifiers.generatedAccess
        var generated: [DeclSyntax] = []
        if let initializer = memberwiseInitializer(of: structDecl, properties: members.properties, access: access) {
            generated.append(initializer)
        }
        if let first = members.fields.first {
            let bindings = members.fields.map { ".bind(\\.\($0.name), to: \($0.keyPath))" }.joined(separator: ", ")
            generated.append("\(raw: access.modifier)static var fields: [ModuleField<\(raw: first.root.text), \(raw: selfType(of: structDecl))>] {\n[\(raw: bindings)]\n}")
        }
        return generated
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structDecl = declaration.as(StructDeclSyntax.self) else { return [] }
        // The compiler passes only the missing conformances; the struct's own inheritance clause
        // is checked too, so an expander that passes every one adds no duplicate.
        let declared = Set(structDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" } ?? [])
        let protocols = protocols.filter { !declared.contains($0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "") }
        guard !protocols.isEmpty else { return [] }
        // Type parameters only: a value parameter (`let N: Int`) is no type to constrain; a pack
        // (`each T`) is constrained element by element.
        let parameters = (structDecl.genericParameterClause?.parameters ?? []).compactMap { parameter -> String? in
            switch parameter.specifier?.tokenKind {
            case .keyword(.let)?: nil
            case .keyword(.each)?: "repeat each \(parameter.name.text)"
            default: parameter.name.text
            }
        }
        if parameters.isEmpty {
            let list = protocols.map(\.trimmedDescription).joined(separator: ", ")
            return [try ExtensionDeclSyntax("extension \(type.trimmed): \(raw: list) {}")]
        }
        return try protocols.map { conformance in
            let requirements = parameters.map { "\($0): \(conformance.trimmedDescription)" }.joined(separator: ", ")
            return try ExtensionDeclSyntax("extension \(type.trimmed): \(conformance.trimmed) where \(raw: requirements) {}")
        }
    }

    /// `init(...) { self.x = x ... }`, or `nil` when the struct declares one with these labels.
    /// Its access is the struct's (`public`, `package`, else internal), lowered to the least
    /// accessible property among its parameters, as Swift's implicit memberwise initializer is.
    private static func memberwiseInitializer(of structDecl: StructDeclSyntax, properties: [ReduxStateProperty], access structAccess: AccessLevel) -> DeclSyntax? {
        let parameters = properties.filter(\.isParameter)
        let access = parameters.map(\.access).reduce(structAccess, min).modifier
        let labels = parameters.map { $0.name.filter { $0 != "`" } }
        let declared = structDecl.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
        if declared.contains(where: { $0.signature.parameterClause.parameters.map { $0.firstName.text.filter { $0 != "`" } } == labels }) {
            return nil
        }
        let list = parameters.map { property -> String in
            let type = property.type.map { ($0.needsEscaping ? "@escaping " : "") + $0.trimmedDescription } ?? "_"
            return "\(property.name): \(type)" + (property.defaultValue.map { " = \($0)" } ?? "")
        }.joined(separator: ", ")
        let body = parameters.map { "self.\($0.name) = \($0.name)\n" }.joined()
        return "\(raw: access)init(\(raw: list)) {\n\(raw: body)}"
    }

    /// The struct's type as its own members name it: `Box<T>` for `struct Box<T>`.
    private static func selfType(of structDecl: StructDeclSyntax) -> String {
        guard let parameters = structDecl.genericParameterClause?.parameters, !parameters.isEmpty else { return structDecl.name.text }
        let arguments = parameters.map { parameter in
            parameter.specifier?.tokenKind == .keyword(.each) ? "repeat each \(parameter.name.text)" : parameter.name.text
        }
        return "\(structDecl.name.text)<\(arguments.joined(separator: ", "))>"
    }

    /// A diagnostic at the first @Field whose root differs from the first one's.
    private static func rootMismatch(in fields: [ReduxStateField]) -> Diagnostic? {
        guard let first = fields.first, let other = fields.first(where: { $0.root != first.root }) else { return nil }
        return Diagnostic(node: other.attribute, message: ReduxStateDiagnostic.mixedRoots(
            property: other.name, root: other.root.text, firstProperty: first.name, firstRoot: first.root.text
        ))
    }

    private static func kind(of declaration: some DeclGroupSyntax) -> String {
        if declaration.is(EnumDeclSyntax.self) { return "an enum" }
        if declaration.is(ClassDeclSyntax.self) { return "a class" }
        if declaration.is(ActorDeclSyntax.self) { return "an actor" }
        if declaration.is(ProtocolDeclSyntax.self) { return "a protocol" }
        if declaration.is(ExtensionDeclSyntax.self) { return "an extension" }
        return "not a struct"
    }
}

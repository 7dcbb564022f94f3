import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@ReduxAction`: gives an action enum its identity, one extractor per case with a payload, and
/// its embeddings.
///
/// The member role writes `actionIdentity`, the extractors, `struct Embeddings` and
/// `static var embeddings` (see ``ActionEnumMembers``); the extension role adds the
/// `ActionIdentifiable` and `CaseEmbeddable` conformances the enum does not already declare.
/// On anything but an enum the member role reports ``ReduxActionDiagnostic/notAnEnum(kind:name:)``,
/// and on an enum it cannot expand for the problems ``problems(of:)`` finds; then neither role
/// writes anything.
public struct ReduxActionMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let enumeration = declaration.as(EnumDeclSyntax.self) else {
            let (kind, name) = describe(declaration)
            context.diagnose(Diagnostic(node: node, message: ReduxActionDiagnostic.notAnEnum(kind: kind, name: name)))
            return []
        }
        let problems = problems(of: enumeration)
        for problem in problems {
            context.diagnose(problem)
        }
        guard problems.isEmpty else { return [] }
        return ActionEnumMembers(enumeration).declarations
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let enumeration = declaration.as(EnumDeclSyntax.self), problems(of: enumeration).isEmpty else { return [] }
        // The compiler passes only the conformances the type lacks; a plain expansion passes all
        // of them, so the ones the enum's own inheritance clause names are dropped here too.
        let declared = Set(enumeration.inheritanceClause?.inheritedTypes.map { lastComponent(of: $0.type) } ?? [])
        let missing = protocols.filter { !declared.contains(lastComponent(of: $0)) }
        guard !missing.isEmpty else { return [] }
        let list = missing.map { $0.trimmedDescription }.joined(separator: ", ")
        let extensionDecl: DeclSyntax = "extension \(type.trimmed): \(raw: list) {}"
        return extensionDecl.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// What keeps the macro from expanding `enumeration`, in source order within each kind: cases
    /// inside `#if`, cases named like a generated member, cases sharing a base name. With any of
    /// them, neither role writes anything.
    static func problems(of enumeration: EnumDeclSyntax) -> [Diagnostic] {
        let members = enumeration.memberBlock.members
        var problems = ActionCase.conditionalCases(in: members).map { element in
            let name = element.name.identifier?.name ?? element.name.text
            return Diagnostic(node: element, message: ReduxActionDiagnostic.caseInsideConditionalCompilation(name: name))
        }
        let cases = ActionCase.cases(in: members)
        for actionCase in cases {
            if let member = generatedMembers[actionCase.name] {
                problems.append(Diagnostic(
                    node: actionCase.element,
                    message: ReduxActionDiagnostic.reservedCaseName(name: actionCase.name, member: member)
                ))
            }
        }
        var firstWithName: [String: ActionCase] = [:]
        for actionCase in cases {
            guard let earlier = firstWithName[actionCase.name] else {
                firstWithName[actionCase.name] = actionCase
                continue
            }
            problems.append(Diagnostic(
                node: actionCase.element,
                message: ReduxActionDiagnostic.caseNameUsedTwice(
                    name: actionCase.fullName,
                    baseName: actionCase.name,
                    earlier: earlier.fullName
                )
            ))
        }
        return problems
    }

    /// The members the macro generates whose names no case may take, by name.
    private static let generatedMembers = [
        "actionIdentity": "var actionIdentity",
        "embeddings": "static var embeddings",
        "Embeddings": "struct Embeddings",
    ]

    /// `ActionIdentifiable` for both `ActionIdentifiable` and `Redux.ActionIdentifiable`.
    private static func lastComponent(of type: TypeSyntax) -> String {
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        return type.trimmedDescription
    }

    /// The keyword and name of a declaration that is not an enum, for the diagnostic.
    private static func describe(_ declaration: some DeclGroupSyntax) -> (kind: String, name: String) {
        if let structure = declaration.as(StructDeclSyntax.self) { return ("struct", structure.name.text) }
        if let type = declaration.as(ClassDeclSyntax.self) { return ("class", type.name.text) }
        if let actor = declaration.as(ActorDeclSyntax.self) { return ("actor", actor.name.text) }
        if let proto = declaration.as(ProtocolDeclSyntax.self) { return ("protocol", proto.name.text) }
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            return ("extension", extensionDecl.extendedType.trimmedDescription)
        }
        return ("declaration", "Action")
    }
}

import SwiftSyntax

/// One case of an action enum, as `@ReduxAction` reads it.
struct ActionCase {
    /// One associated value: its label (`nil` when unlabeled or `_`) and its type.
    struct Payload {
        let label: String?
        let type: TypeSyntax
    }

    /// The name as written, backticks included (`` `default` ``): what generated code spells.
    let spelledName: String
    /// The name without backticks (`default`): the identity's text.
    let name: String
    /// The associated values, in order; empty for a case without any.
    let payloads: [Payload]

    /// Reads `element` of a `case` declaration.
    init(_ element: EnumCaseElementSyntax) {
        spelledName = element.name.text
        name = element.name.identifier?.name ?? element.name.text
        payloads = element.parameterClause?.parameters.map { parameter in
            let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
            return Payload(label: label, type: parameter.type.trimmed)
        } ?? []
    }

    /// The cases declared directly in `members`, in order.
    static func cases(in members: MemberBlockItemListSyntax) -> [ActionCase] {
        members.flatMap { item -> [ActionCase] in
            guard let declaration = item.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return declaration.elements.map(ActionCase.init)
        }
    }

    /// The cases declared inside `#if` blocks among `members` (at any depth), which the macro
    /// cannot expand for.
    static func conditionalCases(in members: MemberBlockItemListSyntax) -> [EnumCaseElementSyntax] {
        members.flatMap { item -> [EnumCaseElementSyntax] in
            guard let conditional = item.decl.as(IfConfigDeclSyntax.self) else { return [] }
            return conditional.clauses.flatMap { clause -> [EnumCaseElementSyntax] in
                guard case .decls(let nested)? = clause.elements else { return [] }
                return nested.flatMap { nestedItem -> [EnumCaseElementSyntax] in
                    if let declaration = nestedItem.decl.as(EnumCaseDeclSyntax.self) {
                        return Array(declaration.elements)
                    }
                    return conditionalCases(in: MemberBlockItemListSyntax([nestedItem]))
                }
            }
        }
    }
}

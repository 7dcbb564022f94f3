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
    /// The case's `@available` attributes, as written: generated members for the case carry them,
    /// so that they are available where the case is and referencing a deprecated case is silent.
    let availability: [AttributeSyntax]
    /// The case element as written, where diagnostics about it point.
    let element: EnumCaseElementSyntax

    /// Names a member declaration spells in backticks even when the case is written without them
    /// (`case Type(Int)` is a valid case, `var Type` is not a valid property).
    private static let namesNeedingBackticksInDeclarations: Set<String> = ["Type", "Protocol"]
    /// Names that after `Enum.` mean something else (`A.Type` is a metatype, `A.self` the type
    /// itself, `A.init` an initializer), even in backticks: an embedding builds these cases with
    /// an implicit member expression instead.
    private static let namesMeaningSomethingElseAfterADot: Set<String> = ["Type", "Protocol", "self", "init"]

    /// Reads `element` of a `case` declaration whose attributes are `attributes`.
    init(_ element: EnumCaseElementSyntax, attributes: AttributeListSyntax) {
        self.element = element
        spelledName = element.name.text
        name = element.name.identifier?.name ?? element.name.text
        payloads = element.parameterClause?.parameters.map { parameter in
            let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
            return Payload(label: label, type: parameter.type.trimmed)
        } ?? []
        availability = attributes.compactMap { element -> AttributeSyntax? in
            guard case .attribute(let attribute) = element,
                attribute.attributeName.trimmedDescription == "available"
            else { return nil }
            return attribute.trimmed
        }
    }

    /// The name a generated member for this case declares: the spelled name, in backticks where a
    /// declaration needs them.
    var memberName: String {
        if !spelledName.hasPrefix("`") && Self.namesNeedingBackticksInDeclarations.contains(name) {
            return "`\(name)`"
        }
        return spelledName
    }

    /// The name with its argument labels, as diagnostics cite it: `set(x:)`, `pair(_:_:)`, `reset`.
    var fullName: String {
        guard !payloads.isEmpty else { return name }
        return name + "(" + payloads.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// Whether an `@available(*, unavailable)` attribute makes the case unavailable everywhere:
    /// no value of it can be made, so it gets no extractor and no embedding.
    var isUnavailableEverywhere: Bool {
        availability.contains { attribute in
            guard case .availability(let arguments)? = attribute.arguments else { return false }
            let tokens = arguments.compactMap { argument -> String? in
                guard case .token(let token) = argument.argument else { return nil }
                return token.text
            }
            return tokens.first == "*" && tokens.contains("unavailable")
        }
    }

    /// The function from the payload to the case, as an embedding's `embed` argument:
    /// `AppAction.counter`, `AppAction.select(id:)`, or, for a name that means something else
    /// after `AppAction.` (`Type`, `Protocol`, `self`, `init`), a closure calling the case as an
    /// implicit member with the name in backticks.
    ///
    /// - Parameter wholeType: the enum's type as written inside it (`Wrapper<T>`).
    func embedExpression(wholeType: String) -> String {
        let label = payloads.first?.label
        if Self.namesMeaningSomethingElseAfterADot.contains(name) {
            return "{ .`\(name)`(\(label.map { "\($0): " } ?? "")$0) }"
        }
        return "\(wholeType)." + (label.map { "\(spelledName)(\($0):)" } ?? spelledName)
    }

    /// The cases declared directly in `members`, in order.
    static func cases(in members: MemberBlockItemListSyntax) -> [ActionCase] {
        members.flatMap { item -> [ActionCase] in
            guard let declaration = item.decl.as(EnumCaseDeclSyntax.self) else { return [] }
            return declaration.elements.map { ActionCase($0, attributes: declaration.attributes) }
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

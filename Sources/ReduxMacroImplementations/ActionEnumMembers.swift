import SwiftSyntax

/// The members `@ReduxAction` writes into one enum, as source text.
///
/// - `actionIdentity` (unless the enum declares one): a `switch` giving each case what the
///   reflected default gives it: its name, then the contribution of its last associated value
///   that contributes (computed by `ActionIdentity(case:payloads:)` and
///   `ActionIdentity(case:payload:)`).
/// - an extractor per case with associated values (unless a member of the enum already has its
///   name): the payload, or a tuple of them (labels kept), or `nil` for another case.
/// - `struct Embeddings` with one `Embedding` per case with exactly one associated value, and
///   `static var embeddings`.
///
/// Every member takes the enum's access level when it is `public` or `package`, none otherwise.
struct ActionEnumMembers {
    let cases: [ActionCase]
    /// `public `, `package ` or empty: the prefix every generated member takes.
    let access: String
    /// The enum's type as written inside itself, generic parameters included (`Wrapper<T>`).
    let wholeType: String
    /// Names of the enum's own (non-case) members, which generated ones must not take.
    let takenNames: Set<String>

    init(_ enumeration: EnumDeclSyntax) {
        cases = ActionCase.cases(in: enumeration.memberBlock.members)
        let modifiers = enumeration.modifiers.map(\.name.tokenKind)
        if modifiers.contains(.keyword(.public)) {
            access = "public "
        } else if modifiers.contains(.keyword(.package)) {
            access = "package "
        } else {
            access = ""
        }
        let generics = enumeration.genericParameterClause?.parameters.map(\.name.text) ?? []
        wholeType = enumeration.name.text + (generics.isEmpty ? "" : "<\(generics.joined(separator: ", "))>")
        takenNames = Set(enumeration.memberBlock.members.flatMap { item -> [String] in
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                return variable.bindings.compactMap { binding in
                    binding.pattern.as(IdentifierPatternSyntax.self).map { $0.identifier.identifier?.name ?? $0.identifier.text }
                }
            }
            if let function = item.decl.as(FunctionDeclSyntax.self) {
                return [function.name.identifier?.name ?? function.name.text]
            }
            return []
        })
    }

    /// Every generated member, in order: identity, extractors, `Embeddings`, `embeddings`.
    var declarations: [DeclSyntax] {
        var result: [DeclSyntax] = []
        if !takenNames.contains("actionIdentity") {
            result.append(identity)
        }
        for actionCase in cases
        where !actionCase.payloads.isEmpty && !actionCase.isUnavailableEverywhere && !takenNames.contains(actionCase.name) {
            result.append(extractor(of: actionCase))
        }
        result.append(embeddingsType)
        result.append("\(raw: access)static var embeddings: Embeddings { Embeddings() }")
        return result
    }

    /// `var actionIdentity: ActionIdentity { switch self { ... } }`: a literal for a case without
    /// associated values; otherwise `ActionIdentity(case:payload:)` for a single unlabeled value
    /// (its elements through `ActionIdentity(case:payloads:)` when its type is written as a
    /// tuple, so they keep their static types) and `ActionIdentity(case:payloads:)` for a labeled
    /// one or several, which compute what the reflected default gives.
    private var identity: DeclSyntax {
        let branches = cases.map { actionCase -> String in
            let payloads = actionCase.payloads
            guard !payloads.isEmpty else {
                return """
                        case .\(actionCase.spelledName):
                            \(literal(actionCase.name))
                    """
            }
            if payloads.count == 1 {
                let value: String
                if payloads[0].label != nil {
                    value = "payloads: payload"
                } else if let arity = Self.tupleArity(of: payloads[0].type) {
                    value = "payloads: " + (0..<arity).map { "payload.\($0)" }.joined(separator: ", ")
                } else {
                    value = "payload: payload"
                }
                return """
                        case .\(actionCase.spelledName)(let payload):
                            ActionIdentity(case: \(literal(actionCase.name)), \(value))
                    """
            }
            let names = payloads.indices.map { "payload\($0)" }
            return """
                    case .\(actionCase.spelledName)(\(names.map { "let \($0)" }.joined(separator: ", "))):
                        ActionIdentity(case: \(literal(actionCase.name)), payloads: \(names.joined(separator: ", ")))
                """
        }
        let body = branches.isEmpty ? "" : branches.joined(separator: "\n") + "\n"
        return """
            \(raw: access)var actionIdentity: ActionIdentity {
                switch self {
            \(raw: body)    }
            }
            """
    }

    /// The number of elements of `type` when it is written as a tuple of two or more (through
    /// parentheses); `nil` otherwise, or when an element is a pack expansion. A tuple behind a
    /// type alias or generic parameter is not seen here; `ActionIdentity(case:payload:)` follows
    /// it at run time instead.
    private static func tupleArity(of type: TypeSyntax) -> Int? {
        guard let tuple = type.as(TupleTypeSyntax.self) else { return nil }
        let elements = Array(tuple.elements)
        if elements.count == 1, elements[0].firstName == nil {
            return tupleArity(of: elements[0].type)
        }
        guard elements.count >= 2, !elements.contains(where: { $0.type.is(PackExpansionTypeSyntax.self) }) else { return nil }
        return elements.count
    }

    /// `var counter: CounterAction? { ... }` or `var move: (from: Int, to: Int)? { ... }`.
    private func extractor(of actionCase: ActionCase) -> DeclSyntax {
        let payloads = actionCase.payloads
        let attributes = availabilityPrefix(of: actionCase)
        if payloads.count == 1 {
            return """
                \(raw: attributes)\(raw: access)var \(raw: actionCase.memberName): \(raw: optional(valueType(payloads[0].type))) {
                    if case .\(raw: actionCase.spelledName)(let payload) = self { payload } else { nil }
                }
                """
        }
        let names = payloads.indices.map { "payload\($0)" }
        let bindings = names.map { "let \($0)" }.joined(separator: ", ")
        let tupleType = payloads.map { ($0.label.map { "\($0): " } ?? "") + valueType($0.type).description }
            .joined(separator: ", ")
        let tuple = zip(payloads, names).map { ($0.label.map { "\($0): " } ?? "") + $1 }.joined(separator: ", ")
        return """
            \(raw: attributes)\(raw: access)var \(raw: actionCase.memberName): (\(raw: tupleType))? {
                if case .\(raw: actionCase.spelledName)(\(raw: bindings)) = self { (\(raw: tuple)) } else { nil }
            }
            """
    }

    /// `struct Embeddings: Sendable { init() {} var counter: Embedding<AppAction, CounterAction> { ... } }`.
    private var embeddingsType: DeclSyntax {
        let embedded = cases.filter { $0.payloads.count == 1 && !$0.isUnavailableEverywhere }
        let members = embedded.map { actionCase -> String in
            let payloadType = valueType(actionCase.payloads[0].type, selfMeaning: wholeType)
            return """
                    \(availabilityPrefix(of: actionCase))\(access)var \(actionCase.memberName): Embedding<\(wholeType), \(payloadType.description)> {
                        Embedding(extract: { if case .\(actionCase.spelledName)(let payload) = $0 { payload } else { nil } }, embed: \(actionCase.embedExpression(wholeType: wholeType)))
                    }
                """
        }
        let body = members.isEmpty ? "" : members.joined(separator: "\n") + "\n"
        return """
            \(raw: access)struct Embeddings: Sendable {
                \(raw: access)init() {}
            \(raw: body)}
            """
    }

    /// The case's `@available` attributes, each followed by a line break, to put before a member
    /// generated for it; empty when it has none.
    private func availabilityPrefix(of actionCase: ActionCase) -> String {
        actionCase.availability.map { "\($0.description)\n" }.joined()
    }

    /// The type of a payload's value, as a property or generic argument can spell it: an
    /// `@autoclosure` attribute, which only a parameter may carry, is dropped
    /// (`@autoclosure () -> Int` holds a `() -> Int`); with `selfMeaning`, every `Self` in it is
    /// replaced by that type (inside the nested `Embeddings`, `Self` means `Embeddings`).
    private func valueType(_ type: TypeSyntax, selfMeaning: String? = nil) -> TypeSyntax {
        var result = type
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let kept = attributed.attributes.filter { element in
                guard case .attribute(let attribute) = element else { return true }
                return attribute.attributeName.trimmedDescription != "autoclosure"
            }
            result = TypeSyntax(attributed.with(\.attributes, kept)).trimmed
        }
        if let selfMeaning {
            result = SelfTypeReplacer(replacement: selfMeaning).rewrite(result).cast(TypeSyntax.self)
        }
        return result
    }

    /// `type?`, parenthesized where `?` would bind to part of it (`(() -> Void)?`,
    /// `(@Sendable () -> Void)?`, `(any P)?`, `(P & Q)?`).
    private func optional(_ type: TypeSyntax) -> String {
        let needsParentheses = type.is(FunctionTypeSyntax.self) || type.is(SomeOrAnyTypeSyntax.self)
            || type.is(CompositionTypeSyntax.self) || type.is(AttributedTypeSyntax.self)
        return needsParentheses ? "(\(type.description))?" : "\(type.description)?"
    }

    /// `name` as a string literal (case names need no escaping).
    private func literal(_ name: String) -> String {
        "\"\(name)\""
    }
}

/// Replaces the type `Self` (alone or as the base of `Self.Member`) by a given type.
private final class SelfTypeReplacer: SyntaxRewriter {
    let replacement: String

    init(replacement: String) {
        self.replacement = replacement
        super.init()
    }

    override func visit(_ node: IdentifierTypeSyntax) -> TypeSyntax {
        guard node.name.tokenKind == .keyword(.Self), node.genericArgumentClause == nil else {
            return super.visit(node)
        }
        let type: TypeSyntax = "\(raw: replacement)"
        return type.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
    }
}

import SwiftDiagnostics
import SwiftSyntax

/// One stored instance property of a `@ReduxState` struct, as the memberwise initializer needs it.
struct ReduxStateProperty {
    /// The property's name as written (backticks kept).
    let name: String
    /// Its type as written, or `nil` when the declaration gives none.
    let type: TypeSyntax?
    /// The parameter's default: the property's initializer, or `nil` for an optional `var`
    /// without one; `nil` when the parameter has no default.
    let defaultValue: String?
    /// `false` for a `let` with an initializer: it is not a parameter.
    let isParameter: Bool
    /// The pattern the type annotation goes after (for the missing-type fix-it).
    let pattern: PatternSyntax
    /// The initializer, when the declaration has one.
    let initializer: ExprSyntax?
}

/// A `@Field(\Root.path)` mark on a stored `var` of a `@ReduxState` struct.
struct ReduxStateField {
    /// The local property's name.
    let name: String
    /// The root type as written (`AppState`).
    let root: String
    /// The whole key path as written (`\AppState.account.displayName`).
    let keyPath: String
    /// The attribute, where a mismatched root is reported.
    let attribute: AttributeSyntax
}

extension DeclModifierListSyntax {
    /// Whether the list holds a modifier spelled `keyword`.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The access keyword the generated members repeat: `public` or `package`, else `nil`
    /// (an internal, fileprivate or private type gets members without a modifier, which the
    /// type's own access level caps).
    var generatedAccess: String? {
        if contains(.public) || contains(.open) { return "public" }
        if contains(.package) { return "package" }
        return nil
    }
}

extension AttributeListSyntax {
    /// The attributes whose last name component is `name` (`Field` or `ReduxMacros.Field`).
    func attributes(named name: String) -> [AttributeSyntax] {
        compactMap { element in
            guard let attribute = element.as(AttributeSyntax.self), attribute.simpleName == name else { return nil }
            return attribute
        }
    }
}

extension AttributeSyntax {
    /// The attribute's name without a module qualifier or generic arguments.
    var simpleName: String {
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        return attributeName.trimmedDescription
    }

    /// Whether this is a custom attribute (a property wrapper or an attached macro), told from a
    /// built-in one (`@available`, `@objc`) by its capitalised name.
    var isCustom: Bool {
        simpleName.first?.isUppercase ?? false
    }
}

extension VariableDeclSyntax {
    /// Whether the declaration is a type property (`static` or `class`).
    var isTypeProperty: Bool {
        modifiers.contains(.static) || modifiers.contains(.class)
    }

    /// Whether the declaration is a `lazy` var.
    var isLazy: Bool {
        modifiers.contains(.lazy)
    }
}

extension PatternBindingSyntax {
    /// Whether the binding is computed: it has a getter (an accessor block that is not only
    /// `willSet`/`didSet` observers).
    var isComputed: Bool {
        guard let accessorBlock else { return false }
        switch accessorBlock.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        @unknown default:
            return true
        }
    }
}

extension TypeSyntax {
    /// Whether the type is written as an optional: `T?`, `T!` or `Optional<T>`.
    var isWrittenOptional: Bool {
        if `is`(OptionalTypeSyntax.self) || `is`(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = `as`(IdentifierTypeSyntax.self), identifier.name.text == "Optional", identifier.genericArgumentClause != nil {
            return true
        }
        if let member = `as`(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift", member.name.text == "Optional" {
            return member.genericArgumentClause != nil
        }
        return false
    }

    /// Whether a parameter of this type must be marked `@escaping`: a function type, bare or
    /// with attributes (`@Sendable () -> Void`), and not inside an optional.
    var needsEscaping: Bool {
        if `is`(FunctionTypeSyntax.self) { return true }
        if let attributed = `as`(AttributedTypeSyntax.self) { return attributed.baseType.needsEscaping }
        if let tuple = `as`(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
            return only.type.needsEscaping
        }
        return false
    }
}

extension ExprSyntax {
    /// The type a literal initializer has by default (`0` → `Int`, `0.5` → `Double`, `""` →
    /// `String`, `true` → `Bool`, also negated numbers), or `nil` for any other expression.
    var literalType: String? {
        if `is`(IntegerLiteralExprSyntax.self) { return "Int" }
        if `is`(FloatLiteralExprSyntax.self) { return "Double" }
        if `is`(StringLiteralExprSyntax.self) { return "String" }
        if `is`(BooleanLiteralExprSyntax.self) { return "Bool" }
        if let prefix = `as`(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            if prefix.expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
            if prefix.expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        }
        return nil
    }
}

/// What a `@ReduxState` struct's members give: its stored properties in declaration order, its
/// `@Field` marks, and the diagnostics of any that the macro cannot use.
struct ReduxStateMembers {
    var properties: [ReduxStateProperty] = []
    var fields: [ReduxStateField] = []
    var diagnostics: [Diagnostic] = []

    init(of declaration: some DeclGroupSyntax) {
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable)
        }
    }

    private mutating func read(_ variable: VariableDeclSyntax) {
        if variable.isTypeProperty || variable.isLazy { return }
        let bindings = Array(variable.bindings)
        if bindings.contains(where: \.isComputed) { return }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)

        for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) where attribute.isCustom && attribute.simpleName != "Field" {
            let names = bindings.map { $0.pattern.trimmedDescription }.joined(separator: "`, `")
            diagnostics.append(Diagnostic(node: attribute, message: ReduxStateDiagnostic.unsupportedAttribute(attribute: attribute.simpleName, property: names)))
        }

        // `var a, b: Int`: a binding without a type or an initializer takes the type of the
        // next binding that has one.
        var types: [TypeSyntax?] = Array(repeating: nil, count: bindings.count)
        var following: TypeSyntax?
        for index in bindings.indices.reversed() {
            let binding = bindings[index]
            if let annotation = binding.typeAnnotation {
                following = annotation.type.trimmed
                types[index] = following
            } else if binding.initializer == nil {
                types[index] = following
            } else {
                following = nil
            }
        }

        for (binding, type) in zip(bindings, types) {
            let name = binding.pattern.trimmedDescription
            let initializer = binding.initializer?.value.trimmed
            if type == nil {
                diagnostics.append(missingType(binding, name: name, isLet: isLet))
            }
            let defaultValue: String? =
                if let initializer { initializer.description }
                else if !isLet, type?.isWrittenOptional == true { "nil" }
                else { nil }
            properties.append(ReduxStateProperty(
                name: name,
                type: type,
                defaultValue: defaultValue,
                isParameter: !(isLet && initializer != nil),
                pattern: binding.pattern,
                initializer: initializer
            ))
        }

        // A @Field the Field macro accepts: one stored `var`, a key path naming its root.
        guard !isLet, bindings.count == 1, let binding = bindings.first else { return }
        for attribute in variable.attributes.attributes(named: "Field") {
            guard let keyPath = attribute.fieldKeyPath, let root = keyPath.root else { continue }
            fields.append(ReduxStateField(
                name: binding.pattern.trimmedDescription,
                root: root.trimmedDescription,
                keyPath: keyPath.trimmedDescription,
                attribute: attribute
            ))
        }
    }

    private func missingType(_ binding: PatternBindingSyntax, name: String, isLet: Bool) -> Diagnostic {
        let keyword = isLet ? "let" : "var"
        guard let literalType = binding.initializer?.value.literalType else {
            return Diagnostic(node: binding.pattern, message: ReduxStateDiagnostic.missingType(property: name, example: "\(keyword) \(name): <Type>"))
        }
        let initializer = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
        var annotated = binding
        annotated.pattern = binding.pattern.trimmed
        annotated.typeAnnotation = TypeAnnotationSyntax(
            colon: .colonToken(trailingTrivia: .space),
            type: TypeSyntax(IdentifierTypeSyntax(name: .identifier(literalType))),
            trailingTrivia: binding.pattern.trailingTrivia
        )
        annotated.pattern.trailingTrivia = []
        return Diagnostic(
            node: binding.pattern,
            message: ReduxStateDiagnostic.missingType(property: name, example: "\(keyword) \(name): \(literalType)\(initializer)"),
            fixIt: FixIt(message: ReduxStateFixIt.insertType(literalType), changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))])
        )
    }
}

extension AttributeSyntax {
    /// The key path literal a `@Field(...)` attribute passes, if its one argument is one.
    var fieldKeyPath: KeyPathExprSyntax? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let only = arguments.first, only.label == nil else { return nil }
        return only.expression.as(KeyPathExprSyntax.self)
    }
}

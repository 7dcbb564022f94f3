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
    /// The property's access level as declared (a setter's `private(set)` aside).
    let access: AccessLevel
    /// The pattern the type annotation goes after (for the missing-type fix-it).
    let pattern: PatternSyntax
    /// The initializer, when the declaration has one.
    let initializer: ExprSyntax?
}

/// A `@Field(\Root.path)` mark on a stored `var` of a `@ReduxState` struct.
struct ReduxStateField {
    /// The local property's name.
    let name: String
    /// The root type the key path starts at (`AppState`, `App.Root`): see
    /// `KeyPathExprSyntax.fieldRoot`.
    let root: FieldRoot
    /// The whole key path as written (`\AppState.account.displayName`).
    let keyPath: String
    /// The attribute, where a mismatched root is reported.
    let attribute: AttributeSyntax
}

/// A declaration's access level, least accessible first.
enum AccessLevel: Int, Comparable {
    case `private`, `fileprivate`, `internal`, `package`, `public`

    static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The modifier a generated member spells it with, a space after it: none for `internal`.
    var modifier: String {
        switch self {
        case .private: "private "
        case .fileprivate: "fileprivate "
        case .internal: ""
        case .package: "package "
        case .public: "public "
        }
    }
}

extension DeclModifierListSyntax {
    /// Whether the list holds a modifier spelled `keyword`.
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }

    /// The access level the modifiers declare (`open` counts as `public`), `internal` when none
    /// does; a setter's own level (`private(set)`) is not the declaration's.
    var accessLevel: AccessLevel {
        for modifier in self where modifier.detail == nil {
            switch modifier.name.tokenKind {
            case .keyword(.open), .keyword(.public): return .public
            case .keyword(.package): return .package
            case .keyword(.internal): return .internal
            case .keyword(.fileprivate): return .fileprivate
            case .keyword(.private): return .private
            default: continue
            }
        }
        return .internal
    }

    /// The access level the generated members of a type with these modifiers start from:
    /// `public` or `package`, else `internal` (an internal, fileprivate or private type gets
    /// members without a modifier, which the type's own access level caps).
    var generatedAccess: AccessLevel {
        Swift.max(accessLevel, .internal)
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

    /// The capitalised attributes a stored property may carry that are not property wrappers:
    /// the compiler's own (`@NSCopying`, `@IBOutlet`, ...) and the standard global actor.
    static let capitalisedNonWrappers: Set<String> = [
        "MainActor", "NSCopying", "NSManaged", "IBOutlet", "IBInspectable", "GKInspectable",
    ]

    /// Whether this attribute may be a property wrapper, as far as syntax tells: a custom
    /// attribute that is not one of ``capitalisedNonWrappers`` and whose name does not end in
    /// `Actor` (a global actor, by the naming convention `@MainActor` sets). A macro cannot look
    /// a name up, so a property wrapper named `...Actor` is taken for a global actor.
    var mayBePropertyWrapper: Bool {
        let name = simpleName
        return isCustom && !Self.capitalisedNonWrappers.contains(name) && !name.hasSuffix("Actor")
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

        for attribute in variable.attributes.compactMap({ $0.as(AttributeSyntax.self) }) where attribute.mayBePropertyWrapper && attribute.simpleName != "Field" {
            let names = bindings.map { $0.pattern.trimmedDescription }.joined(separator: "`, `")
            diagnostics.append(Diagnostic(node: attribute, message: ReduxStateDiagnostic.unsupportedAttribute(attribute: attribute.simpleName, property: names)))
        }
        let access = variable.modifiers.accessLevel

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
            guard binding.pattern.is(IdentifierPatternSyntax.self) else {
                diagnostics.append(tuplePattern(binding, type: type, isLet: isLet))
                continue
            }
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
                access: access,
                pattern: binding.pattern,
                initializer: initializer
            ))
        }

        // A @Field the Field macro accepts: one stored `var`, a key path naming its root.
        guard !isLet, bindings.count == 1, let binding = bindings.first, binding.pattern.is(IdentifierPatternSyntax.self) else { return }
        for attribute in variable.attributes.attributes(named: "Field") {
            guard let keyPath = attribute.fieldKeyPath, let root = keyPath.fieldRoot else { continue }
            fields.append(ReduxStateField(
                name: binding.pattern.trimmedDescription,
                root: root,
                keyPath: keyPath.trimmedDescription,
                attribute: attribute
            ))
        }
    }

    /// `var (a, b): (Int, Int)`: the names the pattern binds, each in the declaration to write
    /// instead (with its type when the annotation is a tuple type of as many elements).
    private func tuplePattern(_ binding: PatternBindingSyntax, type: TypeSyntax?, isLet: Bool) -> Diagnostic {
        let keyword = isLet ? "let" : "var"
        let names = binding.pattern.tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            if case .identifier = token.tokenKind { return token.text }
            return nil
        }
        var elementTypes: [String]? = nil
        if let tuple = binding.pattern.as(TuplePatternSyntax.self), tuple.elements.allSatisfy({ $0.pattern.is(IdentifierPatternSyntax.self) }),
           let tupleType = type?.as(TupleTypeSyntax.self), tupleType.elements.count == names.count {
            elementTypes = tupleType.elements.map(\.type.trimmedDescription)
        }
        let declarations = names.enumerated().map { index, name in
            "`\(keyword) \(name): \(elementTypes?[index] ?? "<Type>")`"
        }.joined(separator: ", ")
        return Diagnostic(node: binding.pattern, message: ReduxStateDiagnostic.tuplePattern(pattern: binding.pattern.trimmedDescription, declarations: declarations))
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

/// The root type a `@Field` key path starts at.
struct FieldRoot: Equatable {
    /// The type as the generated `fields` spells it (`App.Root`).
    let text: String
    /// The type's tokens without trivia (`App.Root` for `App .Root`): what two roots are
    /// compared by.
    let normalised: String

    static func == (lhs: FieldRoot, rhs: FieldRoot) -> Bool {
        lhs.normalised == rhs.normalised
    }
}

extension KeyPathExprSyntax {
    /// The root type of a key path with an explicit root: the root as parsed, followed by the
    /// components that are a plain name beginning with an uppercase letter (generic arguments
    /// allowed; no `?`, `!` or subscript), up to the first other component, the last component
    /// never included. The parser reads `\App.Root.n` as root `App` with components `Root` and
    /// `n`; the type checker folds `App.Root` into the root type later, and so does this, by the
    /// naming convention: types begin with an uppercase letter, properties with a lowercase one.
    /// `nil` for a key path without a root (`\.name`).
    var fieldRoot: FieldRoot? {
        guard let root else { return nil }
        var text = root.trimmedDescription
        var normalised = root.normalisedText
        for component in components.dropLast() {
            guard component.period != nil, let property = component.component.as(KeyPathPropertyComponentSyntax.self),
                  property.declName.argumentNames == nil, case .identifier(let name) = property.declName.baseName.tokenKind,
                  name.first(where: { $0 != "`" })?.isUppercase == true
            else { break }
            text += "." + property.trimmedDescription
            normalised += "." + property.normalisedText
        }
        return FieldRoot(text: text, normalised: normalised)
    }
}

extension SyntaxProtocol {
    /// The node's tokens, without trivia or backticks: the same for `App.Root`, `App . Root`, and
    /// `App.Root` with `Root` in backticks.
    var normalisedText: String {
        tokens(viewMode: .sourceAccurate).map { $0.text.filter { $0 != "`" } }.joined()
    }
}

extension AttributeSyntax {
    /// The key path literal a `@Field(...)` attribute passes, if its one argument is one.
    var fieldKeyPath: KeyPathExprSyntax? {
        guard case .argumentList(let arguments) = self.arguments, arguments.count == 1, let only = arguments.first, only.label == nil else { return nil }
        return only.expression.as(KeyPathExprSyntax.self)
    }
}

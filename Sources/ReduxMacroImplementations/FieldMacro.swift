import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Field(\Root.path)`: marks a stored `var` of a `@ReduxState` struct as bound to a root state
/// field. It adds no code: `@ReduxState` reads the marks and generates `static var fields`. What
/// this macro does is check its own use, with a diagnostic at the attribute:
/// - not on a stored instance `var` declaring one property (a `let` — with a fix-it making it a
///   `var` —, a computed, `static`, `lazy` or multi-binding declaration);
/// - an argument that is not a key path literal, or a key path without its root type (`\.name`;
///   the compiler refuses that one first, since the declaration's `WritableKeyPath<Root, Value>`
///   cannot be inferred, so this check shows only where the macro is expanded without type
///   checking);
/// - not inside a `@ReduxState` struct.
public struct FieldMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        for diagnostic in diagnostics(of: node, on: declaration, lexicalContext: context.lexicalContext) {
            context.diagnose(diagnostic)
        }
        return []
    }

    static func diagnostics(of node: AttributeSyntax, on declaration: some DeclSyntaxProtocol, lexicalContext: [Syntax]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let variable = declaration.as(VariableDeclSyntax.self) {
            if let problem = placementProblem(of: variable) {
                diagnostics.append(problem)
            }
        } else {
            diagnostics.append(Diagnostic(node: node, message: FieldDiagnostic.notAProperty))
        }

        if let keyPath = node.fieldKeyPath {
            if keyPath.root == nil {
                diagnostics.append(Diagnostic(node: keyPath, message: FieldDiagnostic.noRoot(path: keyPath.trimmedDescription)))
            }
        } else {
            diagnostics.append(Diagnostic(node: node, message: FieldDiagnostic.notAKeyPath))
        }

        let enclosing = lexicalContext.first?.as(StructDeclSyntax.self)
        if enclosing?.attributes.attributes(named: "ReduxState").isEmpty ?? true {
            diagnostics.append(Diagnostic(node: node, message: FieldDiagnostic.outsideReduxState(type: enclosing?.name.text)))
        }
        return diagnostics
    }

    private static func placementProblem(of variable: VariableDeclSyntax) -> Diagnostic? {
        let names = variable.bindings.map { $0.pattern.trimmedDescription }
        let name = names.joined(separator: "`, `")
        if variable.isTypeProperty {
            return Diagnostic(node: variable.bindingSpecifier, message: FieldDiagnostic.onTypeProperty(property: name))
        }
        if variable.bindings.contains(where: \.isComputed) {
            return Diagnostic(node: variable.bindings.first!.pattern, message: FieldDiagnostic.onComputed(property: name))
        }
        if variable.isLazy {
            return Diagnostic(node: variable.bindingSpecifier, message: FieldDiagnostic.onLazy(property: name))
        }
        if names.count != 1 {
            return Diagnostic(node: variable.bindings.first!.pattern, message: FieldDiagnostic.onSeveralBindings(properties: name))
        }
        if variable.bindingSpecifier.tokenKind == .keyword(.let) {
            return Diagnostic(
                node: variable.bindingSpecifier,
                message: FieldDiagnostic.onLet(property: name),
                fixIt: FixIt(message: FieldFixIt.makeVar, changes: [
                    .replace(oldNode: Syntax(variable.bindingSpecifier), newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
                ])
            )
        }
        return nil
    }
}

import SwiftSyntax
import SwiftSyntaxMacros

/// `@Field(\Root.path)`: marks a stored property of a `@ReduxState` struct as bound to a root
/// field; `@ReduxState` reads the marks. It adds nothing itself. (Skeleton.)
public struct FieldMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

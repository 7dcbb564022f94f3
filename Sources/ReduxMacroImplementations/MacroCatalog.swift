import SwiftSyntaxMacros

/// Every macro the plugin provides, by the type name its declaration's `#externalMacro(type:)`
/// names: what the compiler plugin resolves, and what the expansion tests expand with.
public enum MacroCatalog {
    /// The macro implementations by type name.
    public static var macros: [String: any Macro.Type] {
        [
            "ReduxActionMacro": ReduxActionMacro.self,
            "ReduxStateMacro": ReduxStateMacro.self,
            "FieldMacro": FieldMacro.self,
        ]
    }
}

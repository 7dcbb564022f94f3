// The compiler plugin's entry point: the compiler runs this executable and exchanges messages
// with it on standard input and output.
//
// With swift-syntax from its package, `SwiftCompilerPlugin` provides the entry point. The
// toolchain's prebuilt host modules do not include that module, so on that route the loop is
// written here over `SwiftCompilerPluginMessageHandling`, which they do include.
//
// The implementations live in `ReduxMacroImplementations`, a plain library, so that the expansion
// tests import it without depending on this executable.
import ReduxMacroImplementations
import SwiftSyntaxMacros

#if canImport(SwiftCompilerPlugin)
import SwiftCompilerPlugin

@main
struct ReduxMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = Array(MacroCatalog.macros.values)
}
#else
@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

/// Resolves the macro types the compiler asks for by name.
struct ReduxMacrosProvider: PluginProvider {
    struct UnknownMacro: Error, CustomStringConvertible {
        let module: String
        let type: String
        var description: String { "ReduxMacrosPlugin provides no macro \(module).\(type)" }
    }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard let macro = MacroCatalog.macros[typeName] else { throw UnknownMacro(module: moduleName, type: typeName) }
        return macro
    }
}

@main
struct ReduxMacrosPlugin {
    static func main() throws {
        let listener = CompilerPluginMessageListener(
            connection: try StandardIOMessageConnection(),
            provider: ReduxMacrosProvider()
        )
        try listener.main()
    }
}
#endif

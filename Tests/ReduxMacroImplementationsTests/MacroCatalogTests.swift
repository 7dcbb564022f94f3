import Foundation
import Testing
@testable import ReduxMacroImplementations

struct MacroCatalogTests {
    /// The type names the declarations in Sources/ReduxMacros name in `#externalMacro(...)`.
    static func declaredMacroTypes() throws -> Set<String> {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ReduxMacros")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let range = rest.range(of: "#externalMacro(module: \"ReduxMacrosPlugin\", type: \"") {
                rest = rest[range.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                names.insert(String(rest[..<end]))
                rest = rest[end...]
            }
        }
        return names
    }

    @Test func thePluginResolvesEveryMacroTheDeclarationsName() throws {
        let declared = try Self.declaredMacroTypes()
        #expect(declared == ["ReduxActionMacro", "ReduxStateMacro", "FieldMacro"])
        #expect(Set(MacroCatalog.macros.keys) == declared)
    }
}

import SwiftSyntaxMacroExpansion
import Testing

struct ExpansionCheckTests {
    @Test func aSourceWithoutMacrosExpandsToItself() {
        let expansion = expand("struct Plain {\n    var count: Int\n}")
        #expect(expansion.source == "struct Plain {\n    var count: Int\n}")
        #expect(expansion.diagnostics.isEmpty)
    }
}

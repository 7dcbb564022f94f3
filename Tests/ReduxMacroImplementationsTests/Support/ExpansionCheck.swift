import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

@testable import ReduxMacroImplementations

/// What expanding a source gave: the expanded text and the diagnostics, in source order.
struct Expansion {
    /// The source with every macro expanded, as the compiler would see it (trimmed).
    let source: String
    /// Each diagnostic as `line:column: severity: message`, with its fix-its' messages after
    /// ` | fix-it: `.
    let diagnostics: [String]
}

/// The macro names the plugin's declarations give (`@ReduxAction` → ``ReduxActionMacro``), with
/// the conformances each extension role may add.
let reduxMacroSpecs: [String: MacroSpec] = [
    "ReduxAction": MacroSpec(type: ReduxActionMacro.self, conformances: ["ActionIdentifiable", "CaseEmbeddable"]),
    "ReduxState": MacroSpec(type: ReduxStateMacro.self, conformances: ["Sendable", "Equatable"]),
    "Field": MacroSpec(type: FieldMacro.self),
]

/// Expands the macros `specs` names in `source` with the toolchain's `SwiftSyntaxMacroExpansion`
/// (what the compiler does with the plugin), collecting the diagnostics.
func expand(_ source: String, macros specs: [String: MacroSpec] = reduxMacroSpecs) -> Expansion {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "Test.swift")])
    let expanded = file.expand(macroSpecs: specs, contextGenerator: { syntax in
        BasicMacroExpansionContext(sharingWith: context, lexicalContext: syntax.allMacroLexicalContexts())
    }, indentationWidth: .spaces(4))
    let converter = SourceLocationConverter(fileName: "Test.swift", tree: file)
    let diagnostics = context.diagnostics.map { diagnostic -> String in
        let location = diagnostic.location(converter: converter)
        var line = "\(location.line):\(location.column): \(diagnostic.diagMessage.severity): \(diagnostic.message)"
        for fixIt in diagnostic.fixIts {
            line += " | fix-it: \(fixIt.message.message)"
        }
        return line
    }
    return Expansion(source: expanded.description.trimmingCharacters(in: .whitespacesAndNewlines), diagnostics: diagnostics)
}

/// Checks that `source` expands to exactly `expected` (whitespace at both ends ignored) with
/// exactly `diagnostics`; on a mismatch the failure shows both texts and the first differing line.
func checkExpansion(
    _ source: String,
    expandsTo expected: String,
    diagnostics expectedDiagnostics: [String] = [],
    macros specs: [String: MacroSpec] = reduxMacroSpecs,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let expansion = expand(source, macros: specs)
    let want = expected.trimmingCharacters(in: .whitespacesAndNewlines)
    if expansion.source != want {
        let got = expansion.source.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = want.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(got, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, wanted.count)
        Issue.record(
            """
            The expansion differs from the expected source at line \(first + 1).
            --- expected
            \(want)
            --- expanded
            \(expansion.source)
            """,
            sourceLocation: sourceLocation
        )
    }
    #expect(expansion.diagnostics == expectedDiagnostics, sourceLocation: sourceLocation)
}

import Foundation
import SwiftParser
import SwiftSyntax
import Testing

@testable import ReduxMacroImplementations

/// `@Field`: it generates nothing itself, and diagnoses every misuse at the use site.
struct FieldMacroTests {
    @Test func aFieldOnAStoredVarOfAReduxStateStructGivesNoDiagnosticAndNoPeer() {
        let expansion = expand(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\AppState.name) var name: String
            }
            """#,
            macros: ["Field": reduxMacroSpecs["Field"]!]
        )
        #expect(expansion.diagnostics.isEmpty)
        #expect(expansion.source == #"""
            @ReduxState
            struct ProfileState {
                var name: String
            }
            """#)
    }

    @Test func aFieldOnALetIsAnErrorWithAFixItMakingItAVar() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\AppState.name) let name: String
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                let name: String

                init(name: String) {
                    self.name = name
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: ["error: @Field applies to a stored `var`; `name` is a `let`: make it a `var` (the module writes the bound value into it) | fix-it: replace `let` with `var`"]
        )
    }

    @Test func theLetFixItReplacesLetWithVar() {
        let source = #"""
            struct ProfileState {
                @Field(\AppState.name) let name: String
            }
            """#
        let file = Parser.parse(source: source)
        let declaration = file.statements.first!.item.as(StructDeclSyntax.self)!
        let variable = declaration.memberBlock.members.first!.decl.as(VariableDeclSyntax.self)!
        let attribute = variable.attributes.first!.as(AttributeSyntax.self)!
        let diagnostics = FieldMacro.diagnostics(of: attribute, on: variable, lexicalContext: [])
        #expect(applyingFixIts(of: diagnostics, to: file) == #"""
            struct ProfileState {
                @Field(\AppState.name) var name: String
            }
            """#)
    }

    @Test func aFieldOnAComputedPropertyIsAnError() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                var stored: String
                @Field(\AppState.name) var name: String { stored }
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var stored: String
                var name: String { stored }

                init(stored: String) {
                    self.stored = stored
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: ["error: @Field applies to a stored `var`; `name` is computed: bind a stored property instead"]
        )
    }

    @Test func aFieldOnAStaticPropertyIsAnError() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\AppState.name) static var name: String = ""
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                static var name: String = ""

                init() {
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: ["error: @Field applies to a stored `var`; `name` is a type property: bind an instance property instead"]
        )
    }

    @Test func aFieldOnALazyOrMultiNameDeclarationIsAnError() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\AppState.name) lazy var name: String = ""
                @Field(\AppState.x) var x, y: Int
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                lazy var name: String = ""
                var x, y: Int

                init(x: Int, y: Int) {
                    self.x = x
                    self.y = y
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: [
                "error: @Field applies to a stored `var`; `name` is `lazy`: remove `lazy`",
                "error: peer macro can only be applied to a single variable",
            ]
        )
    }

    /// The macro's own check, for an expansion without type checking (as here): at a use site the
    /// compiler refuses `\.profile.name` first, unable to infer the declaration's
    /// `WritableKeyPath<Root, Value>`.
    @Test func aFieldKeyPathWithoutItsRootTypeIsAnErrorAskingForIt() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\.profile.name) var name: String
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String

                init(name: String) {
                    self.name = name
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: [#"error: @Field needs a key path that names its root type; write `\AppState.profile.name` (with your root state's type) instead of `\.profile.name`"#]
        )
    }

    @Test func aFieldArgumentThatIsNotAKeyPathLiteralIsAnError() {
        checkFieldExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(namePath) var name: String
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String

                init(name: String) {
                    self.name = name
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            messages: [#"error: @Field takes a key path literal into the root state, such as `@Field(\AppState.profile.name)`"#]
        )
    }

    @Test func aFieldInAStructWithoutReduxStateIsAnErrorAskingForIt() {
        checkFieldExpansion(
            #"""
            struct ProfileState {
                @Field(\AppState.name) var name: String
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String
            }
            """#,
            messages: ["error: @Field is read by @ReduxState; add @ReduxState to `ProfileState`"]
        )
    }

    @Test func aFieldOutsideAnyStructIsAnError() {
        checkFieldExpansion(
            #"""
            enum Holder {
                @Field(\AppState.name) static var name: String = ""
            }
            """#,
            expandsTo: #"""
            enum Holder {
                static var name: String = ""
            }
            """#,
            messages: [
                "error: @Field applies to a stored `var`; `name` is a type property: bind an instance property instead",
                "error: @Field is read by @ReduxState; use it on a stored `var` of a @ReduxState struct",
            ]
        )
    }
}

/// Checks an expansion like `checkExpansion`, comparing the diagnostics' messages without their
/// positions: the expander reports a peer macro's diagnostics at positions in its own copy of the
/// declaration, not in the source (the compiler reports them at the use site).
func checkFieldExpansion(
    _ source: String,
    expandsTo expected: String,
    messages: [String] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let expansion = expand(source)
    #expect(expansion.source == expected.trimmingCharacters(in: .whitespacesAndNewlines), sourceLocation: sourceLocation)
    let got = expansion.diagnostics.map { line -> String in
        guard let range = line.range(of: ": ") else { return line }
        return String(line[range.upperBound...])
    }
    #expect(got == messages, sourceLocation: sourceLocation)
}

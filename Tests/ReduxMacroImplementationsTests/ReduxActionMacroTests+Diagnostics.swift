import SwiftDiagnostics
import Testing

@testable import ReduxMacroImplementations

extension ReduxActionMacroTests {
    @Test func diagnosticMessageIDsAreStable() {
        #expect(ReduxActionDiagnostic.notAnEnum(kind: "struct", name: "S").diagnosticID == MessageID(domain: "ReduxMacros.ReduxAction", id: "notAnEnum"))
        #expect(ReduxActionDiagnostic.caseInsideConditionalCompilation(name: "a").diagnosticID == MessageID(domain: "ReduxMacros.ReduxAction", id: "caseInsideConditionalCompilation"))
        #expect(ReduxActionDiagnostic.notAnEnum(kind: "struct", name: "S").severity == .error)
    }

    @Test func onAStructItIsAnErrorAndExpandsToNothing() {
        checkExpansion(
            """
            @ReduxAction
            struct Counter {
                var count: Int
            }
            """,
            expandsTo: """
            struct Counter {
                var count: Int
            }
            """,
            diagnostics: ["1:1: error: @ReduxAction applies to an enum; declare the actions as `enum Counter` with one case per action, or remove @ReduxAction from this struct"]
        )
    }

    @Test func onAClassItIsAnError() {
        checkExpansion(
            """
            @ReduxAction
            class C {}
            """,
            expandsTo: """
            class C {}
            """,
            diagnostics: ["1:1: error: @ReduxAction applies to an enum; declare the actions as `enum C` with one case per action, or remove @ReduxAction from this class"]
        )
    }

    @Test func onAnActorItIsAnError() {
        checkExpansion(
            """
            @ReduxAction
            actor C {}
            """,
            expandsTo: """
            actor C {}
            """,
            diagnostics: ["1:1: error: @ReduxAction applies to an enum; declare the actions as `enum C` with one case per action, or remove @ReduxAction from this actor"]
        )
    }

    @Test func onAProtocolItIsAnError() {
        checkExpansion(
            """
            @ReduxAction
            protocol P {}
            """,
            expandsTo: """
            protocol P {}
            """,
            diagnostics: ["1:1: error: @ReduxAction applies to an enum; declare the actions as `enum P` with one case per action, or remove @ReduxAction from this protocol"]
        )
    }

    @Test func onAnExtensionItAsksForTheEnumsDeclaration() {
        checkExpansion(
            """
            @ReduxAction
            extension AppAction {}
            """,
            expandsTo: """
            extension AppAction {}
            """,
            diagnostics: ["1:1: error: @ReduxAction applies to an enum; put it on the declaration of `enum AppAction`, not on an extension"]
        )
    }

    @Test func aCaseInsideIfConfigIsAnErrorAndNothingIsGenerated() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case a
                #if DEBUG
                case debug(Int)
                #endif
            }
            """,
            expandsTo: """
            enum A {
                case a
                #if DEBUG
                case debug(Int)
                #endif
            }
            """,
            diagnostics: ["5:10: error: @ReduxAction cannot see case 'debug' inside #if; move the case out of the #if block, or remove @ReduxAction and conform to ActionIdentifiable by hand"]
        )
    }
}

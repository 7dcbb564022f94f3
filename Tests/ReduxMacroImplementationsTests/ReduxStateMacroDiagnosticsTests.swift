import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import Testing

@testable import ReduxMacroImplementations

/// `@ReduxState`'s misuse diagnostics: each an error that says what to do, nothing generated.
struct ReduxStateMacroDiagnosticsTests {
    @Test(arguments: [("enum", "an enum"), ("class", "a class"), ("actor", "an actor"), ("protocol", "a protocol")])
    func onAnythingButAStructItIsAnErrorAskingForAStruct(keyword: String, kind: String) {
        checkExpansion(
            """
            @ReduxState
            \(keyword) Counter {
            }
            """,
            expandsTo: """
            \(keyword) Counter {
            }
            """,
            diagnostics: ["1:1: error: @ReduxState applies to a struct; this is \(kind): make it a struct, or write its initializer and conformances by hand"]
        )
    }

    @Test func aStoredPropertyWithoutTypeAnnotationIsAnErrorWithAFixItForALiteral() {
        checkExpansion(
            """
            @ReduxState
            struct Counter {
                var count = 0
                var ratio = -0.5
                var name = "a"
                let on = true
            }
            """,
            expandsTo: """
            struct Counter {
                var count = 0
                var ratio = -0.5
                var name = "a"
                let on = true
            }

            extension Counter: Sendable, Equatable {
            }
            """,
            diagnostics: [
                "3:9: error: @ReduxState needs a type annotation on `count` (a macro cannot see inferred types); write `var count: Int = 0` | fix-it: insert `: Int`",
                "4:9: error: @ReduxState needs a type annotation on `ratio` (a macro cannot see inferred types); write `var ratio: Double = -0.5` | fix-it: insert `: Double`",
                "5:9: error: @ReduxState needs a type annotation on `name` (a macro cannot see inferred types); write `var name: String = \"a\"` | fix-it: insert `: String`",
                "6:9: error: @ReduxState needs a type annotation on `on` (a macro cannot see inferred types); write `let on: Bool = true` | fix-it: insert `: Bool`",
            ]
        )
    }

    @Test func theMissingTypeFixItInsertsTheLiteralsTypeAfterTheName() {
        let source = """
            struct Counter {
                var count = 0, name = "a"
            }
            """
        let file = Parser.parse(source: source)
        let declaration = file.statements.first!.item.as(StructDeclSyntax.self)!
        let members = ReduxStateMembers(of: declaration)
        #expect(members.diagnostics.count == 2)
        #expect(applyingFixIts(of: members.diagnostics, to: file) == """
            struct Counter {
                var count: Int = 0, name: String = "a"
            }
            """)
    }

    @Test func aStoredPropertyWithoutTypeAnnotationAndANonLiteralInitializerHasNoFixIt() {
        checkExpansion(
            """
            @ReduxState
            struct Counter {
                var items = [1, 2]
            }
            """,
            expandsTo: """
            struct Counter {
                var items = [1, 2]
            }

            extension Counter: Sendable, Equatable {
            }
            """,
            diagnostics: [
                "3:9: error: @ReduxState needs a type annotation on `items` (a macro cannot see inferred types); write `var items: <Type>`",
            ]
        )
    }

    @Test func aPropertyWrapperOnAStoredPropertyIsUnsupported() {
        checkExpansion(
            """
            @ReduxState
            struct Settings {
                @Clamped(0...10) var volume: Int = 5
            }
            """,
            expandsTo: """
            struct Settings {
                @Clamped(0...10) var volume: Int = 5
            }

            extension Settings: Sendable, Equatable {
            }
            """,
            diagnostics: [
                "3:5: error: @ReduxState does not support the attribute `@Clamped` on the stored property `volume`; store the value itself (a property wrapper's storage would become the initializer parameter and the compared value)",
            ]
        )
    }

    @Test func aBuiltInAttributeOnAStoredPropertyIsAccepted() {
        checkExpansion(
            """
            @ReduxState
            struct Settings {
                @available(*, deprecated) var volume: Int = 5
            }
            """,
            expandsTo: """
            struct Settings {
                @available(*, deprecated) var volume: Int = 5

                init(volume: Int = 5) {
                    self.volume = volume
                }
            }

            extension Settings: Sendable, Equatable {
            }
            """
        )
    }

    @Test func fieldsStartingAtDifferentRootTypesAreAnError() {
        checkExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\AppState.name) var name: String
                @Field(\OtherState.count) var count: Int
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String
                var count: Int
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            diagnostics: [
                #"4:5: error: @Field on `count` starts at `OtherState`, but `name` starts at `AppState`; every @Field of a state binds into the same root state, so write `\AppState...` here (or move `count` to another state)"#,
            ]
        )
    }

    @Test func aTuplePatternIsAnErrorAskingForOneDeclarationPerProperty() {
        checkExpansion(
            """
            @ReduxState
            struct Point {
                var (x, y): (Int, Int)
                let (a, (b, c)) = (1, (2, 3))
            }
            """,
            expandsTo: """
            struct Point {
                var (x, y): (Int, Int)
                let (a, (b, c)) = (1, (2, 3))
            }

            extension Point: Sendable, Equatable {
            }
            """,
            diagnostics: [
                "3:9: error: @ReduxState needs one name per stored property, not the tuple pattern `(x, y)`; declare each property separately: `var x: Int`, `var y: Int`",
                "4:9: error: @ReduxState needs one name per stored property, not the tuple pattern `(a, (b, c))`; declare each property separately: `let a: <Type>`, `let b: <Type>`, `let c: <Type>`",
            ]
        )
    }

    @Test func aGlobalActorOrABuiltInCapitalisedAttributeIsNotAPropertyWrapper() {
        checkExpansion(
            """
            @ReduxState
            struct Settings {
                @MainActor var volume: Int = 5
                @Swift.MainActor var balance: Int = 0
                @DatabaseActor var revision: Int = 0
                @NSCopying var name: NSString
            }
            """,
            expandsTo: """
            struct Settings {
                @MainActor var volume: Int = 5
                @Swift.MainActor var balance: Int = 0
                @DatabaseActor var revision: Int = 0
                @NSCopying var name: NSString

                init(volume: Int = 5, balance: Int = 0, revision: Int = 0, name: NSString) {
                    self.volume = volume
                    self.balance = balance
                    self.revision = revision
                    self.name = name
                }
            }

            extension Settings: Sendable, Equatable {
            }
            """
        )
    }

    @Test func anyOtherCapitalisedAttributeNextToAGlobalActorIsStillUnsupported() {
        checkExpansion(
            """
            @ReduxState
            struct Settings {
                @MainActor @Clamped(0...10) var volume: Int = 5
            }
            """,
            expandsTo: """
            struct Settings {
                @MainActor @Clamped(0...10) var volume: Int = 5
            }

            extension Settings: Sendable, Equatable {
            }
            """,
            diagnostics: [
                "3:16: error: @ReduxState does not support the attribute `@Clamped` on the stored property `volume`; store the value itself (a property wrapper's storage would become the initializer parameter and the compared value)",
            ]
        )
    }

    @Test func fieldRootsAreComparedWithoutWhitespaceAndWithTheirNestedTypes() {
        checkExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\App.Root.name) var name: String
                @Field(\App . Root.count) var count: Int
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String
                var count: Int

                init(name: String, count: Int) {
                    self.name = name
                    self.count = count
                }

                static var fields: [ModuleField<App.Root, ProfileState>] {
                    [.bind(\.name, to: \App.Root.name), .bind(\.count, to: \App . Root.count)]
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#
        )
        checkExpansion(
            #"""
            @ReduxState
            struct ProfileState {
                @Field(\App.Root.name) var name: String
                @Field(\App.Other.count) var count: Int
            }
            """#,
            expandsTo: #"""
            struct ProfileState {
                var name: String
                var count: Int
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#,
            diagnostics: [
                #"4:5: error: @Field on `count` starts at `App.Other`, but `name` starts at `App.Root`; every @Field of a state binds into the same root state, so write `\App.Root...` here (or move `count` to another state)"#,
            ]
        )
    }
}

/// `source` with the fix-its of `diagnostics` applied (edits from the end, so earlier offsets hold).
func applyingFixIts(of diagnostics: [SwiftDiagnostics.Diagnostic], to tree: some SyntaxProtocol) -> String {
    var bytes = Array(tree.description.utf8)
    let edits = diagnostics.flatMap(\.fixIts).flatMap(\.edits).sorted { $0.range.lowerBound > $1.range.lowerBound }
    for edit in edits {
        bytes.replaceSubrange(edit.range.lowerBound.utf8Offset..<edit.range.upperBound.utf8Offset, with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}

import SwiftDiagnostics
import Testing

@testable import ReduxMacroImplementations

// The enums here declare their own `actionIdentity`, so each expansion shows just the extractors
// and embeddings the rule is about.
extension ReduxActionMacroTests {
    @Test func anAttributedFunctionPayloadIsParenthesizedAndLosesAutoclosure() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case run(@Sendable () -> Void)
                case main(@MainActor @Sendable (Int) -> Void)
                case lazy(@autoclosure @Sendable () -> Int)
                case later(@autoclosure () -> Int)
                case both(Int, @Sendable () -> Void)

                var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            enum A {
                case run(@Sendable () -> Void)
                case main(@MainActor @Sendable (Int) -> Void)
                case lazy(@autoclosure @Sendable () -> Int)
                case later(@autoclosure () -> Int)
                case both(Int, @Sendable () -> Void)

                var actionIdentity: ActionIdentity { "a" }

                var run: (@Sendable () -> Void)? {
                    if case .run(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var main: (@MainActor @Sendable (Int) -> Void)? {
                    if case .main(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var lazy: (@Sendable () -> Int)? {
                    if case .lazy(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var later: (() -> Int)? {
                    if case .later(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var both: (Int, @Sendable () -> Void)? {
                    if case .both(let payload0, let payload1) = self {
                        (payload0, payload1)
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var run: Embedding<A, @Sendable () -> Void> {
                        Embedding(extract: {
                                if case .run(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.run)
                    }
                    var main: Embedding<A, @MainActor @Sendable (Int) -> Void> {
                        Embedding(extract: {
                                if case .main(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.main)
                    }
                    var lazy: Embedding<A, @Sendable () -> Int> {
                        Embedding(extract: {
                                if case .lazy(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.lazy)
                    }
                    var later: Embedding<A, () -> Int> {
                        Embedding(extract: {
                                if case .later(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.later)
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func selfInAPayloadNamesTheEnumInsideEmbeddings() {
        checkExpansion(
            """
            @ReduxAction
            indirect enum Tree<T> {
                case leaf(T)
                case next(Self)
                case children([Self])
                case boxed(Box<Self>?)
                case pair(Self, Int)

                var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            indirect enum Tree<T> {
                case leaf(T)
                case next(Self)
                case children([Self])
                case boxed(Box<Self>?)
                case pair(Self, Int)

                var actionIdentity: ActionIdentity { "a" }

                var leaf: T? {
                    if case .leaf(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var next: Self? {
                    if case .next(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var children: [Self]? {
                    if case .children(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var boxed: Box<Self>?? {
                    if case .boxed(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var pair: (Self, Int)? {
                    if case .pair(let payload0, let payload1) = self {
                        (payload0, payload1)
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var leaf: Embedding<Tree<T>, T> {
                        Embedding(extract: {
                                if case .leaf(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: Tree<T>.leaf)
                    }
                    var next: Embedding<Tree<T>, Tree<T>> {
                        Embedding(extract: {
                                if case .next(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: Tree<T>.next)
                    }
                    var children: Embedding<Tree<T>, [Tree<T>]> {
                        Embedding(extract: {
                                if case .children(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: Tree<T>.children)
                    }
                    var boxed: Embedding<Tree<T>, Box<Tree<T>>?> {
                        Embedding(extract: {
                                if case .boxed(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: Tree<T>.boxed)
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension Tree: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func caseNamesInBackticksAreSpelledSoEveryReferenceCompiles() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case `default`(Int)
                case `Type`(Int)
                case `Protocol`(id: Int)
                case `self`(Int)
                case `init`(Int)
                case `class`(Int, Int)

                var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            enum A {
                case `default`(Int)
                case `Type`(Int)
                case `Protocol`(id: Int)
                case `self`(Int)
                case `init`(Int)
                case `class`(Int, Int)

                var actionIdentity: ActionIdentity { "a" }

                var `default`: Int? {
                    if case .`default`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `Type`: Int? {
                    if case .`Type`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `Protocol`: Int? {
                    if case .`Protocol`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `self`: Int? {
                    if case .`self`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `init`: Int? {
                    if case .`init`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `class`: (Int, Int)? {
                    if case .`class`(let payload0, let payload1) = self {
                        (payload0, payload1)
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var `default`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .`default`(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.`default`)
                    }
                    var `Type`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .`Type`(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`Type`($0)
                            })
                    }
                    var `Protocol`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .`Protocol`(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`Protocol`(id: $0)
                            })
                    }
                    var `self`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .`self`(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`self`($0)
                            })
                    }
                    var `init`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .`init`(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`init`($0)
                            })
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func aCaseNamedTypeWithoutBackticksGetsThemInDeclarations() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case Type(Int)
                case Protocol(Int)

                var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            enum A {
                case Type(Int)
                case Protocol(Int)

                var actionIdentity: ActionIdentity { "a" }

                var `Type`: Int? {
                    if case .Type(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var `Protocol`: Int? {
                    if case .Protocol(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var `Type`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .Type(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`Type`($0)
                            })
                    }
                    var `Protocol`: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .Protocol(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: {
                                .`Protocol`($0)
                            })
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func anUnavailableCaseGetsNoExtractorAndNoEmbedding() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case current(Int)
                @available(*, unavailable)
                case gone(Int)
                @available(*, unavailable, renamed: "current")
                case renamed(Int), alsoRenamed(Int, Int)

                var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            enum A {
                case current(Int)
                @available(*, unavailable)
                case gone(Int)
                @available(*, unavailable, renamed: "current")
                case renamed(Int), alsoRenamed(Int, Int)

                var actionIdentity: ActionIdentity { "a" }

                var current: Int? {
                    if case .current(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var current: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .current(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.current)
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func deprecatedAndPlatformBoundCasesLendTheirAvailabilityToTheirMembers() {
        checkExpansion(
            """
            @ReduxAction
            public enum A {
                @available(*, deprecated, message: "use current")
                case old(Int)
                @available(*, deprecated)
                case older(Int, String), oldest(id: Int)
                @available(macOS, unavailable)
                @available(iOS, deprecated: 16, renamed: "current")
                case elsewhere(Int)

                public var actionIdentity: ActionIdentity { "a" }
            }
            """,
            expandsTo: """
            public enum A {
                @available(*, deprecated, message: "use current")
                case old(Int)
                @available(*, deprecated)
                case older(Int, String), oldest(id: Int)
                @available(macOS, unavailable)
                @available(iOS, deprecated: 16, renamed: "current")
                case elsewhere(Int)

                public var actionIdentity: ActionIdentity { "a" }

                @available(*, deprecated, message: "use current")
                public var old: Int? {
                    if case .old(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                @available(*, deprecated)
                public var older: (Int, String)? {
                    if case .older(let payload0, let payload1) = self {
                        (payload0, payload1)
                    } else {
                        nil
                    }
                }

                @available(*, deprecated)
                public var oldest: Int? {
                    if case .oldest(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                @available(macOS, unavailable)
                @available(iOS, deprecated: 16, renamed: "current")
                public var elsewhere: Int? {
                    if case .elsewhere(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                public struct Embeddings: Sendable {
                    public init() {
                    }
                    @available(*, deprecated, message: "use current")
                    public var old: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .old(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.old)
                    }
                    @available(*, deprecated)
                    public var oldest: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .oldest(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.oldest(id:))
                    }
                    @available(macOS, unavailable)
                    @available(iOS, deprecated: 16, renamed: "current")
                    public var elsewhere: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .elsewhere(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.elsewhere)
                    }
                }

                public static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func newDiagnosticMessageIDsAreStable() {
        #expect(ReduxActionDiagnostic.reservedCaseName(name: "embeddings", member: "static var embeddings").diagnosticID == MessageID(domain: "ReduxMacros.ReduxAction", id: "reservedCaseName"))
        #expect(ReduxActionDiagnostic.caseNameUsedTwice(name: "set(y:)", baseName: "set", earlier: "set(x:)").diagnosticID == MessageID(domain: "ReduxMacros.ReduxAction", id: "caseNameUsedTwice"))
        #expect(ReduxActionDiagnostic.reservedCaseName(name: "embeddings", member: "static var embeddings").severity == .error)
        #expect(ReduxActionDiagnostic.caseNameUsedTwice(name: "set(y:)", baseName: "set", earlier: "set(x:)").severity == .error)
    }

    @Test func aCaseNamedLikeAGeneratedMemberIsAnErrorAndNothingIsGenerated() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case actionIdentity
                case embeddings(Int)
                case Embeddings
            }
            """,
            expandsTo: """
            enum A {
                case actionIdentity
                case embeddings(Int)
                case Embeddings
            }
            """,
            diagnostics: [
                "3:10: error: @ReduxAction generates `var actionIdentity`, which case 'actionIdentity' would collide with; rename the case",
                "4:10: error: @ReduxAction generates `static var embeddings`, which case 'embeddings' would collide with; rename the case",
                "5:10: error: @ReduxAction generates `struct Embeddings`, which case 'Embeddings' would collide with; rename the case",
            ]
        )
    }

    @Test func twoCasesWithOneBaseNameAreAnErrorAndNothingIsGenerated() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case set(x: Int)
                case set(y: Int)
                case set(Int, Int), other
            }
            """,
            expandsTo: """
            enum A {
                case set(x: Int)
                case set(y: Int)
                case set(Int, Int), other
            }
            """,
            diagnostics: [
                "4:10: error: @ReduxAction names each case's extractor and embedding after the case, and 'set(y:)' shares the name 'set' with 'set(x:)'; rename one of the two cases",
                "5:10: error: @ReduxAction names each case's extractor and embedding after the case, and 'set(_:_:)' shares the name 'set' with 'set(x:)'; rename one of the two cases",
            ]
        )
    }
}

import Testing

@testable import ReduxMacroImplementations

/// The access level of `@ReduxState`'s initializer: the struct's (`public`, `package`, else
/// internal), lowered to the least accessible property among its parameters.
struct ReduxStateMacroAccessTests {
    /// A public struct with one public property and one of `access`: the initializer's modifier.
    @Test(arguments: [
        ("public ", "public "),
        ("package ", "package "),
        ("", ""),
        ("internal ", ""),
        ("fileprivate ", "fileprivate "),
        ("private ", "private "),
    ])
    func theInitializerOfAPublicStructIsCappedByItsLeastAccessibleProperty(access: String, initializer: String) {
        checkExpansion(
            """
            @ReduxState
            public struct Account {
                public var name: String
                \(access)var secret: String = ""
            }
            """,
            expandsTo: """
            public struct Account {
                public var name: String
                \(access)var secret: String = ""

                \(initializer)init(name: String, secret: String = "") {
                    self.name = name
                    self.secret = secret
                }
            }

            extension Account: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aPrivateSetterDoesNotLowerTheInitializer() {
        checkExpansion(
            """
            @ReduxState
            public struct Account {
                public private(set) var name: String
                public fileprivate(set) var count: Int = 0
                private(set) var note: String?
            }
            """,
            expandsTo: """
            public struct Account {
                public private(set) var name: String
                public fileprivate(set) var count: Int = 0
                private(set) var note: String?

                init(name: String, count: Int = 0, note: String? = nil) {
                    self.name = name
                    self.count = count
                    self.note = note
                }
            }

            extension Account: Sendable, Equatable {
            }
            """
        )
        checkExpansion(
            """
            @ReduxState
            public struct Account {
                public private(set) var name: String
            }
            """,
            expandsTo: """
            public struct Account {
                public private(set) var name: String

                public init(name: String) {
                    self.name = name
                }
            }

            extension Account: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aLetWithAnInitializerIsNotAParameterAndDoesNotLowerTheInitializer() {
        checkExpansion(
            """
            @ReduxState
            public struct Account {
                public var name: String
                private let kind: String = "account"
            }
            """,
            expandsTo: """
            public struct Account {
                public var name: String
                private let kind: String = "account"

                public init(name: String) {
                    self.name = name
                }
            }

            extension Account: Sendable, Equatable {
            }
            """
        )
    }

    @Test func thePackageStructsInitializerIsCappedByAnInternalProperty() {
        checkExpansion(
            """
            @ReduxState
            package struct Counter {
                package var count: Int
                var step: Int = 1
            }
            """,
            expandsTo: """
            package struct Counter {
                package var count: Int
                var step: Int = 1

                init(count: Int, step: Int = 1) {
                    self.count = count
                    self.step = step
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aPublicPropertyDoesNotRaiseThePackageStructsInitializer() {
        checkExpansion(
            """
            @ReduxState
            package struct Counter {
                public var count: Int
            }
            """,
            expandsTo: """
            package struct Counter {
                public var count: Int

                package init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    /// An internal, fileprivate or private struct with a property of `access`.
    @Test(arguments: [
        ("", "fileprivate ", "fileprivate "),
        ("", "private ", "private "),
        ("private ", "fileprivate ", "fileprivate "),
        ("fileprivate ", "private ", "private "),
        ("private ", "", ""),
    ])
    func aNonPublicStructsInitializerIsCappedByAPrivateOrFileprivateProperty(structAccess: String, access: String, initializer: String) {
        checkExpansion(
            """
            @ReduxState
            \(structAccess)struct Counter {
                \(access)var count: Int
            }
            """,
            expandsTo: """
            \(structAccess)struct Counter {
                \(access)var count: Int

                \(initializer)init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test func theFieldsKeepTheStructsAccessWhenTheInitializerIsLowered() {
        checkExpansion(
            #"""
            @ReduxState
            public struct Profile {
                @Field(\AppState.name) public var name: String = ""
                private var edits: Int = 0
            }
            """#,
            expandsTo: #"""
            public struct Profile {
                public var name: String = ""
                private var edits: Int = 0

                private init(name: String = "", edits: Int = 0) {
                    self.name = name
                    self.edits = edits
                }

                public static var fields: [ModuleField<AppState, Profile>] {
                    [.bind(\.name, to: \AppState.name)]
                }
            }

            extension Profile: Sendable, Equatable {
            }
            """#
        )
    }
}

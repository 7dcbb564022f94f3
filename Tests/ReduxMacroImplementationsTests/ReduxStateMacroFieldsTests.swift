import Testing

@testable import ReduxMacroImplementations

/// `@ReduxState`'s `static var fields`, from the stored properties marked with `@Field`.
struct ReduxStateMacroFieldsTests {
    @Test func fieldsBindEachMarkedPropertyToItsRootPathWithTheStructsAccess() {
        checkExpansion(
            #"""
            @ReduxState
            public struct ProfileState {
                @Field(\AppState.account.displayName) public var name: String = ""
                public var count: Int = 0
                @Field(\AppState.settings.notificationsOn)
                public var notifications: Bool = false
            }
            """#,
            expandsTo: #"""
            public struct ProfileState {
                public var name: String = ""
                public var count: Int = 0
                public var notifications: Bool = false

                public init(name: String = "", count: Int = 0, notifications: Bool = false) {
                    self.name = name
                    self.count = count
                    self.notifications = notifications
                }

                public static var fields: [ModuleField<AppState, ProfileState>] {
                    [.bind(\.name, to: \AppState.account.displayName), .bind(\.notifications, to: \AppState.settings.notificationsOn)]
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """#
        )
    }

    @Test func aGenericStatesFieldsNameItsGenericType() {
        checkExpansion(
            #"""
            @ReduxState
            struct Slot<Value> {
                @Field(\AppState.title) var title: String
                var value: Value
            }
            """#,
            expandsTo: #"""
            struct Slot<Value> {
                var title: String
                var value: Value

                init(title: String, value: Value) {
                    self.title = title
                    self.value = value
                }

                static var fields: [ModuleField<AppState, Slot<Value>>] {
                    [.bind(\.title, to: \AppState.title)]
                }
            }

            extension Slot: Sendable where Value: Sendable {
            }

            extension Slot: Equatable where Value: Equatable {
            }
            """#
        )
    }

    /// The parser reads `\App.Root.n` as root `App` with components `Root` and `n`; `fields`
    /// binds into `App.Root`, what the type checker makes of it.
    @Test func aNestedRootTypeTakesTheCapitalisedComponentsAfterTheParsedRoot() {
        checkExpansion(
            #"""
            @ReduxState
            struct Profile {
                @Field(\App.Root.account.name) var name: String
                @Field(\App . Root.count) var count: Int
            }
            """#,
            expandsTo: #"""
            struct Profile {
                var name: String
                var count: Int

                init(name: String, count: Int) {
                    self.name = name
                    self.count = count
                }

                static var fields: [ModuleField<App.Root, Profile>] {
                    [.bind(\.name, to: \App.Root.account.name), .bind(\.count, to: \App . Root.count)]
                }
            }

            extension Profile: Sendable, Equatable {
            }
            """#
        )
    }

    @Test(arguments: [
        (#"\Root.n"#, "Root"),
        (#"\Box<Int>.n"#, "Box<Int>"),
        (#"\Outer.Inner.Deep.x.y"#, "Outer.Inner.Deep"),
        (#"\Outer<Int>.Inner.n"#, "Outer<Int>.Inner"),
        (#"\Outer.Inner<Int>.n"#, "Outer.Inner<Int>"),
        (#"\Swift.Int.bitWidth"#, "Swift.Int"),
        (#"\App.Root.Upper"#, "App.Root"),
        (#"\App.Root.child?.n"#, "App.Root"),
        (#"\App.Root.items[0].n"#, "App.Root"),
        (#"\[Int].count"#, "[Int]"),
        (#"\App.`Root`.n"#, "App.`Root`"),
    ])
    func theRootIsTheParsedRootAndTheCapitalisedComponentsUpToTheFirstOther(keyPath: String, root: String) {
        let expansion = expand(
            """
            @ReduxState
            struct Profile {
                @Field(\(keyPath)) var n: Int
            }
            """
        )
        #expect(expansion.diagnostics.isEmpty)
        #expect(expansion.source.contains("static var fields: [ModuleField<\(root), Profile>]"), "\(expansion.source)")
    }
}

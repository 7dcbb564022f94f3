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
}

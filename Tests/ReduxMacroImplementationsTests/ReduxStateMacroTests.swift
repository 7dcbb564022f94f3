import Testing

@testable import ReduxMacroImplementations

/// `@ReduxState`'s expansions: the memberwise initializer, the conformances and the fields.
struct ReduxStateMacroTests {
    @Test func aPublicStructGetsAPublicInitializer() {
        checkExpansion(
            """
            @ReduxState
            public struct ProfileState {
                public var name: String = ""
                public var count: Int = 0
                public var note: String?
                public let id: Int
            }
            """,
            expandsTo: """
            public struct ProfileState {
                public var name: String = ""
                public var count: Int = 0
                public var note: String?
                public let id: Int

                public init(name: String = "", count: Int = 0, note: String? = nil, id: Int) {
                    self.name = name
                    self.count = count
                    self.note = note
                    self.id = id
                }
            }

            extension ProfileState: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aPackageStructGetsAPackageInitializer() {
        checkExpansion(
            """
            @ReduxState
            package struct Counter {
                package var count: Int
            }
            """,
            expandsTo: """
            package struct Counter {
                package var count: Int

                package init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test(arguments: ["", "internal ", "fileprivate ", "private "])
    func anInternalFileprivateOrPrivateStructGetsAnInitializerWithoutModifier(access: String) {
        checkExpansion(
            """
            @ReduxState
            \(access)struct Counter {
                var count: Int
            }
            """,
            expandsTo: """
            \(access)struct Counter {
                var count: Int

                init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test func parametersFollowDeclarationOrderWithTheInitializersAsDefaults() {
        checkExpansion(
            """
            @ReduxState
            struct Form {
                var title: String
                var limit: Int = 10
                var tags: [String] = ["a", "b"]
                var ratio: Double
            }
            """,
            expandsTo: """
            struct Form {
                var title: String
                var limit: Int = 10
                var tags: [String] = ["a", "b"]
                var ratio: Double

                init(title: String, limit: Int = 10, tags: [String] = ["a", "b"], ratio: Double) {
                    self.title = title
                    self.limit = limit
                    self.tags = tags
                    self.ratio = ratio
                }
            }

            extension Form: Sendable, Equatable {
            }
            """
        )
    }

    @Test func anOptionalVarWithoutInitializerDefaultsToNil() {
        checkExpansion(
            """
            @ReduxState
            struct Draft {
                var note: String?
                var other: Optional<Int>
                var given: Int? = 3
                let fixed: Int?
            }
            """,
            expandsTo: """
            struct Draft {
                var note: String?
                var other: Optional<Int>
                var given: Int? = 3
                let fixed: Int?

                init(note: String? = nil, other: Optional<Int> = nil, given: Int? = 3, fixed: Int?) {
                    self.note = note
                    self.other = other
                    self.given = given
                    self.fixed = fixed
                }
            }

            extension Draft: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aLetWithAnInitializerIsNotAParameter() {
        checkExpansion(
            """
            @ReduxState
            struct Limits {
                let maximum: Int = 5
                let minimum: Int
            }
            """,
            expandsTo: """
            struct Limits {
                let maximum: Int = 5
                let minimum: Int

                init(minimum: Int) {
                    self.minimum = minimum
                }
            }

            extension Limits: Sendable, Equatable {
            }
            """
        )
    }

    @Test func computedStaticAndLazyPropertiesAreNotParameters() {
        checkExpansion(
            """
            @ReduxState
            struct Totals {
                static var shared: Int = 0
                var count: Int {
                    didSet { print(count) }
                }
                var doubled: Int { count * 2 }
                var tripled: Int {
                    get { count * 3 }
                    set { count = newValue / 3 }
                }
                lazy var cache: Int = 0
            }
            """,
            expandsTo: """
            struct Totals {
                static var shared: Int = 0
                var count: Int {
                    didSet { print(count) }
                }
                var doubled: Int { count * 2 }
                var tripled: Int {
                    get { count * 3 }
                    set { count = newValue / 3 }
                }
                lazy var cache: Int = 0

                init(count: Int) {
                    self.count = count
                }
            }

            extension Totals: Sendable, Equatable {
            }
            """
        )
    }

    @Test func severalBindingsInOneDeclarationAreEachAParameter() {
        checkExpansion(
            """
            @ReduxState
            struct Point {
                var x, y: Int
                var label: String = "", visible: Bool = true
            }
            """,
            expandsTo: """
            struct Point {
                var x, y: Int
                var label: String = "", visible: Bool = true

                init(x: Int, y: Int, label: String = "", visible: Bool = true) {
                    self.x = x
                    self.y = y
                    self.label = label
                    self.visible = visible
                }
            }

            extension Point: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aFunctionTypedParameterIsEscaping() {
        checkExpansion(
            """
            @ReduxState
            struct Hooks {
                var run: @Sendable () -> Void
                var maybe: (@Sendable () -> Void)?
            }
            """,
            expandsTo: """
            struct Hooks {
                var run: @Sendable () -> Void
                var maybe: (@Sendable () -> Void)?

                init(run: @escaping @Sendable () -> Void, maybe: (@Sendable () -> Void)? = nil) {
                    self.run = run
                    self.maybe = maybe
                }
            }

            extension Hooks: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aDeclaredInitializerWithTheSameLabelsIsKeptAndNoneIsGenerated() {
        checkExpansion(
            """
            @ReduxState
            struct Counter {
                var count: Int
                init(count: Int) {
                    self.count = max(0, count)
                }
            }
            """,
            expandsTo: """
            struct Counter {
                var count: Int
                init(count: Int) {
                    self.count = max(0, count)
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aDeclaredInitializerWithOtherLabelsKeepsTheGeneratedOne() {
        checkExpansion(
            """
            @ReduxState
            struct Counter {
                var count: Int
                init(start: Int) {
                    count = start
                }
            }
            """,
            expandsTo: """
            struct Counter {
                var count: Int
                init(start: Int) {
                    count = start
                }

                init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable, Equatable {
            }
            """
        )
    }

    @Test func onlyTheConformancesTheStructDoesNotDeclareAreAdded() {
        checkExpansion(
            """
            @ReduxState
            struct Counter: Equatable {
                var count: Int
            }
            """,
            expandsTo: """
            struct Counter: Equatable {
                var count: Int

                init(count: Int) {
                    self.count = count
                }
            }

            extension Counter: Sendable {
            }
            """
        )
        checkExpansion(
            """
            @ReduxState
            struct Counter: Sendable, Equatable {
                var count: Int
            }
            """,
            expandsTo: """
            struct Counter: Sendable, Equatable {
                var count: Int

                init(count: Int) {
                    self.count = count
                }
            }
            """
        )
    }

    @Test func aGenericStructConformsConditionallyOnEveryGenericParameter() {
        checkExpansion(
            """
            @ReduxState
            public struct Pair<First, Second: Hashable> {
                public var first: First
                public var second: Second
            }
            """,
            expandsTo: """
            public struct Pair<First, Second: Hashable> {
                public var first: First
                public var second: Second

                public init(first: First, second: Second) {
                    self.first = first
                    self.second = second
                }
            }

            extension Pair: Sendable where First: Sendable, Second: Sendable {
            }

            extension Pair: Equatable where First: Equatable, Second: Equatable {
            }
            """
        )
    }

    @Test func aValueGenericParameterGetsNoConformanceRequirement() {
        checkExpansion(
            """
            @ReduxState
            struct Buffer<let Capacity: Int, Element> {
                var elements: [Element]
            }
            """,
            expandsTo: """
            struct Buffer<let Capacity: Int, Element> {
                var elements: [Element]

                init(elements: [Element]) {
                    self.elements = elements
                }
            }

            extension Buffer: Sendable where Element: Sendable {
            }

            extension Buffer: Equatable where Element: Equatable {
            }
            """
        )
        checkExpansion(
            """
            @ReduxState
            struct Slots<let Count: Int> {
                var used: Int
            }
            """,
            expandsTo: """
            struct Slots<let Count: Int> {
                var used: Int

                init(used: Int) {
                    self.used = used
                }
            }

            extension Slots: Sendable, Equatable {
            }
            """
        )
    }

    @Test func aParameterPackIsConstrainedElementByElement() {
        checkExpansion(
            """
            @ReduxState
            struct Tagged<each Tag> {
                var name: String
            }
            """,
            expandsTo: """
            struct Tagged<each Tag> {
                var name: String

                init(name: String) {
                    self.name = name
                }
            }

            extension Tagged: Sendable where repeat each Tag: Sendable {
            }

            extension Tagged: Equatable where repeat each Tag: Equatable {
            }
            """
        )
    }
}

import Testing

struct ReduxActionMacroTests {
    @Test func aPublicEnumGetsPublicIdentityExtractorsAndEmbeddings() {
        checkExpansion(
            """
            @ReduxAction
            public enum AppAction {
                case increment
                case counter(CounterAction)
                case rows(ElementAction<Int, RowAction>)
                case select(id: Int)
                case move(from: Int, to: Int)
            }
            """,
            expandsTo: """
            public enum AppAction {
                case increment
                case counter(CounterAction)
                case rows(ElementAction<Int, RowAction>)
                case select(id: Int)
                case move(from: Int, to: Int)

                public var actionIdentity: ActionIdentity {
                    switch self {
                    case .increment:
                        "increment"
                    case .counter(let payload):
                        ActionIdentity(case: "counter", payload: payload)
                    case .rows(let payload):
                        ActionIdentity(case: "rows", payload: payload)
                    case .select(let payload):
                        ActionIdentity(case: "select", payloads: payload)
                    case .move(let payload0, let payload1):
                        ActionIdentity(case: "move", payloads: payload0, payload1)
                    }
                }

                public var counter: CounterAction? {
                    if case .counter(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                public var rows: ElementAction<Int, RowAction>? {
                    if case .rows(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                public var select: Int? {
                    if case .select(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                public var move: (from: Int, to: Int)? {
                    if case .move(let payload0, let payload1) = self {
                        (from: payload0, to: payload1)
                    } else {
                        nil
                    }
                }

                public struct Embeddings: Sendable {
                    public init() {
                    }
                    public var counter: Embedding<AppAction, CounterAction> {
                        Embedding(extract: {
                                if case .counter(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: AppAction.counter)
                    }
                    public var rows: Embedding<AppAction, ElementAction<Int, RowAction>> {
                        Embedding(extract: {
                                if case .rows(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: AppAction.rows)
                    }
                    public var select: Embedding<AppAction, Int> {
                        Embedding(extract: {
                                if case .select(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: AppAction.select(id:))
                    }
                }

                public static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension AppAction: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func anInternalEnumGetsTupleExtractorsBacktickedNamesAndNoModifier() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case pair(Int, String)
                case mixed(id: Int, String)
                case `default`(Int)
                case run(() -> Void)
            }
            """,
            expandsTo: """
            enum A {
                case pair(Int, String)
                case mixed(id: Int, String)
                case `default`(Int)
                case run(() -> Void)

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .pair(let payload0, let payload1):
                        ActionIdentity(case: "pair", payloads: payload0, payload1)
                    case .mixed(let payload0, let payload1):
                        ActionIdentity(case: "mixed", payloads: payload0, payload1)
                    case .`default`(let payload):
                        ActionIdentity(case: "default", payload: payload)
                    case .run(let payload):
                        ActionIdentity(case: "run", payload: payload)
                    }
                }

                var pair: (Int, String)? {
                    if case .pair(let payload0, let payload1) = self {
                        (payload0, payload1)
                    } else {
                        nil
                    }
                }

                var mixed: (id: Int, String)? {
                    if case .mixed(let payload0, let payload1) = self {
                        (id: payload0, payload1)
                    } else {
                        nil
                    }
                }

                var `default`: Int? {
                    if case .`default`(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                var run: (() -> Void)? {
                    if case .run(let payload) = self {
                        payload
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
                    var run: Embedding<A, () -> Void> {
                        Embedding(extract: {
                                if case .run(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.run)
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

    @Test func aPackageEnumGetsPackageMembers() {
        checkExpansion(
            """
            @ReduxAction
            package enum A {
                case a(Int)
            }
            """,
            expandsTo: """
            package enum A {
                case a(Int)

                package var actionIdentity: ActionIdentity {
                    switch self {
                    case .a(let payload):
                        ActionIdentity(case: "a", payload: payload)
                    }
                }

                package var a: Int? {
                    if case .a(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                package struct Embeddings: Sendable {
                    package init() {
                    }
                    package var a: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .a(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.a)
                    }
                }

                package static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func aFileprivateEnumGetsMembersWithoutModifier() {
        checkExpansion(
            """
            @ReduxAction
            fileprivate enum A {
                case a(Int)
            }
            """,
            expandsTo: """
            fileprivate enum A {
                case a(Int)

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .a(let payload):
                        ActionIdentity(case: "a", payload: payload)
                    }
                }

                var a: Int? {
                    if case .a(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var a: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .a(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.a)
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

    @Test func aPrivateEnumGetsMembersWithoutModifier() {
        checkExpansion(
            """
            @ReduxAction
            private enum A {
                case a(Int)
            }
            """,
            expandsTo: """
            private enum A {
                case a(Int)

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .a(let payload):
                        ActionIdentity(case: "a", payload: payload)
                    }
                }

                var a: Int? {
                    if case .a(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var a: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .a(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.a)
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

    @Test func aGenericEnumsEmbeddingsNameItsFullType() {
        checkExpansion(
            """
            @ReduxAction
            enum Wrapper<T> {
                case value(T)
            }
            """,
            expandsTo: """
            enum Wrapper<T> {
                case value(T)

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .value(let payload):
                        ActionIdentity(case: "value", payload: payload)
                    }
                }

                var value: T? {
                    if case .value(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var value: Embedding<Wrapper<T>, T> {
                        Embedding(extract: {
                                if case .value(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: Wrapper<T>.value)
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension Wrapper: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }

    @Test func aDeclaredConformanceIsNotAddedAgain() {
        checkExpansion(
            """
            @ReduxAction
            enum A: ActionIdentifiable {
                case a
            }
            """,
            expandsTo: """
            enum A: ActionIdentifiable {
                case a

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .a:
                        "a"
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension A: CaseEmbeddable {
            }
            """
        )
    }

    @Test func qualifiedDeclaredConformancesLeaveNoExtension() {
        checkExpansion(
            """
            @ReduxAction
            enum A: Redux.ActionIdentifiable, CaseEmbeddable {
                case a
            }
            """,
            expandsTo: """
            enum A: Redux.ActionIdentifiable, CaseEmbeddable {
                case a

                var actionIdentity: ActionIdentity {
                    switch self {
                    case .a:
                        "a"
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }
            """
        )
    }

    @Test func aHandWrittenIdentityAndATakenExtractorNameAreKept() {
        checkExpansion(
            """
            @ReduxAction
            enum A {
                case a(Int)
                case b(String)

                var actionIdentity: ActionIdentity { "x" }
                var a: String { "" }
            }
            """,
            expandsTo: """
            enum A {
                case a(Int)
                case b(String)

                var actionIdentity: ActionIdentity { "x" }
                var a: String { "" }

                var b: String? {
                    if case .b(let payload) = self {
                        payload
                    } else {
                        nil
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                    var a: Embedding<A, Int> {
                        Embedding(extract: {
                                if case .a(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.a)
                    }
                    var b: Embedding<A, String> {
                        Embedding(extract: {
                                if case .b(let payload) = $0 {
                                    payload
                                } else {
                                    nil
                                }
                            }, embed: A.b)
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

    @Test func anEnumWithoutCasesGetsAnEmptySwitchAndEmptyEmbeddings() {
        checkExpansion(
            """
            @ReduxAction
            enum Nothing {
            }
            """,
            expandsTo: """
            enum Nothing {

                var actionIdentity: ActionIdentity {
                    switch self {
                    }
                }

                struct Embeddings: Sendable {
                    init() {
                    }
                }

                static var embeddings: Embeddings {
                    Embeddings()
                }
            }

            extension Nothing: ActionIdentifiable, CaseEmbeddable {
            }
            """
        )
    }
}

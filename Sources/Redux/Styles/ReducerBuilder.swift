/// The result builder of a ``ReducerDomain``'s body: it collects child reducers, in
/// declaration order, into the array that becomes the store's chain.
///
/// A child is a ``Reducer``, an array of reducers (what `lift(state:action:name:)` of a domain
/// returns), or a nested ``ReducerDomain`` with the same `State` and `Action` (its body, in its
/// place). `if`, `if let`, `if #available`, `switch` and `for` are allowed; they are evaluated
/// when the body is built — once per store or lift — never per action.
///
/// Order: the first declared child runs first, and every one runs unless one answers
/// ``ReducerExit/done``. (ReduxCore's `@ReducerCombine`, where the idea comes from, runs later
/// reducers first, falling back to earlier ones.)
///
/// Every method takes and returns plain `[Reducer<State, Action>]` with no generic parameter
/// of its own (only the nested-domain expression is generic, over the domain), so no child's
/// type depends on the children before it and the builder adds nothing to what the compiler
/// spends on any result builder. That cost is not linear on Swift 6.3: the compiler solves a
/// builder body as one constraint system, and 60 children take about 3–4× the time of 30
/// (about 60–120 ms for 30 children on a 2-core Linux machine;
/// `Scripts/check-builder-typecheck.sh` measures 15, 30 and 60). Children written as calls
/// to functions cost far less than inline closures; split a large body into nested domains,
/// each type-checked on its own.
///
/// The attribute comes with the ``ReducerDomain/body`` requirement only where the conformance
/// is declared (the type's declaration, or the extension that declares the conformance); a
/// `body` written in another extension needs `@ReducerBuilder<State, Action>` spelled out.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable> {
    /// One child reducer.
    public static func buildExpression(_ reducer: Reducer<State, Action>) -> [Reducer<State, Action>] {
        [reducer]
    }

    /// Several child reducers, in order (a lifted domain, or an array built elsewhere).
    public static func buildExpression(_ reducers: [Reducer<State, Action>]) -> [Reducer<State, Action>] {
        reducers
    }

    /// A nested domain: its body, built now, in its place.
    public static func buildExpression<Domain: ReducerDomain>(_ domain: Domain) -> [Reducer<State, Action>]
    where Domain.State == State, Domain.Action == Action {
        domain.body
    }

    /// The children of one block, in declaration order.
    public static func buildBlock(_ parts: [Reducer<State, Action>]...) -> [Reducer<State, Action>] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else` (or an `if let`): its children when the condition held at build time.
    public static func buildOptional(_ part: [Reducer<State, Action>]?) -> [Reducer<State, Action>] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first part: [Reducer<State, Action>]) -> [Reducer<State, Action>] {
        part
    }

    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second part: [Reducer<State, Action>]) -> [Reducer<State, Action>] {
        part
    }

    /// A `for` loop: every iteration's children, in iteration order.
    public static func buildArray(_ parts: [[Reducer<State, Action>]]) -> [Reducer<State, Action>] {
        parts.flatMap { $0 }
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ part: [Reducer<State, Action>]) -> [Reducer<State, Action>] {
        part
    }
}

/// The seed's name for ``ReducerBuilder``, for porting ReduxCore code:
/// `@ReducerCombine<State, Action> var children: [Reducer<State, Action>] { ... }` is the same
/// builder, with the same declaration order (not the seed's later-first order).
public typealias ReducerCombine = ReducerBuilder

extension Behavior {
    /// What a behavior answers for one action: a reduce part (a mutation of the state), a
    /// produce part (the effects), both, or ``none``. Built with the static `reduce(_:)` and
    /// `produce(_:)` and chained with the instance methods of the same names:
    /// `.reduce { $0.isLoading = true }.produce { context in … }`.
    ///
    /// A consequence with a part — even a mutation that changes nothing — handles the action
    /// (the reducer answers ``ReducerExit/next``); ``none`` declines it
    /// (``ReducerExit/defaultNext``: not this behavior's action).
    ///
    /// A short-lived value made and used inside the store's reducer step, on the main actor, so
    /// its closures need not be `Sendable`.
    public struct Consequence {
        @usableFromInline
        let isHandled: Bool
        @usableFromInline
        let mutation: ((inout State) -> Void)?
        @usableFromInline
        let production: ((Context) -> Effect<Action>)?

        @usableFromInline
        init(isHandled: Bool, mutation: ((inout State) -> Void)?, production: ((Context) -> Effect<Action>)?) {
            self.isHandled = isHandled
            self.mutation = mutation
            self.production = production
        }

        /// Not this behavior's action: nothing changes, nothing starts.
        @inlinable
        public static var none: Consequence { Consequence(isHandled: false, mutation: nil, production: nil) }

        /// Handles the action without changing the state or starting anything.
        @inlinable
        public static var handled: Consequence { Consequence(isHandled: true, mutation: nil, production: nil) }

        /// A reduce part: `mutation` changes the state in place, on the main actor.
        @inlinable
        public static func reduce(_ mutation: @escaping (inout State) -> Void) -> Consequence {
            Consequence(isHandled: true, mutation: mutation, production: nil)
        }

        /// A produce part: `production` returns the effects, from a ``Context`` holding the state
        /// after the mutations and the environment. Called on the main actor, after every
        /// mutation of the behaviors combined with this one; the effects start after the
        /// reducers, like any reducer's.
        @inlinable
        public static func produce(_ production: @escaping (Context) -> Effect<Action>) -> Consequence {
            Consequence(isHandled: true, mutation: nil, production: production)
        }

        /// This consequence with a further mutation, applied after its own.
        @inlinable
        public func reduce(_ mutation: @escaping (inout State) -> Void) -> Consequence {
            guard let first = self.mutation else {
                return Consequence(isHandled: true, mutation: mutation, production: production)
            }
            return Consequence(isHandled: true, mutation: { state in first(&state); mutation(&state) }, production: production)
        }

        /// This consequence with further effects, merged after its own (in this order).
        @inlinable
        public func produce(_ production: @escaping (Context) -> Effect<Action>) -> Consequence {
            guard let first = self.production else {
                return Consequence(isHandled: true, mutation: mutation, production: production)
            }
            return Consequence(isHandled: true, mutation: mutation, production: { context in .merge(first(context), production(context)) })
        }
    }

    /// What a produce part receives: the state after the mutations and the environment the
    /// store was made with (SwiftRex's effect context).
    ///
    /// `Sendable`, so an effect's asynchronous work can capture it; it holds a copy of the state
    /// (see ``Behavior`` on what keeping it alive costs).
    public struct Context: Sendable {
        /// The state after the mutations of this action made so far: this behavior's, those of
        /// the plain behaviors combined next to it, and those of every reducer before them;
        /// before any effect started.
        public let state: State
        /// The environment given when the store (or the lift) was made.
        public let environment: Environment

        /// A context; the store makes these, tests of a produce part can too.
        @inlinable
        public init(state: State, environment: Environment) {
            self.state = state
            self.environment = environment
        }
    }
}

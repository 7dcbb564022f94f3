import Observation
import Redux
import Testing

/// A small profile feature for the projected and constant modules: its state reduces itself
/// (so every reducer style below shares one body), and its actions include one an effect
/// finishes and one a middleware redirects.
struct ProjectedProfileState: Sendable, Equatable, StateNode {
    var name = "Ada"
    var notifications = true

    mutating func reduce(_ action: ProjectedProfileAction) {
        switch action {
        case let .rename(name): self.name = name
        case let .setNotifications(on): notifications = on
        case .renameLater: break
        }
    }
}

enum ProjectedProfileAction: Sendable, Equatable {
    case rename(String)
    case setNotifications(Bool)
    /// An effect sends `.rename(name)`.
    case renameLater(String)
}

/// The feature's components, in each reducer style.
enum ProjectedProfileFeature {
    typealias State = ProjectedProfileState
    typealias Action = ProjectedProfileAction

    static let reducer = Reducer<State, Action>(id: "profile") { state, action in
        state.reduce(action)
        return .next
    }

    /// An effect reducer: `renameLater` renames through an effect.
    static let effectReducer = Reducer<State, Action>(id: "profile", effects: { state, action in
        state.reduce(action)
        guard case let .renameLater(name) = action else { return .none }
        return .run { send in send(.rename(name)) }
    })

    /// A rename to nothing goes on as a rename to "Anonymous".
    static let middleware = Middleware<State, Action>(id: "names") { context in
        guard case .rename("") = context.action else { return .defaultNext }
        return .nextAs(.rename("Anonymous"))
    }

    static let behavior = Behavior<Action, State, Void>.handle(id: "profile") { action, _ in
        .reduce { $0.reduce(action) }
    }

    struct Domain: ReducerDomain {
        var body: [Reducer<ProjectedProfileState, ProjectedProfileAction>] {
            ProjectedProfileFeature.reducer
        }
    }

    static let command: @Sendable (consuming State, Action) -> (State, Command<Action>) = { state, action in
        var next = state
        next.reduce(action)
        return (next, .none)
    }

    /// The two actions.
    static let twoActions: [Action] = [.rename("Grace"), .setNotifications(false)]
}

/// Modules backed by a plain value: the projected one runs the feature's real components
/// standalone on a store of its own and records what was dispatched to it; the constant one
/// only records.
@Suite("Projected and constant modules", .timeLimit(.minutes(5)))
@MainActor
struct ProjectedModuleTests {
    typealias Feature = ProjectedProfileFeature

    @Test func projectedModuleRunsTheRealReducerStandaloneAndRecordsItsActions() {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])
        for action in Feature.twoActions { module.dispatch(action) }
        #expect(module.state.name == "Grace")
        #expect(module.state.notifications == false)
        #expect(module.actions.count == 2)
        #expect(module.actions == Feature.twoActions, "recorded in dispatch order")
    }

    @Test func projectedModuleWorksThroughTheProtocolAsAFeatureSeesIt() {
        let module: any StoreModule<ProjectedProfileState, ProjectedProfileAction> =
            ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])
        module.dispatch(.rename("Grace"))
        #expect(module.name == "Grace", "dynamic member read through the protocol")
    }

    @Test func everyReducerStyleRunsStandaloneToTheSameState() {
        let modules: [(String, ProjectedModule<ProjectedProfileState, ProjectedProfileAction>)] = [
            ("reducers", ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])),
            ("behavior", ProjectedModule(initialState: ProjectedProfileState(), behavior: Feature.behavior, environment: ())),
            ("domain", ProjectedModule(initialState: ProjectedProfileState(), domain: Feature.Domain())),
            ("command", ProjectedModule(initialState: ProjectedProfileState(), command: Feature.command)),
            ("node", ProjectedModule(node: ProjectedProfileState())),
        ]
        for (style, module) in modules {
            for action in Feature.twoActions { module.dispatch(action) }
            #expect(module.state == ProjectedProfileState(name: "Grace", notifications: false), "\(style)")
            #expect(module.actions == Feature.twoActions, "\(style)")
        }
    }

    @Test func projectedModuleRunsItsMiddlewaresAndRecordsOnlyWhatWasDispatched() {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer], middlewares: [Feature.middleware])
        module.dispatch(.rename(""))
        #expect(module.state.name == "Anonymous", "the middleware's redirect reached the reducer")
        #expect(module.actions == [.rename("")], "the action as dispatched, not as redirected")
    }

    @Test func projectedModuleRunsEffectsOnItsStoreAndDoesNotRecordTheirActions() async throws {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.effectReducer])
        module.dispatch(.renameLater("Grace"))
        try await module.settled(timeout: patience)
        #expect(module.state.name == "Grace", "the effect's action was dispatched to the inner store and reduced")
        #expect(module.actions == [.renameLater("Grace")])
    }

    @Test func projectedModuleForwardsTheInnerStoresLog() {
        let events = SharedList<String>()
        let module = ProjectedModule(
            initialState: ProjectedProfileState(), reducers: [Feature.reducer],
            onLog: { event in if case .terminal(let outcome) = event.kind { events.append("\(event.action) \(outcome)") } }
        )
        module.dispatch(.rename("Grace"))
        #expect(events.values == ["rename(\"Grace\") reduced"])
    }

    @Test func bindingSetDispatchesAndTheProjectedStateFollows() {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])
        let name = module.binding(\.name, send: ProjectedProfileAction.rename)
        #expect(name.get() == "Ada")
        name.wrappedValue = "Grace"
        #expect(name.get() == "Grace", "get reads through the module")
        #expect(module.actions == [.rename("Grace")])
    }

    @Test(arguments: [ObservedRead.state, .dynamicMember])
    func readingAProjectedModulesStateRegistersObservation(read: ObservedRead) {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])
        let changes = SharedValue(0)
        withObservationTracking {
            switch read {
            case .state: _ = module.state.name
            case .dynamicMember: _ = module.name
            }
        } onChange: {
            changes.value += 1
        }
        #expect(changes.value == 0)
        module.dispatch(.rename("Grace"))
        #expect(changes.value == 1, "observers are told after a handled action, as with the store")
    }

    @Test func aProjectedModuleNobodyReadIsNotObserved() {
        let module = ProjectedModule(initialState: ProjectedProfileState(), reducers: [Feature.reducer])
        let changes = SharedValue(0)
        withObservationTracking {
            _ = module.actions
        } onChange: {
            changes.value += 1
        }
        module.dispatch(.rename("Grace"))
        #expect(changes.value == 0, "only the state is observed, not the recorded actions")
        #expect(module.state.name == "Grace")
    }

    @Test func constantModuleRecordsActionsAndNeverChangesItsState() {
        let module = ConstantModule<ProjectedProfileState, ProjectedProfileAction>(ProjectedProfileState())
        for action in Feature.twoActions { module.dispatch(action) }
        let notifications = module.binding(\.notifications, send: ProjectedProfileAction.setNotifications)
        notifications.wrappedValue = false
        #expect(module.state == ProjectedProfileState(), "never changes")
        #expect(notifications.get() == true, "a binding reads the constant value")
        #expect(module.actions == Feature.twoActions + [.setNotifications(false)], "recorded in order, the binding's too")
    }
}

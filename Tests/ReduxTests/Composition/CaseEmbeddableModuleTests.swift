import Redux
import ReduxTesting
import Testing

private let embeddings = HomeAction.embeddings
private let cases = Destination.embeddings

/// Module maps and slices made with key paths into `CaseEmbeddable` embeddings are the ones the
/// `Embedding` forms make: maps lift the same way (same state, log and absence warnings), and
/// slices read and dispatch the same.
@Suite("CaseEmbeddable key paths: modules and slices", .timeLimit(.minutes(5)))
@MainActor
struct CaseEmbeddableModuleTests {
    private let other = [ModuleField<Home, Job>.bind(\.count, to: \Home.other.count)]

    @Test func moduleMapsMadeByKeyPathLiftLikeTheirEmbeddingMaps() async {
        let byKeyPath: [Reducer<Home, HomeAction>] = [
            ModuleMap.linear(state: \Home.fixed, action: \.fixed).lift(jobReducer),
            ModuleMap.scattered(Job(id: 0), fields: other, action: \.other, name: "other").lift(jobReducer),
            OptionalModuleMap.optional(state: \Home.sheet, action: \.sheet).lift(jobReducer),
            OptionalModuleMap.presented(state: \Home.presented, action: \.presented).lift(jobReducer),
            OptionalModuleMap.enumCase(state: \Home.destination, case: \.detail, action: \.detail, name: "detail").lift(jobReducer),
            OptionalModuleMap.enumCase(state: \Home.destination, case: cases.edit, action: \.edit, name: "edit").lift(jobReducer),
            ElementModuleMap.elements(state: \Home.rows, action: \.rows).lift(jobReducer),
        ]
        let byEmbedding: [Reducer<Home, HomeAction>] = [
            ModuleMap.linear(state: \Home.fixed, action: embeddings.fixed).lift(jobReducer),
            ModuleMap.scattered(Job(id: 0), fields: other, action: embeddings.other, name: "other").lift(jobReducer),
            OptionalModuleMap.optional(state: \Home.sheet, action: embeddings.sheet).lift(jobReducer),
            OptionalModuleMap.presented(state: \Home.presented, action: embeddings.presented).lift(jobReducer),
            OptionalModuleMap.enumCase(state: \Home.destination, case: cases.detail, action: embeddings.detail, name: "detail").lift(jobReducer),
            OptionalModuleMap.enumCase(state: \Home.destination, case: cases.edit, action: embeddings.edit, name: "edit").lift(jobReducer),
            ElementModuleMap.elements(state: \Home.rows, action: embeddings.rows).lift(jobReducer),
        ]
        let keyPathRun = await runCaseScript(reducers: byKeyPath)
        #expect(keyPathRun == (await runCaseScript(reducers: byEmbedding)))
        #expect(keyPathRun.state.other.count == 1)
        #expect(keyPathRun.state.fixed.count == 100)
    }

    @Test func aDestinationMapMayNameEitherCaseByKeyPath() {
        let maps = [
            OptionalModuleMap.enumCase(state: \Home.destination, case: \.detail, action: \.detail),
            OptionalModuleMap.enumCase(state: \Home.destination, case: \.detail, action: embeddings.detail),
            OptionalModuleMap.enumCase(state: \Home.destination, case: cases.detail, action: \.detail),
        ]
        let presented = [
            OptionalModuleMap.presentedCase(state: \Routed.route, case: cases.detail, action: embeddings.detail),
            OptionalModuleMap.presentedCase(state: \Routed.route, case: \.detail, action: \.detail),
            OptionalModuleMap.presentedCase(state: \Routed.route, case: \.detail, action: embeddings.detail),
            OptionalModuleMap.presentedCase(state: \Routed.route, case: cases.detail, action: \.detail),
        ]
        var home = Home()
        home.destination = .detail(Job(id: 3, count: 2))
        let routed = Routed(route: Presented(.detail(Job(id: 4, count: 5))))
        #expect(maps.map { $0.state(in: home) } == Array(repeating: Job(id: 3, count: 2), count: 3))
        #expect(maps.map(\.name) == ["destination", "destination", "destination"])
        #expect(maps.map { $0.action.embed(.increment) } == Array(repeating: HomeAction.detail(.increment), count: 3))
        #expect(presented.map { $0.state(in: routed) } == Array(repeating: Job(id: 4, count: 5), count: 4))
        #expect(presented.map { $0.state(in: Routed(route: Presented(.edit(Job(id: 1))))) } == [nil, nil, nil, nil])
        #expect(presented.map(\.name) == ["route", "route", "route", "route"])
    }

    @Test func slicesMadeByKeyPathAreTheSlicesOfTheEmbeddingForm() {
        let store = Store(initialState: Home(), reducers: homeReducers())
        for action in [HomeAction.showSheet(1), .present(2), .showDetail(3), .addRow(4), .addRow(5)] { store.dispatch(action) }

        store.slice(state: \Home.fixed, action: \.fixed).dispatch(.increment)
        store.slice(state: \Home.sheet, action: \.sheet)?.dispatch(.increment)
        store.slice(state: \Home.presented, action: \.presented)?.dispatch(.increment)
        store.slice(state: \Home.destination, case: \.detail, action: \.detail)?.dispatch(.increment)
        store.slice(state: \Home.destination, case: \.detail, action: embeddings.detail)?.dispatch(.increment)
        store.slice(state: \Home.destination, case: cases.detail, action: \.detail)?.dispatch(.increment)
        store.slice(state: \Home.rows, action: \.rows, id: 5)?.dispatch(.increment)
        for row in store.slices(state: \Home.rows, action: \.rows) { row.dispatch(.increment) }

        #expect(store.slice(state: \Home.fixed, action: \.fixed).state == store.slice(state: \Home.fixed, action: embeddings.fixed).state)
        #expect(store.state.fixed.count == 1)
        #expect(store.slice(state: \Home.sheet, action: \.sheet)?.state == Job(id: 1, count: 1))
        #expect(store.slice(state: \Home.presented, action: \.presented)?.state == store.slice(state: \Home.presented, action: embeddings.presented)?.state)
        #expect(store.state.presented?.count == 1)
        #expect(store.slice(state: \Home.destination, case: \.detail, action: \.detail)?.state == Job(id: 3, count: 3))
        #expect(store.slice(state: \Home.destination, case: \.edit, action: \.edit) == nil)
        #expect(store.slice(state: \Home.rows, action: \.rows, id: 9) == nil)
        #expect(store.slices(state: \Home.rows, action: \.rows).map(\.state) == store.slices(state: \Home.rows, action: embeddings.rows).map(\.state))
        #expect(store.state.rows.map(\.count) == [1, 2])
    }

    @Test func presentedDestinationSlicesMayNameEitherCaseByKeyPath() {
        let store = Store(initialState: Routed(), reducers: [routedReducer, jobReducer.lift(state: \Routed.route, case: \.detail, action: \.detail)])
        store.dispatch(.showDetail(1))
        store.slice(state: \Routed.route, case: \.detail, action: \.detail)?.dispatch(.increment)
        store.slice(state: \Routed.route, case: \.detail, action: embeddings.detail)?.dispatch(.increment)
        store.slice(state: \Routed.route, case: cases.detail, action: \.detail)?.dispatch(.increment)
        #expect(store.state.route?.value == .detail(Job(id: 1, count: 3)))
        #expect(store.slice(state: \Routed.route, case: \.edit, action: \.edit) == nil)
    }
}

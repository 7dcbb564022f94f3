import Foundation
@testable import Redux
import ReduxTesting
import Testing

/// The recorder and time travel at their edges: indexes that shift as steps fold away, slices of
/// rows the shown state lacks, origins of merged sends, loading while travelling, rate limits and
/// deferred actions held across a jump. Each test is named after the rule it checks.
@MainActor
@Suite("Recording and time travel: edge cases", .timeLimit(.minutes(2)))
struct TimeTravelEdgeCaseTests {
    /// `.add(n)` adds, `.note(s)` appends, `.echo` sends two notes through one merged effect.
    static let mergingReducer = Reducer<Trip, TripAction>(id: "merging", effects: { state, action in
        switch action {
        case .add(let amount):
            state.count += amount
            return .none
        case .note(let text):
            state.seen.append(text)
            return .none
        case .echo:
            return .merge(.send(.note("a")), .send(.note("b")))
        default:
            return .none
        }
    })

    static let rowsMap = ElementModuleMap<Home, HomeAction, Job, JobAction>.elements(state: \.rows, action: .rows)

    // MARK: Recorder

    /// `Recorder.load(_:)` keeps the newest `maxAge - 1` steps of a longer file, but the
    /// committed state stays the file's `@@INIT` state instead of the state of the newest
    /// dropped step: index 0 then shows a state from before steps that are no longer kept.
    @Test func loadingALongerRecordingFoldsTheDroppedStepsIntoTheCommittedState() throws {
        let source = makeTripStore()
        let long = try source.startRecording(maxAge: 10, startDate: recordingStart)
        for _ in 1...5 { source.dispatch(.add(1)) }  // states 1, 2, 3, 4, 5
        let file = try Recording(importing: long.export())

        let target = makeTripStore()
        let short = try target.startRecording(maxAge: 3, startDate: recordingStart)
        try short.load(file)
        #expect(short.steps.map { $0.state?.count } == [4, 5], "the newest maxAge - 1 steps")
        #expect(short.committedState?.count == 3, "the committed state is the one before the oldest kept step")
        try target.jump(to: 0)
        #expect(target.count == 3, "index 0 is the state the oldest kept step started from")
        target.resumeLive()
        source.invalidate()
        target.invalidate()
    }

    /// A reducer's `.merge(.send(a), .send(b))` is the store's own work, like a lone
    /// `.send`, but its actions are recorded with origin `external` (their entries are queued
    /// as plain main-actor dispatches and never marked as store work). A replay check then
    /// re-dispatches them as if the user had, and they run twice.
    @Test func actionsSentByAMergedEffectAreRecordedWithTheEffectOrigin() throws {
        let store = Store(initialState: Trip(), reducers: [Self.mergingReducer], options: StoreOptions(clock: TestClock()))
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.echo)
        #expect(store.seen == ["a", "b"])
        let origins = recorder.steps.map { "\($0.action):\($0.origin.rawValue)" }
        #expect(origins == ["echo:external", "note(\"a\"):effect", "note(\"b\"):effect"])
        store.invalidate()
    }

    /// The replay check re-dispatches the merged
    /// effect's sends, recorded as external, and the effect sends them again: a deterministic
    /// session of one `.echo` is reported as diverging.
    @Test func aSessionWithAMergedEffectReplaysDeterministically() async throws {
        let store = Store(initialState: Trip(), reducers: [Self.mergingReducer], options: StoreOptions(clock: TestClock()))
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.echo)
        let recording = try Recording(importing: recorder.export())
        store.invalidate()
        let report = try await recording.replayCheck(timeout: .seconds(20)) { options in
            Store(initialState: Trip(), reducers: [Self.mergingReducer], options: options)
        }
        #expect(report.isDeterministic, "\(report)")
        #expect(report.replayedActions == 1, "only the user's .echo is dispatched again")
    }

    /// `Recorder.load(_:)` says "call it while the store is live" but does not check:
    /// loaded while the store travels, the history is replaced under the shown index, which
    /// then names no step (`travelIndex` 3 of a 1-step history) and the shown state belongs to
    /// no step of the recorder. Bad input should be a typed error with nothing half-applied.
    @Test func loadingWhileTravellingIsRefusedWithATypedError() throws {
        let source = makeTripStore()
        let short = try source.startRecording(startDate: recordingStart)
        source.dispatch(.add(1))
        let file = try Recording(importing: short.export())

        let store = makeTripStore()
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1), .add(2), .add(3))
        try store.jump(to: 3)
        #expect(throws: RecordingError.self) { try recorder.load(file) }
        #expect(recorder.count == 3, "nothing half-applied")
        #expect((store.travelIndex ?? 0) <= recorder.count, "the shown index names a kept step")
        store.resumeLive()
        source.invalidate()
        store.invalidate()
    }

    /// `Recorder.recording(currentStateIndex:)` documents that `currentStateIndex` is
    /// "the index the store shows while it time-travels, the newest step otherwise", but the
    /// recorder never learns the store's travel index: exported while travelling, the file's
    /// `currentStateIndex` is the newest step.
    @Test func anExportWhileTravellingNamesTheShownStepAsCurrent() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1), .add(2), .add(3))
        try store.jump(to: 1)
        #expect(try recorder.recording().currentStateIndex == 1)
        store.resumeLive()
        store.invalidate()
    }

    // MARK: Time travel requested inside the pipeline

    /// A jump requested inside the pipeline is validated, and its log event's action
    /// chosen, against the recorder as it is at the request; it is carried out after the current
    /// action's terminal, which records a step and — with a full ring — folds the oldest. Index
    /// 1 then names another step: the store shows a different state than the one requested, and
    /// the `.timeTravel(.jumped)` event names the action of yet another step.
    @Test func aJumpQueuedInsideThePipelineShowsTheStepItNamed() throws {
        let reference = WeakReference<Store<Trip, TripAction>>()
        let traveller = Middleware<Trip, TripAction>(id: "traveller") { context in
            if case .note("jump") = context.action { try? reference.object?.jump(to: 1) }
            return .next
        }
        var jumpedAction: TripAction?
        let store = makeTripStore(middlewares: [traveller], onLog: { event in
            if case .timeTravel(.jumped) = event.kind { jumpedAction = event.action }
        })
        reference.object = store
        let recorder = try store.startRecording(maxAge: 3, startDate: recordingStart)
        store.dispatch(.add(1))  // step 1: count 1
        store.dispatch(.add(2))  // step 2: count 3; the ring is full
        store.dispatch(.note("jump"))  // asks for index 1 (the .add(1) step), then folds it away
        let shown = try #require(store.travelIndex)
        #expect(jumpedAction == recorder.step(at: max(shown, 1)).action, "the log names the action of the step shown")
        #expect(store.count == 1, "the state of the step index 1 named when the jump was requested")
        store.resumeLive()
        store.invalidate()
    }

    /// The same shift from outside the pipeline: `jump(to:)` validates the index against
    /// the recorder, then its call first takes the inbox's backlog (another thread's dispatch,
    /// made before the jump), whose step folds the oldest away — the store shows the state of
    /// the step after the one the user picked.
    @Test func aJumpBehindAnInboxBacklogShowsTheStepItNamed() throws {
        let store = makeTripStore()
        let recorder = try store.startRecording(maxAge: 3, startDate: recordingStart)
        store.dispatch(.add(1))  // step 1: count 1
        store.dispatch(.add(2))  // step 2: count 3; the ring is full
        let picked = try #require(recorder.state(at: 1)?.count)
        Self.dispatchFromNoIsolation(store, .add(10))  // queued in the inbox, not yet processed
        try store.jump(to: 1)
        #expect(store.count == picked, "the state of the step at index 1 when the user picked it")
        store.resumeLive()
        #expect(store.count == 13)
        store.invalidate()
    }

    /// A dispatch made from no isolation: queued in the store's inbox for a later main-actor turn.
    nonisolated static func dispatchFromNoIsolation(_ store: Store<Trip, TripAction>, _ action: TripAction) {
        store.dispatch(action)
    }

    /// `stepBack()` documents "from the live state, the newest step's predecessor".
    /// Called inside the pipeline, it computes the target from the recorder's count before the
    /// current action is recorded, then runs after it: the store lands two steps behind the
    /// newest, skipping one.
    @Test func aStepBackQueuedInsideThePipelineShowsTheNewestStepsPredecessor() throws {
        let reference = WeakReference<Store<Trip, TripAction>>()
        let stepper = Middleware<Trip, TripAction>(id: "stepper") { context in
            if case .note("back") = context.action { try? reference.object?.stepBack() }
            return .next
        }
        let store = makeTripStore(middlewares: [stepper])
        reference.object = store
        let recorder = try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1), .add(2), .add(3))
        store.dispatch(.note("back"))
        #expect(recorder.count == 4)
        #expect(store.travelIndex == 3, "the predecessor of the newest step (the .note step, index 4)")
        store.resumeLive()
        store.invalidate()
    }

    // MARK: Nothing is lost while travelling

    /// A held entry is still queued: a rate-limited dispatch held while the store travels
    /// keeps its pending place (see the Time Travel article), so a second `.limit(1)` dispatch of
    /// the same identity is refused until the first is processed on resume.
    @Test func aRateLimitedDispatchHeldWhileTravellingKeepsItsPendingPlace() throws {
        let store = makeTripStore()
        try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1))
        #expect(store.dispatch(.add(1), rate: .limit(1)))
        #expect(store.dispatch(.add(1), rate: .limit(1)), "live and idle: each runs at once, never pending")
        try store.jump(to: 0)
        let first = store.dispatch(.note("x"), rate: .limit(1))
        let second = store.dispatch(.note("y"), rate: .limit(1))
        #expect(first && !second, "the held one is pending; the second finds no room")
        store.resumeLive()
        #expect(store.seen == ["x"])
        #expect(store.dispatch(.note("z"), rate: .limit(1)), "once processed, its place is free again")
        store.invalidate()
    }

    /// "Travelling to a state without row 1 does not end row 1's work": a row's slice stays
    /// attached while the live state has the row, even while the shown state lacks it, and
    /// works after `resumeLive()`.
    @Test func aRowsSliceReadWhileTravellingWorksAgainAfterResume() throws {
        let store = makeHomeStore(clock: TestClock())
        try store.startRecording(exporting: { $0.rows.count })
        store.dispatch(.note("before"))
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(Self.rowsMap, id: 1))
        try store.jump(to: 1)
        #expect(row.isDetached == false, "the shown state has no row 1, the live state has")
        store.resumeLive()
        #expect(row.isDetached == false, "row 1 is in the live state again")
        row.dispatch(.increment)
        #expect(store.rows[id: 1]?.count == 1, "the slice's action reached the live row")
        store.invalidate()
    }

    /// "While travelling, actions from … the UI are recorded and held … nothing is
    /// lost". A row's slice (made while live, for a row the live state still has) dispatching
    /// while the shown state lacks the row is dropped as detached, never held: after
    /// `resumeLive()` the live row never sees it.
    @Test func aRowsSliceDispatchWhileTravellingIsHeldNotDropped() throws {
        let store = makeHomeStore(clock: TestClock())
        try store.startRecording(exporting: { $0.rows.count })
        store.dispatch(.note("before"))
        store.dispatch(.addRow(1))
        let row = try #require(store.slice(Self.rowsMap, id: 1))
        try store.jump(to: 1)
        row.dispatch(.increment)
        #expect(store.heldActions == [.rows(.element(id: 1, action: .increment))])
        store.resumeLive()
        #expect(store.rows[id: 1]?.count == 1, "held, then reduced into the live row")
        store.invalidate()
    }

    /// `heldActions` lists every held entry's action: the resumption of an action
    /// dispatched (and suspended in `.deferred`) before the jump is held too, counted by
    /// `.resumedLive(heldActions:)`, and finishes once, on resume.
    @Test func heldActionsIncludeTheResumptionOfAnActionSuspendedBeforeTheJump() async throws {
        let slow = Middleware<Trip, TripAction>(id: "slow") { context in
            if case .note("slow") = context.action {
                return .deferred { _ in
                    try await Task.sleep(for: .milliseconds(20))
                    return .next
                }
            }
            return .next
        }
        var resumed: [TimeTravelStep] = []
        let store = makeTripStore(middlewares: [slow], onLog: { event in
            if case .timeTravel(let step) = event.kind, case .resumedLive = step { resumed.append(step) }
        })
        try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1))
        store.dispatch(.note("slow"))  // dispatched, and suspended, before the jump
        try store.jump(to: 0)
        try await store.settled(timeout: patience)  // its resumption arrived and was held
        #expect(store.heldActions == [.note("slow")], "its resumption arrived and is held")
        store.resumeLive()
        #expect(resumed == [.resumedLive(heldActions: 1)])
        #expect(store.seen == ["slow"], "the suspended action still finished, once")
        store.invalidate()
    }

    /// An action another thread dispatched while the store travels is held in
    /// arrival order with the main actor's, and both run on resume in that order.
    @Test func actionsFromAnotherThreadAreHeldInArrivalOrderWithTheMainActors() async throws {
        let store = makeTripStore()
        try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1))
        try store.jump(to: 0)
        await Task.detached { store.dispatch(.note("thread")) }.value
        store.dispatch(.note("main"))
        #expect(store.heldActions == [.note("thread"), .note("main")])
        store.resumeLive()
        #expect(store.seen == ["thread", "main"])
        #expect(store.recorder?.steps.suffix(2).map(\.origin) == [.external, .external])
        store.invalidate()
    }

    /// Several jumps and a resume requested inside one pass run in request
    /// order after the current action: an action queued between them is held by the jump before
    /// it and processed by the resume after it — once.
    @Test func jumpsAndAResumeInOnePassRunInOrderAndHoldWhatIsBetween() throws {
        let reference = WeakReference<Store<Trip, TripAction>>()
        let traveller = Middleware<Trip, TripAction>(id: "traveller") { context in
            if case .note("go") = context.action, let store = reference.object {
                try? store.jump(to: 1)
                store.dispatch(.add(100))
                try? store.jump(to: 0)
                store.resumeLive()
            }
            return .next
        }
        var travelEvents: [TimeTravelStep] = []
        let store = makeTripStore(middlewares: [traveller], onLog: { event in
            if case .timeTravel(let step) = event.kind { travelEvents.append(step) }
        })
        reference.object = store
        try store.startRecording(startDate: recordingStart)
        store.dispatch(.add(1))
        store.dispatch(.note("go"))
        #expect(travelEvents == [.jumped(to: 1), .jumped(to: 0), .resumedLive(heldActions: 1)])
        #expect(store.isTravelling == false)
        #expect(store.count == 101, ".add(100) reduced exactly once, against the live state")
        store.invalidate()
    }
}

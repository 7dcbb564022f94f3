import ReduxTesting
import Testing

/// A module plugged in through a linear and through a scattered map, written with the macros
/// (`@ReduxState`, `@Field`'s generated `fields`, `action: \.draft`), behaves like the
/// hand-written one: same log, same final state, through the lifted reducer and a slice.
@MainActor
struct ModuleMapTests {
    static func runMacroLinear() async -> Transcript {
        typealias App = MacroModules
        let recorder = LogRecorder()
        let store = TestStore(initialState: App.LinearRoot(), reducers: [App.linearMap.lift(App.draftReducer)],
                              onLog: recorder.handler(App.RootAction.self))
        await store.send(.draft(.edit("Call Ada"))) { $0.draft.text = "Call Ada"; $0.draft.edits = 1 }
        await store.send(.draft(.togglePin)) { $0.draft.pinned = true }
        await store.send(.rename("todo"), expecting: .unhandled)
        store.store.slice(App.linearMap).dispatch(.edit("Call Grace"))
        await store.receive(\.draft) { $0.draft.text = "Call Grace"; $0.draft.edits = 2 }
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    static func runHandLinear() async -> Transcript {
        typealias App = HandModules
        let recorder = LogRecorder()
        let store = TestStore(initialState: App.LinearRoot(), reducers: [App.linearMap.lift(App.draftReducer)],
                              onLog: recorder.handler(App.RootAction.self))
        await store.send(.draft(.edit("Call Ada"))) { $0.draft.text = "Call Ada"; $0.draft.edits = 1 }
        await store.send(.draft(.togglePin)) { $0.draft.pinned = true }
        await store.send(.rename("todo"), expecting: .unhandled)
        store.store.slice(App.linearMap).dispatch(.edit("Call Grace"))
        await store.receive(App.draftCase) { $0.draft.text = "Call Grace"; $0.draft.edits = 2 }
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    static func runMacroScattered() async -> Transcript {
        typealias App = MacroModules
        let recorder = LogRecorder()
        let store = TestStore(initialState: App.ScatteredRoot(), reducers: [App.scatteredMap.lift(App.draftReducer)],
                              onLog: recorder.handler(App.RootAction.self))
        await store.send(.draft(.edit("Call Ada"))) { $0.editor.text = "Call Ada" }
        await store.send(.draft(.togglePin)) { $0.board.pinned = true }
        let slice = store.store.slice(App.scatteredMap)
        slice.dispatch(.togglePin)
        await store.receive(\.draft, .togglePin) { $0.board.pinned = false }
        await store.finish()
        return Transcript(log: recorder.lines + ["slice: \(slice.state)"], state: Transcript.unqualified("\(store.store.state)"))
    }

    static func runHandScattered() async -> Transcript {
        typealias App = HandModules
        let recorder = LogRecorder()
        let store = TestStore(initialState: App.ScatteredRoot(), reducers: [App.scatteredMap.lift(App.draftReducer)],
                              onLog: recorder.handler(App.RootAction.self))
        await store.send(.draft(.edit("Call Ada"))) { $0.editor.text = "Call Ada" }
        await store.send(.draft(.togglePin)) { $0.board.pinned = true }
        let slice = store.store.slice(App.scatteredMap)
        slice.dispatch(.togglePin)
        await store.receive(App.draftCase, .togglePin) { $0.board.pinned = false }
        await store.finish()
        return Transcript(log: recorder.lines + ["slice: \(slice.state)"], state: Transcript.unqualified("\(store.store.state)"))
    }

    @Test func theMacroLinearMapLogsWhatTheHandWrittenOneLogs() async {
        let macro = await Self.runMacroLinear()
        let hand = await Self.runHandLinear()
        #expect(hand.log.count >= 12, "the script should log every step: \(hand)")
        #expect(hand.log.contains { $0.contains("draft/draft#0") }, "the lifted reducer names its module: \(hand)")
        #expect(macro.log == hand.log)
    }

    @Test func theMacroLinearMapEndsInTheHandWrittenOnesState() async {
        let macro = await Self.runMacroLinear()
        let hand = await Self.runHandLinear()
        #expect(hand.state.contains("Call Grace"))
        #expect(macro.state == hand.state)
    }

    @Test func theMacroScatteredMapLogsWhatTheHandWrittenOneLogs() async {
        let macro = await Self.runMacroScattered()
        let hand = await Self.runHandScattered()
        #expect(hand.log.count >= 10, "the script should log every step: \(hand)")
        #expect(macro.log == hand.log)
    }

    @Test func theMacroScatteredMapEndsInTheHandWrittenOnesState() async {
        let macro = await Self.runMacroScattered()
        let hand = await Self.runHandScattered()
        #expect(hand.state.contains("Call Ada") && hand.state.contains("pinned: false"))
        #expect(macro.state == hand.state)
    }

    @Test func theGeneratedFieldsBindWhatTheHandWrittenOnesBind() {
        let root = MacroModules.ScatteredRoot(editor: .init(text: "a"), board: .init(pinned: true, columns: 2))
        let local = MacroModules.scatteredMap.state(in: root)
        #expect(local == MacroModules.Draft(text: "a", pinned: true, edits: 0))
        #expect(MacroModules.Draft.fields.count == HandModules.Draft.fields.count)
    }
}

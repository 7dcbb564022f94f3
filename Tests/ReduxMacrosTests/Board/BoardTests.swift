import ReduxTesting
import Testing

/// The README's composition example (a stored, an optional and a collection child) written with
/// the macros — `@ReduxAction` on `BoardAction`, lifts through `action: \.total`, a received row
/// action asserted with `receive(\.rows)` — behaves like the hand-written one.
@MainActor
struct BoardTests {
    static func runMacroBoard() async -> Transcript {
        let recorder = LogRecorder()
        let clock = TestClock()
        let store = TestStore(initialState: Board(), reducers: boardReducers, clock: clock, onLog: recorder.handler(BoardAction.self))
        await store.send(.addRow(1)) { $0.rows.append(Tally(id: 1)) }
        await store.send(.addRow(2)) { $0.rows.append(Tally(id: 2)) }
        await store.send(.rows(.element(id: 1, action: .incrementLater)))
        await clock.advance(by: .seconds(1))
        await store.receive(\.rows) { $0.rows[id: 1]?.count = 1 }
        await store.send(.total(.increment)) { $0.total.count = 1 }
        await store.send(.openEditor) { $0.editor = Tally(id: 0) }
        await store.send(.editor(.increment)) { $0.editor?.count = 1 }
        await store.send(.closeEditor) { $0.editor = nil }
        await store.send(.editor(.increment), expecting: .unhandled, childAbsent: .isNil)
        await store.send(.rows(.element(id: 2, action: .incrementLater)))
        await store.send(.removeRow(2)) { $0.rows.remove(id: 2) }
        await clock.advance(by: .seconds(1))
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    static func runHandBoard() async -> Transcript {
        typealias Tally = HandBoard.Tally
        let recorder = LogRecorder()
        let clock = TestClock()
        let store = TestStore(initialState: HandBoard.Board(), reducers: HandBoard.boardReducers, clock: clock,
                              onLog: recorder.handler(HandBoard.BoardAction.self))
        await store.send(.addRow(1)) { $0.rows.append(Tally(id: 1)) }
        await store.send(.addRow(2)) { $0.rows.append(Tally(id: 2)) }
        await store.send(.rows(.element(id: 1, action: .incrementLater)))
        await clock.advance(by: .seconds(1))
        await store.receive(HandBoard.rowsCase) { $0.rows[id: 1]?.count = 1 }
        await store.send(.total(.increment)) { $0.total.count = 1 }
        await store.send(.openEditor) { $0.editor = Tally(id: 0) }
        await store.send(.editor(.increment)) { $0.editor?.count = 1 }
        await store.send(.closeEditor) { $0.editor = nil }
        await store.send(.editor(.increment), expecting: .unhandled, childAbsent: .isNil)
        await store.send(.rows(.element(id: 2, action: .incrementLater)))
        await store.send(.removeRow(2)) { $0.rows.remove(id: 2) }
        await clock.advance(by: .seconds(1))
        await store.finish()
        return Transcript(log: recorder.lines, state: Transcript.unqualified("\(store.store.state)"))
    }

    @Test func theMacroBoardLogsWhatTheHandWrittenOneLogs() async {
        let macro = await Self.runMacroBoard()
        let hand = await Self.runHandBoard()
        #expect(hand.log.count >= 20, "the script should log every step: \(hand)")
        #expect(hand.log.contains { $0.contains("rows[1]/tally#") }, "lifted reducers name their child: \(hand)")
        #expect(macro.log == hand.log)
    }

    @Test func theMacroBoardEndsInTheHandWrittenOnesState() async {
        let macro = await Self.runMacroBoard()
        let hand = await Self.runHandBoard()
        #expect(hand.state.contains("count: 1"))
        #expect(macro.state == hand.state)
    }

    @Test func theMacroBoardsEmbeddingsExtractAndEmbedLikeTheHandWrittenClosures() {
        let row = ElementAction<Int, TallyAction>.element(id: 3, action: .increment)
        let embedding = Embedding(\BoardAction.Embeddings.rows)
        #expect(embedding.extract(.rows(row)) == row)
        #expect(embedding.extract(.openEditor) == nil)
        #expect(embedding.embed(row) == .rows(row))
        #expect(BoardAction.total(.increment).total == .increment)
        #expect(BoardAction.rows(row).actionIdentity == "rows.element.increment")
        #expect(BoardAction.rows(row).actionIdentity == ActionIdentity(reflecting: HandBoard.BoardAction.rows(.element(id: 3, action: .increment))))
    }
}

import ReduxMacros

/// The README's composition example ("Composition") as written there, by hand: a stored, an
/// optional and a collection child of one `Tally` feature. Its macro twin is the README's macro
/// spelling, in Mirrors/ReadmeBlocks.swift (`Board`, `BoardAction`, `boardReducers`).
enum HandBoard {
    struct Tally: Sendable, Equatable, Identifiable {
        let id: Int
        var count = 0
    }

    enum TallyAction: Sendable, Equatable {
        case increment
        case incrementLater
    }

    static let tally = Reducer<Tally, TallyAction>(id: "tally", effects: { state, action in
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .incrementLater:
            return .run { send in
                try await send.sleep(for: .seconds(1))
                send(.increment)
            }
        }
    })

    struct Board: Sendable, Equatable {
        var total = Tally(id: 0)
        var editor: Tally?
        var rows = IdentifiedArray<Tally>()
    }

    enum BoardAction: Sendable, Equatable {
        case total(TallyAction)
        case editor(TallyAction)
        case rows(ElementAction<Int, TallyAction>)
        case openEditor
        case closeEditor
        case addRow(Int)
        case removeRow(Int)
    }

    static let board = Reducer<Board, BoardAction>(id: "board") { state, action in
        switch action {
        case .openEditor: state.editor = Tally(id: 0)
        case .closeEditor: state.editor = nil
        case .addRow(let id): state.rows.append(Tally(id: id))
        case .removeRow(let id): state.rows.remove(id: id)
        default: return .defaultNext
        }
        return .next
    }

    static let rowsCase = Embedding<BoardAction, ElementAction<Int, TallyAction>>(
        extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: BoardAction.rows)

    static let boardReducers = [
        board,
        tally.lift(state: \Board.total, action: Embedding(
            extract: { if case .total(let a) = $0 { a } else { nil } }, embed: BoardAction.total)),
        tally.lift(state: \Board.editor, action: Embedding(
            extract: { if case .editor(let a) = $0 { a } else { nil } }, embed: BoardAction.editor)),
        tally.lift(state: \Board.rows, action: rowsCase),
    ]
}

import ReduxMacros

/// One module, plugged in through a linear and through a scattered map, with the macros:
/// `HandModules` is the same hand-written.
enum MacroModules {
    @ReduxState
    struct Draft {
        @Field(\ScatteredRoot.editor.text) var text: String = ""
        @Field(\ScatteredRoot.board.pinned) var pinned: Bool = false
        var edits: Int = 0
    }

    @ReduxAction
    enum DraftAction: Sendable, Equatable {
        case edit(String)
        case togglePin
    }

    static let draftReducer = Reducer<Draft, DraftAction>(id: "draft", handlingAll: { state, action in
        switch action {
        case .edit(let text):
            state.text = text
            state.edits += 1
        case .togglePin:
            state.pinned.toggle()
        }
    })

    @ReduxState
    struct LinearRoot {
        var draft: Draft = Draft()
        var title: String = "notes"
    }

    @ReduxState
    struct ScatteredRoot {
        var editor: Editor = Editor()
        var board: Pinboard = Pinboard()

        @ReduxState
        struct Editor {
            var text: String = ""
        }

        @ReduxState
        struct Pinboard {
            var pinned: Bool = false
            var columns: Int = 3
        }
    }

    @ReduxAction
    enum RootAction: Sendable, Equatable {
        case draft(DraftAction)
        case rename(String)
    }

    static let linearMap = ModuleMap<LinearRoot, RootAction, Draft, DraftAction>.linear(state: \.draft, action: \.draft)

    static let scatteredMap = ModuleMap<ScatteredRoot, RootAction, Draft, DraftAction>.scattered(
        Draft(), fields: Draft.fields, action: \.draft, name: "draft")
}

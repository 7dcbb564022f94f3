import ReduxMacros

/// One module, plugged in through a linear and through a scattered map, hand-written: what
/// `MacroModules` spells with `@ReduxState`, `@Field` and `@ReduxAction`.
enum HandModules {
    // The module: a draft and what can be done to it.
    struct Draft: Sendable, Equatable {
        var text: String
        var pinned: Bool
        var edits: Int

        init(text: String = "", pinned: Bool = false, edits: Int = 0) {
            self.text = text
            self.pinned = pinned
            self.edits = edits
        }

        /// The draft's text and pin live apart in `ScatteredRoot`; its edit count is the module's own.
        static var fields: [ModuleField<ScatteredRoot, Draft>] {
            [.bind(\.text, to: \ScatteredRoot.editor.text), .bind(\.pinned, to: \ScatteredRoot.board.pinned)]
        }
    }

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

    // The app, linear: the draft is one field of the root.
    struct LinearRoot: Sendable, Equatable {
        var draft: Draft
        var title: String

        init(draft: Draft = Draft(), title: String = "notes") {
            self.draft = draft
            self.title = title
        }
    }

    // The app, scattered: the draft's text and pin live in different places.
    struct ScatteredRoot: Sendable, Equatable {
        var editor: Editor
        var board: Pinboard

        init(editor: Editor = Editor(), board: Pinboard = Pinboard()) {
            self.editor = editor
            self.board = board
        }

        struct Editor: Sendable, Equatable {
            var text: String
            init(text: String = "") { self.text = text }
        }

        struct Pinboard: Sendable, Equatable {
            var pinned: Bool
            var columns: Int
            init(pinned: Bool = false, columns: Int = 3) {
                self.pinned = pinned
                self.columns = columns
            }
        }
    }

    enum RootAction: Sendable, Equatable {
        case draft(DraftAction)
        case rename(String)

        var draft: DraftAction? { if case .draft(let action) = self { action } else { nil } }
    }

    static let draftCase = Embedding(\RootAction.draft, embed: RootAction.draft)

    static let linearMap = ModuleMap<LinearRoot, RootAction, Draft, DraftAction>.linear(state: \.draft, action: draftCase)

    static let scatteredMap = ModuleMap<ScatteredRoot, RootAction, Draft, DraftAction>.scattered(
        Draft(), fields: Draft.fields, action: draftCase, name: "draft")
}

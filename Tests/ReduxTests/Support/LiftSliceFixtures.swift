import Redux

// The profile and row features of SliceFixtures, plugged into an app with plain lifts (no
// module map): each child is declared once, as a key path and an embedding in `LiftFeature`,
// and the store's lifts and the tests' slices are made from those same values. The app holds
// the profile in every place a lift reaches: stored (`profile`), optional (`editor`),
// presented (`sheet`), as a case of an optional enum (`screen`), as a case of a presented enum
// (`modal`), and per element (`rows`).

struct LiftSliceApp: Equatable, Sendable {
    var profile = SliceProfile(name: "Ada")
    var editor: SliceProfile?
    var sheet: Presented<SliceProfile>?
    var screen: SliceScreen?
    var modal: Presented<SliceScreen>?
    var rows = IdentifiedArray<SliceRow>()
    var query = ""
}

enum LiftSliceAction: Equatable, Sendable {
    case profile(SliceProfileAction)
    case editor(SliceProfileAction)
    case sheet(SliceProfileAction)
    case screen(SliceProfileAction)
    case modal(SliceProfileAction)
    case rows(ElementAction<Int, SliceRowAction>)
    case openEditor(id: Int)
    /// Wraps a new `Presented` profile with this name (a new showing, equal or not).
    case showSheet(String)
    case dismissSheet
    case showScreen(id: Int)
    case showAbout
    /// Wraps a new `Presented` `.profile` case with this id.
    case showModal(id: Int)
    case showModalAbout
    /// Sets the presented enum to `.about` in place (the same showing, another case).
    case turnModalToAbout
    case addRow(Int)
    case removeRow(Int)
    /// Builds a new collection from the old: reversed, every title suffixed with "!".
    case rebuildRows
    case search(String)
}

/// Each child's key path and embeddings, written once: the lifts below and the slices in the
/// tests take these values.
enum LiftFeature {
    static let profileState: WritableKeyPath<LiftSliceApp, SliceProfile> & Sendable = \.profile
    static let profileActions = Embedding<LiftSliceAction, SliceProfileAction>(
        extract: { if case .profile(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.profile)

    static let editorState: WritableKeyPath<LiftSliceApp, SliceProfile?> & Sendable = \.editor
    static let editorActions = Embedding<LiftSliceAction, SliceProfileAction>(
        extract: { if case .editor(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.editor)

    static let sheetState: WritableKeyPath<LiftSliceApp, Presented<SliceProfile>?> & Sendable = \.sheet
    static let sheetActions = Embedding<LiftSliceAction, SliceProfileAction>(
        extract: { if case .sheet(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.sheet)

    static let screenState: WritableKeyPath<LiftSliceApp, SliceScreen?> & Sendable = \.screen
    static let screenActions = Embedding<LiftSliceAction, SliceProfileAction>(
        extract: { if case .screen(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.screen)

    static let modalState: WritableKeyPath<LiftSliceApp, Presented<SliceScreen>?> & Sendable = \.modal
    static let modalActions = Embedding<LiftSliceAction, SliceProfileAction>(
        extract: { if case .modal(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.modal)

    static let rowsState: WritableKeyPath<LiftSliceApp, IdentifiedArray<SliceRow>> & Sendable = \.rows
    static let rowActions = Embedding<LiftSliceAction, ElementAction<Int, SliceRowAction>>(
        extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: LiftSliceAction.rows)

    /// The `.profile` case of a screen enum.
    static let profileCase = SliceMaps.profileCase
}

let liftSliceAppReducer = Reducer<LiftSliceApp, LiftSliceAction>(id: "app") { state, action in
    switch action {
    case .openEditor(let id): state.editor = SliceProfile(id: id, name: "editing \(id)")
    case .showSheet(let name): state.sheet = Presented(SliceProfile(name: name))
    case .dismissSheet: state.sheet = nil
    case .showScreen(let id): state.screen = .profile(SliceProfile(id: id, name: "screen \(id)"))
    case .showAbout: state.screen = .about
    case .showModal(let id): state.modal = Presented(.profile(SliceProfile(id: id, name: "modal \(id)")))
    case .showModalAbout: state.modal = Presented(.about)
    case .turnModalToAbout: state.modal?.value = .about
    case .addRow(let id): state.rows.append(SliceRow(id: id, title: "row \(id)"))
    case .removeRow(let id): state.rows.remove(id: id)
    case .rebuildRows:
        state.rows = IdentifiedArray(uniqueElements: state.rows.reversed().map { row in
            var rebuilt = row
            rebuilt.title += "!"
            return rebuilt
        })
    case .search(let query): state.query = query
    default: return .defaultNext
    }
    return .next
}

/// A store with the app's reducer, then the features lifted with `LiftFeature`'s values. Its
/// diagnostics go to `diagnostics` (a fresh collector by default): the tests dispatch through
/// detached slices on purpose, and nothing a debug build says about it may reach the output.
@MainActor
func makeLiftSliceStore(
    onLog: Store<LiftSliceApp, LiftSliceAction>.LogHandler? = nil,
    diagnostics: DiagnosticLines = DiagnosticLines()
) -> Store<LiftSliceApp, LiftSliceAction> {
    Store(
        initialState: LiftSliceApp(),
        reducers: [
            liftSliceAppReducer,
            sliceProfileReducer.lift(state: LiftFeature.profileState, action: LiftFeature.profileActions),
            sliceProfileReducer.lift(state: LiftFeature.editorState, action: LiftFeature.editorActions),
            sliceProfileReducer.lift(state: LiftFeature.sheetState, action: LiftFeature.sheetActions),
            sliceProfileReducer.lift(state: LiftFeature.screenState, case: LiftFeature.profileCase, action: LiftFeature.screenActions),
            sliceProfileReducer.lift(state: LiftFeature.modalState, case: LiftFeature.profileCase, action: LiftFeature.modalActions),
            sliceRowReducer.lift(state: LiftFeature.rowsState, action: LiftFeature.rowActions),
        ],
        options: diagnostics.options,
        onLog: onLog
    )
}

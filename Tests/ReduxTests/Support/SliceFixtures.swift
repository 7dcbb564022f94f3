import Foundation
import Redux

// A feature module (a profile: a name, a notifications switch and an unbound draft) written
// against its own state and actions, plugged into one app state in every way a map allows:
// linearly (`profile`), scattered over the app's account and settings (`scatteredProfile`), as
// an optional sheet (`editor`), as one case of an optional enum (`screen`), and per element of
// an identified collection (`rows`). The scattered fields count the writes they receive, so a
// test can tell "written with the same value" from "not written".

/// A value that counts how many times it was written (a `didSet` counter): a test reads
/// `writes` to see whether a map wrote the field, whatever the value.
struct SliceWriteCounted<Value: Equatable & Sendable>: Equatable, Sendable {
    var value: Value { didSet { writes += 1 } }
    private(set) var writes = 0

    init(_ value: Value) { self.value = value }
}

// MARK: - The feature module (knows nothing of the app)

struct SliceProfile: Equatable, Sendable, Identifiable {
    var id = 0
    var name = ""
    var notifications = false
    /// Not bound by the scattered map: its changes are not kept in the root.
    var draft = ""
}

enum SliceProfileAction: Equatable, Sendable {
    case rename(String)
    case setNotifications(Bool)
    case editDraft(String)
}

let sliceProfileReducer = Reducer<SliceProfile, SliceProfileAction>(id: "profile") { state, action in
    switch action {
    case .rename(let name): state.name = name
    case .setNotifications(let on): state.notifications = on
    case .editDraft(let text): state.draft = text
    }
    return .next
}

/// A module-local middleware: redirects a rename with surrounding spaces to the trimmed name
/// (`.nextAs`), and records every action it sees in `seen`.
func sliceTrimMiddleware(_ seen: SharedList<SliceProfileAction>) -> Middleware<SliceProfile, SliceProfileAction> {
    Middleware(id: "trim") { context in
        seen.append(context.action)
        guard case .rename(let name) = context.action else { return .next }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed == name ? .next : .nextAs(.rename(trimmed))
    }
}

// MARK: - Rows (a per-element module)

struct SliceRow: Equatable, Sendable, Identifiable {
    let id: Int
    var title = ""
    var done = false
}

enum SliceRowAction: Equatable, Sendable {
    case toggle
    case retitle(String)
}

let sliceRowReducer = Reducer<SliceRow, SliceRowAction>(id: "row") { state, action in
    switch action {
    case .toggle: state.done.toggle()
    case .retitle(let title): state.title = title
    }
    return .next
}

// MARK: - The app

struct SliceAccount: Equatable, Sendable {
    var displayName = SliceWriteCounted("Ada")
    var email = SliceWriteCounted("ada@example.com")
}

struct SliceSettings: Equatable, Sendable {
    var notificationsOn = SliceWriteCounted(true)
}

enum SliceScreen: Equatable, Sendable {
    case profile(SliceProfile)
    case about
}

struct SliceApp: Equatable, Sendable {
    var profile = SliceProfile(name: "Ada")
    var account = SliceAccount()
    var settings = SliceSettings()
    var editor: SliceProfile?
    var screen: SliceScreen?
    var rows = IdentifiedArray<SliceRow>()
    var bumps = 0
}

enum SliceAppAction: Equatable, Sendable {
    case profile(SliceProfileAction)
    case scattered(SliceProfileAction)
    case editor(SliceProfileAction)
    case screen(SliceProfileAction)
    case rows(ElementAction<Int, SliceRowAction>)
    case openEditor(id: Int)
    case closeEditor
    case showScreen(id: Int)
    case showAbout
    case addRow(Int)
    case removeRow(Int)
    /// Removes the row and appends a new one with the same id.
    case replaceRow(Int)
    case bump
}

enum SliceMaps {
    static let profileActions = Embedding<SliceAppAction, SliceProfileAction>(
        extract: { if case .profile(let action) = $0 { action } else { nil } }, embed: SliceAppAction.profile)
    static let scatteredActions = Embedding<SliceAppAction, SliceProfileAction>(
        extract: { if case .scattered(let action) = $0 { action } else { nil } }, embed: SliceAppAction.scattered)
    static let editorActions = Embedding<SliceAppAction, SliceProfileAction>(
        extract: { if case .editor(let action) = $0 { action } else { nil } }, embed: SliceAppAction.editor)
    static let screenActions = Embedding<SliceAppAction, SliceProfileAction>(
        extract: { if case .screen(let action) = $0 { action } else { nil } }, embed: SliceAppAction.screen)
    static let rowActions = Embedding<SliceAppAction, ElementAction<Int, SliceRowAction>>(
        extract: { if case .rows(let action) = $0 { action } else { nil } }, embed: SliceAppAction.rows)
    static let profileCase = Embedding<SliceScreen, SliceProfile>(
        extract: { if case .profile(let profile) = $0 { profile } else { nil } }, embed: SliceScreen.profile)

    static let linear = ModuleMap<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>.linear(
        state: \.profile, action: profileActions)

    static let scattered = ModuleMap<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>.scattered(
        SliceProfile(),
        fields: [
            .bind(\.name, to: \.account.displayName.value),
            .bind(\.notifications, to: \.settings.notificationsOn.value),
        ],
        action: scatteredActions,
        name: "scatteredProfile"
    )

    static let editor = OptionalModuleMap<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>.optional(
        state: \.editor, action: editorActions)

    static let screen = OptionalModuleMap<SliceApp, SliceAppAction, SliceProfile, SliceProfileAction>.enumCase(
        state: \.screen, case: profileCase, action: screenActions, name: "screen")

    static let rows = ElementModuleMap<SliceApp, SliceAppAction, SliceRow, SliceRowAction>.elements(
        state: \.rows, action: rowActions)
}

/// The app's own reducer: opens and closes the editor, shows screens, adds and removes rows.
let sliceAppReducer = Reducer<SliceApp, SliceAppAction>(id: "app") { state, action in
    switch action {
    case .openEditor(let id): state.editor = SliceProfile(id: id, name: "editing \(id)")
    case .closeEditor: state.editor = nil
    case .showScreen(let id): state.screen = .profile(SliceProfile(id: id, name: "screen \(id)"))
    case .showAbout: state.screen = .about
    case .addRow(let id): state.rows.append(SliceRow(id: id, title: "row \(id)"))
    case .removeRow(let id): state.rows.remove(id: id)
    case .replaceRow(let id):
        state.rows.remove(id: id)
        state.rows.append(SliceRow(id: id, title: "new row \(id)"))
    case .bump: state.bumps += 1
    default: return .defaultNext
    }
    return .next
}

/// A store with every map's lifts of the feature (and of the rows), after the app's reducer;
/// `middlewares` are given as is (lift them with a map).
@MainActor
func makeSliceStore(
    _ initial: SliceApp = SliceApp(),
    middlewares: [Middleware<SliceApp, SliceAppAction>] = [],
    onLog: Store<SliceApp, SliceAppAction>.LogHandler? = nil
) -> Store<SliceApp, SliceAppAction> {
    Store(
        initialState: initial,
        reducers: [
            sliceAppReducer,
            SliceMaps.linear.lift(sliceProfileReducer),
            SliceMaps.scattered.lift(sliceProfileReducer),
            SliceMaps.editor.lift(sliceProfileReducer),
            SliceMaps.screen.lift(sliceProfileReducer),
            SliceMaps.rows.lift(sliceRowReducer),
        ],
        middlewares: middlewares,
        onLog: onLog
    )
}

extension LogRecorder {
    /// The `.detachedSlice` warnings, as `"<sequence> <action> <path>"`.
    var detachedSliceWarnings: [String] {
        events.compactMap { event in
            if case let .detachedSlice(path, _) = event.kind { return "\(event.sequence) \(event.action) \(path)" }
            return nil
        }
    }

    /// The actions of the `.enqueued` events, in order.
    var enqueuedActions: [Action] {
        events.compactMap { event in
            if case .enqueued = event.kind { return event.action }
            return nil
        }
    }
}

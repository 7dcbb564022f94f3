import Redux

/// The downloads feature in the app: a list of ``Download`` rows in an `IdentifiedArray`, each
/// with its own running download.
///
/// Two reducers: ``list`` (the parent's) adds, removes and moves rows; ``rows`` is the child
/// reducer lifted over the list with `lift(state:action:)`, so `.downloads(.element(id:action:))`
/// reaches the reducer of the row with that id. The lift does the rest: every row's effect uses
/// the cancellation id `"download"`, scoped to the row, so rows never cancel each other; a row
/// removed while its download runs has the download cancelled (it sends nothing more); moving
/// rows leaves their downloads running; a row added again with an id that was removed is a new
/// row, which never gets the old download's reports; and an action for an id that is not in
/// the list is skipped with a `.childAbsent` warning.
enum Downloads {
    /// The parent's reducer: the list operations. An `addDownload` whose id is already in the
    /// list, and a `moveDownload` or `removeDownload` that names no row, change nothing and
    /// answer `.defaultNext` (outcome `unhandled`).
    static let list = Reducer<AppState, AppAction>(id: "downloads") { state, action in
        switch action {
        case let .addDownload(id, file):
            guard state.downloads.append(Download(id: id, file: file)).inserted else { return .defaultNext }
        case let .removeDownload(id):
            guard state.downloads.remove(id: id) != nil else { return .defaultNext }
        case let .moveDownload(from, to):
            guard state.downloads.indices.contains(from), state.downloads.indices.contains(to) else { return .defaultNext }
            state.downloads.move(from: from, to: to)
        default:
            return .defaultNext
        }
        return .next
    }

    /// The row reducer lifted over `state.downloads`; its log events carry the row's path,
    /// `downloads[2]`. A cancelled download is noted in ``journal``.
    static let rows: Reducer<AppState, AppAction> = Download.reducer(onCancel: { id, reported in
        journal.record("download \(id) cancelled in flight at \(reported)%")
    })
    .lift(state: \AppState.downloads, action: \.downloads)

    /// What no action shows: downloads cancelled in flight (written from the task-cancellation
    /// handler, synchronously inside the store's main-actor pass that removed the row; see
    /// ``SearchService/Journal``).
    static let journal = SearchService.Journal()
}

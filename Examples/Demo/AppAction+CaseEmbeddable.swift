#if !REDUX_MACROS
import Redux
import ReduxProfile

/// Without the macros (`REDUX_MACROS=off`), the embeddings the demo's lifts name by key path
/// (`action: \.downloads`), written by hand: what `@ReduxAction` writes for every case with one
/// associated value.
extension AppAction: CaseEmbeddable {
    struct Embeddings: Sendable {
        var downloads: Embedding<AppAction, ElementAction<Download.ID, DownloadAction>> {
            Embedding(extract: { if case let .downloads(action) = $0 { action } else { nil } }, embed: AppAction.downloads)
        }
        var movies: Embedding<AppAction, MoviesAction> {
            Embedding(extract: { if case let .movies(action) = $0 { action } else { nil } }, embed: AppAction.movies)
        }
        var profile: Embedding<AppAction, ProfileAction> {
            Embedding(extract: { if case let .profile(action) = $0 { action } else { nil } }, embed: AppAction.profile)
        }
    }

    static var embeddings: Embeddings { Embeddings() }
}
#endif

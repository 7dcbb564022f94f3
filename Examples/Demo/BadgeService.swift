import Redux

/// A headless service: the app icon's badge, kept up to date from the store without a view.
///
/// The badge shows the counter while someone is signed in and nothing otherwise. The service
/// reads the state through a select subscription (`store.subscribe(select:owner:_:)`) of that
/// one computed value, an `Int?` compared with `==`: it is told the current badge when it is
/// created, then only when the badge changes — not when the counter moves while signed out, nor
/// when an action leaves the badge as it was.
///
/// Retention: the subscription is owned weakly by the service (`.weak(self)`, ReduxCore's
/// streamers), and its callback captures the service weakly, so the store never keeps the service
/// alive: when the app lets it go, the subscription ends and the store stops calling it.
///
/// Isolation and order: main actor. The callback runs in the store's subscriptions step, after
/// the reducers and observers of a handled action and before its effects start and its terminal,
/// so the replay prints what the service was told under the session line that caused it.
@MainActor
final class BadgeService {
    /// The badge now: the counter while someone is signed in, `nil` (no badge) otherwise.
    private(set) var badge: Int?
    /// Every badge the service was told of, oldest first, the one given at creation included.
    private(set) var told: [Int?] = []
    private let report: @MainActor (String) -> Void

    /// Subscribes to `store`'s badge; `report` receives one line per value the service is told
    /// of, starting with the current one, at once.
    init(store: Store<AppState, AppAction>, report: @escaping @MainActor (String) -> Void) {
        self.report = report
        store.subscribe(select: { $0.isLoggedIn ? $0.counter : nil }, owner: .weak(self)) { [weak self] badge in
            self?.show(badge)
        }
    }

    /// What the service would do with a real badge: set it, and say so.
    private func show(_ badge: Int?) {
        self.badge = badge
        told.append(badge)
        report(badge.map { "badge \($0)" } ?? "no badge (signed out)")
    }
}

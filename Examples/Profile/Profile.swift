import Redux

/// The profile feature's components, written against its own ``ProfileState`` and
/// ``ProfileAction`` only: this library depends on `Redux` and on nothing of any app. An app
/// lifts them through a module map (`map.lift(Profile.reducers)`, `map.lift(Profile.middleware)`);
/// a preview or a test runs them standalone in a `ProjectedModule`.
public enum Profile {
    /// The feature's reducers, in chain order.
    public static let reducers = [reducer]

    /// The feature's middlewares, in chain order.
    public static let middlewares = [middleware]

    /// Writes the name and the notifications switch.
    public static let reducer = Reducer<ProfileState, ProfileAction>(id: "profileEditor") { state, action in
        switch action {
        case let .rename(name): state.name = name
        case let .setNotifications(on): state.notifications = on
        case .toggleNotifications: state.notifications.toggle()
        }
        return .next
    }

    /// Guards renames: while nobody is signed in a rename is consumed (nothing changes); a name
    /// with spaces around it goes on as the trimmed name (`.nextAs`); a name that is empty once
    /// trimmed is consumed. Every other action passes by.
    public static let middleware = Middleware<ProfileState, ProfileAction>(id: "profileNames") { context in
        guard case let .rename(name) = context.action else { return .defaultNext }
        guard context.isSignedIn else { return .exit(.done) }
        let cleaned = Profile.trimmed(name)
        if cleaned.isEmpty { return .exit(.done) }
        return cleaned == name ? .next : .nextAs(.rename(cleaned))
    }

    /// `text` without the whitespace at either end.
    static func trimmed(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

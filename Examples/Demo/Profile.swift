import Redux
import ReduxProfile

/// The profile feature (the ReduxProfile library, Examples/Profile) in the app. The library
/// knows only its own ``ProfileState`` and ``ProfileAction``; this file is the composition
/// root that knows both sides: one scattered module map assembles the feature's state from
/// three app fields that live in different places, and the same map lifts the feature's
/// reducer and middleware into the app.
///
/// - `ProfileState.name` is the signed-in user's display name (`AppState.displayName`, loaded
///   after sign-in; an empty name is no name),
/// - `ProfileState.notifications` is a setting (`AppState.settings.notificationsOn`),
/// - `ProfileState.isSignedIn` is `AppState.isLoggedIn` (the feature reads it, never writes it).
///
/// A lifted profile reducer writes back only the app fields whose value it changed.
enum ProfileModule {
    /// The map: the feature's three fields bound to where they live in ``AppState``.
    static let map = ModuleMap<AppState, AppAction, ProfileState, ProfileAction>.scattered(
        ProfileState(),
        fields: [
            .bind(\.name, to: \.profileName),
            .bind(\.notifications, to: \.settings.notificationsOn),
            .bind(\.isSignedIn, to: \.isLoggedIn),
        ],
        action: \.profile,
        name: "profile"
    )

    /// The feature's reducers, lifted through the map.
    static let reducers = map.lift(Profile.reducers)

    /// The feature's middlewares, lifted through the map: a rename the feature redirects
    /// (trimmed) goes on as the embedded app action.
    static let middlewares = Profile.middlewares.map { ProfileModule.map.lift($0) }
}

/// The app's settings (one of the places the profile feature's state lives).
struct AppSettings: Sendable, Equatable, Codable {
    /// Whether the user wants notifications (the profile screen's switch).
    var notificationsOn = true
}

extension AppState {
    /// The display name as the profile feature edits it: empty while there is none, and an
    /// empty name clears it.
    var profileName: String {
        get { displayName ?? "" }
        set { displayName = newValue.isEmpty ? nil : newValue }
    }

    /// The profile feature's part of the transcript line: `profile="Grace" notifications=off`.
    var profileDescription: String {
        let profile = ProfileModule.map.state(in: self)
        return "profile=\(String(reflecting: profile.name)) notifications=\(profile.notifications ? "on" : "off")"
    }
}

/// The profile actions' JSON form, like ``MoviesAction``'s: one flat object whose `type` starts
/// with `profile.`: `{"type":"profile.rename","name":"Grace"}`,
/// `{"type":"profile.setNotifications","on":false}`, `{"type":"profile.toggleNotifications"}`.
/// A function pair, not a `Codable` conformance: the action type is the library's, and the
/// JSON form is the demo's.
enum ProfileActionCoding {
    /// The `type` field of an encoded profile action.
    enum Kind: String, ActionKind, Sendable {
        case rename = "profile.rename"
        case setNotifications = "profile.setNotifications"
        case toggleNotifications = "profile.toggleNotifications"

        var fields: [String] {
            switch self {
            case .rename: ["name"]
            case .setNotifications: ["on"]
            case .toggleNotifications: []
            }
        }

        init(_ action: ProfileAction) {
            switch action {
            case .rename: self = .rename
            case .setNotifications: self = .setNotifications
            case .toggleNotifications: self = .toggleNotifications
            }
        }
    }

    /// Decodes strictly, as ``AppAction`` does: a known `type` and exactly its fields.
    static func decode(from decoder: any Decoder) throws -> ProfileAction {
        let container = try decoder.container(keyedBy: ActionField.self)
        switch try container.decodeKind(Kind.self) {
        case .rename: return .rename(try container.decode(String.self, forKey: ActionField("name")))
        case .setNotifications: return .setNotifications(try container.decode(Bool.self, forKey: ActionField("on")))
        case .toggleNotifications: return .toggleNotifications
        }
    }

    static func encode(_ action: ProfileAction, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ActionField.self)
        try container.encode(Kind(action).rawValue, forKey: ActionField("type"))
        switch action {
        case let .rename(name): try container.encode(name, forKey: ActionField("name"))
        case let .setNotifications(on): try container.encode(on, forKey: ActionField("on"))
        case .toggleNotifications: break
        }
    }

    /// A short form for the transcript, named like the `type` field: `profile.rename("Grace")`.
    static func description(_ action: ProfileAction) -> String {
        switch action {
        case let .rename(name): "profile.rename(\(String(reflecting: name)))"
        case let .setNotifications(on): "profile.setNotifications(\(on))"
        case .toggleNotifications: "profile.toggleNotifications"
        }
    }
}

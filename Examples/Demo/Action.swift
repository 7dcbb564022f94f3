#if REDUX_MACROS
import ReduxMacros
#else
import Redux
#endif
import ReduxProfile

#if REDUX_MACROS
/// Everything a user (or the app itself) can ask the demo app to do: the counter and login
/// actions here, the search feature's actions (``SearchAction``) wrapped in ``search(_:)``, and
/// the downloads list's: its own operations and a row's actions (``DownloadAction``) wrapped in
/// ``downloads(_:)``; the movies feature's (``MoviesAction``) wrapped in ``movies(_:)``; and the
/// profile feature module's (``ProfileAction``, from the ReduxProfile library) wrapped in
/// ``profile(_:)``.
///
/// Encoded as one flat JSON object with a `type` field, so a session file reads like a log:
/// `{"type":"login","user":"ada","password":"lovelace"}`. A search action is written the same
/// way, without any wrapping: `{"type":"queryChanged","query":"swift"}`; a row's action adds the
/// row's id: `{"type":"start","id":2}`; a movies action's type starts with `movies.`:
/// `{"type":"movies.queryChanged","query":"star"}`; a profile action's with `profile.`:
/// `{"type":"profile.rename","name":"Grace"}`.
///
/// `@ReduxAction` writes its extractors and embeddings (`\.downloads`, `\.movies`,
/// `\.profile`, read by the lifts); without the macros (`REDUX_MACROS=off`) the declaration
/// below the `#else` and AppAction+CaseEmbeddable.swift write the embeddings the demo uses.
@ReduxAction
enum AppAction: Sendable, Equatable {
    /// Adds one to the counter at once.
    case increment
    /// Takes one from the counter at once; fails if the counter is zero.
    case decrement
    /// Puts the counter back to zero (dispatched by the session middleware on logout).
    case reset
    /// Adds one after a short delay (a `.deferred` middleware resumes it as `.increment`).
    case delayedIncrement
    /// Takes one after a short delay (resumed as `.decrement`, so it can fail at resume time).
    case delayedDecrement
    /// Asks the auth service to sign `user` in; slow, and fails on bad credentials.
    case login(user: String, password: String)
    /// The auth service accepted `user` (what a successful `.login` resumes as).
    case loginSucceeded(user: String)
    /// A sign-in attempt failed (what the auth resolver recovers a failed `.login` as).
    case loginFailed(reason: String)
    /// Signs the current user out and resets the counter.
    case logout
    /// The user's profile arrived (dispatched by a `.task` after sign-in).
    case profileLoaded(displayName: String)
    /// An action of the search feature (see SearchAction.swift).
    case search(SearchAction)
    /// Adds a download row at the end of the list (nothing happens if `id` is already there).
    case addDownload(id: Int, file: String)
    /// Removes the row with `id`, cancelling its download if it runs.
    case removeDownload(id: Int)
    /// Moves the row at index `from` to index `to`; its download keeps running.
    case moveDownload(from: Int, to: Int)
    /// An action for one download row (see Download.swift), by the row's id.
    case downloads(ElementAction<Download.ID, DownloadAction>)
    /// An action of the movies feature (see MoviesAction.swift).
    case movies(MoviesAction)
    /// An action of the profile feature module (see Profile.swift).
    case profile(ProfileAction)
}
#else
/// The same cases as above, for a build without the macros.
enum AppAction: Sendable, Equatable {
    case increment
    case decrement
    case reset
    case delayedIncrement
    case delayedDecrement
    case login(user: String, password: String)
    case loginSucceeded(user: String)
    case loginFailed(reason: String)
    case logout
    case profileLoaded(displayName: String)
    case search(SearchAction)
    case addDownload(id: Int, file: String)
    case removeDownload(id: Int)
    case moveDownload(from: Int, to: Int)
    case downloads(ElementAction<Download.ID, DownloadAction>)
    case movies(MoviesAction)
    case profile(ProfileAction)
}
#endif

/// The demo app's features; the transcript shows the state of the ones a session used.
enum Feature: Sendable, CaseIterable {
    case counterLogin, search, downloads, movies, profile
}

extension AppAction {
    /// The `type` field of an encoded action: one per case.
    enum Kind: String, CaseIterable, Sendable {
        case increment, decrement, reset, delayedIncrement, delayedDecrement
        case login, loginSucceeded, loginFailed, logout, profileLoaded
        case addDownload, removeDownload, moveDownload

        /// The fields an encoded action of this kind carries besides `type`.
        var fields: [String] {
            switch self {
            case .increment, .decrement, .reset, .delayedIncrement, .delayedDecrement, .logout: []
            case .login: ["user", "password"]
            case .loginSucceeded: ["user"]
            case .loginFailed: ["reason"]
            case .profileLoaded: ["displayName"]
            case .addDownload: ["id", "file"]
            case .removeDownload: ["id"]
            case .moveDownload: ["from", "to"]
            }
        }
    }

    /// The `type` field of an encoded row action: a ``DownloadAction``, with the row's `id`.
    enum RowKind: String, CaseIterable, Sendable {
        case start, progress

        /// The fields an encoded row action of this kind carries besides `type`.
        var fields: [String] {
            switch self {
            case .start: ["id"]
            case .progress: ["id", "percent"]
            }
        }
    }

    /// Which feature the action belongs to.
    var feature: Feature {
        switch self {
        case .search: .search
        case .addDownload, .removeDownload, .moveDownload, .downloads: .downloads
        case .movies: .movies
        case .profile: .profile
        default: .counterLogin
        }
    }

    /// The kind of this action; `nil` for a search, row, movies or profile action.
    var kind: Kind? {
        switch self {
        case .search, .downloads, .movies, .profile: nil
        case .increment: .increment
        case .decrement: .decrement
        case .reset: .reset
        case .delayedIncrement: .delayedIncrement
        case .delayedDecrement: .delayedDecrement
        case .login: .login
        case .loginSucceeded: .loginSucceeded
        case .loginFailed: .loginFailed
        case .logout: .logout
        case .profileLoaded: .profileLoaded
        case .addDownload: .addDownload
        case .removeDownload: .removeDownload
        case .moveDownload: .moveDownload
        }
    }
}

/// Any key of a flat action object; lets a decoder reject fields a kind does not have.
struct ActionField: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    /// The error for a `type` that names no action; `known` lists the ones that exist.
    static func unknownAction(_ name: String, known: [String]) -> DecodingError {
        DecodingError.dataCorrupted(.init(
            codingPath: [ActionField("type")],
            debugDescription: "unknown action \"\(name)\" (known: \(known.joined(separator: ", ")))"
        ))
    }
}

/// The kinds of a feature's encoded actions: each names its `type` and its fields.
protocol ActionKind: RawRepresentable<String>, CaseIterable {
    /// The fields an encoded action of this kind carries besides `type`.
    var fields: [String] { get }
}

extension KeyedDecodingContainer<ActionField> {
    /// The kind named by the object's `type`, after checking that the object has exactly that
    /// kind's fields; an unknown `type` throws, listing the known ones.
    func decodeKind<Kind: ActionKind>(_: Kind.Type) throws -> Kind {
        let name = try decode(String.self, forKey: ActionField("type"))
        guard let kind = Kind(rawValue: name) else {
            throw ActionField.unknownAction(name, known: Kind.allCases.map(\.rawValue))
        }
        try rejectFields(except: kind.fields, of: name)
        return kind
    }

    /// Throws unless the object has no key besides `type`, `fields` (the fields of the action
    /// named `name`) and the session line's own `childAbsent` (see ``SessionEntry``), naming the
    /// first extra key in sorted order.
    func rejectFields(except fields: [String], of name: String) throws {
        let allowed = Set(fields + ["type", SessionEntry.childAbsentField])
        if let extra = allKeys.map(\.stringValue).filter({ !allowed.contains($0) }).sorted().first {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [ActionField(extra)],
                debugDescription: "action \"\(name)\" has no field \"\(extra)\""
            ))
        }
    }
}

extension AppAction: Codable {
    private typealias Field = ActionField

    /// Decodes strictly: the `type` must name a case (of this enum, of ``SearchAction``, of a
    /// row's ``DownloadAction``, of ``MoviesAction`` or of ``ProfileAction``), and the object must have exactly that
    /// case's fields, so a typo never turns into a different action.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        let name = try container.decode(String.self, forKey: Field("type"))
        func string(_ field: String) throws -> String {
            try container.decode(String.self, forKey: Field(field))
        }
        func int(_ field: String) throws -> Int {
            try container.decode(Int.self, forKey: Field(field))
        }
        guard let kind = Kind(rawValue: name) else {
            if SearchAction.Kind(rawValue: name) != nil {
                self = .search(try SearchAction(from: decoder))
                return
            }
            if MoviesAction.Kind(rawValue: name) != nil {
                self = .movies(try MoviesAction(from: decoder))
                return
            }
            if ProfileActionCoding.Kind(rawValue: name) != nil {
                self = ProfileModule.map.action.embed(try ProfileActionCoding.decode(from: decoder))
                return
            }
            if let rowKind = RowKind(rawValue: name) {
                try container.rejectFields(except: rowKind.fields, of: name)
                let action: DownloadAction = switch rowKind {
                case .start: .start
                case .progress: .progress(try int("percent"))
                }
                self = .downloads(.element(id: try int("id"), action: action))
                return
            }
            let known = Kind.allCases.map(\.rawValue) + SearchAction.Kind.allCases.map(\.rawValue)
                + RowKind.allCases.map(\.rawValue) + MoviesAction.Kind.allCases.map(\.rawValue)
                + ProfileActionCoding.Kind.allCases.map(\.rawValue)
            throw Field.unknownAction(name, known: known)
        }
        try container.rejectFields(except: kind.fields, of: name)
        switch kind {
        case .increment: self = .increment
        case .decrement: self = .decrement
        case .reset: self = .reset
        case .delayedIncrement: self = .delayedIncrement
        case .delayedDecrement: self = .delayedDecrement
        case .login: self = .login(user: try string("user"), password: try string("password"))
        case .loginSucceeded: self = .loginSucceeded(user: try string("user"))
        case .loginFailed: self = .loginFailed(reason: try string("reason"))
        case .logout: self = .logout
        case .profileLoaded: self = .profileLoaded(displayName: try string("displayName"))
        case .addDownload: self = .addDownload(id: try int("id"), file: try string("file"))
        case .removeDownload: self = .removeDownload(id: try int("id"))
        case .moveDownload: self = .moveDownload(from: try int("from"), to: try int("to"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        guard let kind else {
            switch self {
            case let .search(action):
                try action.encode(to: encoder)
            case let .movies(action):
                try action.encode(to: encoder)
            case let .profile(action):
                try ProfileActionCoding.encode(action, to: encoder)
            case let .downloads(.element(id, action)):
                var container = encoder.container(keyedBy: Field.self)
                switch action {
                case .start:
                    try container.encode(RowKind.start.rawValue, forKey: Field("type"))
                case let .progress(percent):
                    try container.encode(RowKind.progress.rawValue, forKey: Field("type"))
                    try container.encode(percent, forKey: Field("percent"))
                }
                try container.encode(id, forKey: Field("id"))
            default:
                break
            }
            return
        }
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(kind.rawValue, forKey: Field("type"))
        switch self {
        case .search, .downloads, .movies, .profile, .increment, .decrement, .reset, .delayedIncrement, .delayedDecrement, .logout:
            break
        case let .login(user, password):
            try container.encode(user, forKey: Field("user"))
            try container.encode(password, forKey: Field("password"))
        case let .loginSucceeded(user):
            try container.encode(user, forKey: Field("user"))
        case let .loginFailed(reason):
            try container.encode(reason, forKey: Field("reason"))
        case let .profileLoaded(displayName):
            try container.encode(displayName, forKey: Field("displayName"))
        case let .addDownload(id, file):
            try container.encode(id, forKey: Field("id"))
            try container.encode(file, forKey: Field("file"))
        case let .removeDownload(id):
            try container.encode(id, forKey: Field("id"))
        case let .moveDownload(from, to):
            try container.encode(from, forKey: Field("from"))
            try container.encode(to, forKey: Field("to"))
        }
    }
}

extension AppAction: CustomStringConvertible {
    /// A short form for the transcript; passwords are masked. A search action reads as its own
    /// description, without the wrapping case; a row's action as the row and the action,
    /// `downloads[2] progress(50)`.
    var description: String {
        switch self {
        case let .search(action): action.description
        case let .movies(action): action.description
        case let .profile(action): ProfileActionCoding.description(action)
        case let .downloads(.element(id, action)): "downloads[\(id)] \(action)"
        case let .addDownload(id, file): "addDownload(id: \(id), file: \(String(reflecting: file)))"
        case let .removeDownload(id): "removeDownload(id: \(id))"
        case let .moveDownload(from, to): "moveDownload(from: \(from), to: \(to))"
        case .increment: "increment"
        case .decrement: "decrement"
        case .reset: "reset"
        case .delayedIncrement: "delayedIncrement"
        case .delayedDecrement: "delayedDecrement"
        case .logout: "logout"
        case let .login(user, _): "login(user: \(String(reflecting: user)), password: ***)"
        case let .loginSucceeded(user): "loginSucceeded(user: \(String(reflecting: user)))"
        case let .loginFailed(reason): "loginFailed(reason: \(String(reflecting: reason)))"
        case let .profileLoaded(displayName): "profileLoaded(displayName: \(String(reflecting: displayName)))"
        }
    }
}

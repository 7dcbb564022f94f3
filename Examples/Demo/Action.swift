/// Everything a user (or the app itself) can ask the demo app to do: the counter and login
/// actions here, and the search feature's actions (``SearchAction``) wrapped in ``search(_:)``.
///
/// Encoded as one flat JSON object with a `type` field, so a session file reads like a log:
/// `{"type":"login","user":"ada","password":"lovelace"}`. A search action is written the same
/// way, without any wrapping: `{"type":"queryChanged","query":"swift"}`.
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
}

/// The demo app's two features; the transcript shows the state of the ones a session used.
enum Feature: Sendable, CaseIterable {
    case counterLogin, search
}

extension AppAction {
    /// The `type` field of an encoded action: one per case.
    enum Kind: String, CaseIterable, Sendable {
        case increment, decrement, reset, delayedIncrement, delayedDecrement
        case login, loginSucceeded, loginFailed, logout, profileLoaded

        /// The fields an encoded action of this kind carries besides `type`.
        var fields: [String] {
            switch self {
            case .increment, .decrement, .reset, .delayedIncrement, .delayedDecrement, .logout: []
            case .login: ["user", "password"]
            case .loginSucceeded: ["user"]
            case .loginFailed: ["reason"]
            case .profileLoaded: ["displayName"]
            }
        }
    }

    /// Which feature the action belongs to.
    var feature: Feature {
        if case .search = self { return .search }
        return .counterLogin
    }

    /// The counter/login kind of this action; `nil` for a search action.
    var kind: Kind? {
        switch self {
        case .search: nil
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

extension KeyedDecodingContainer<ActionField> {
    /// Throws unless the object has no key besides `type` and `fields` (the fields of the
    /// action named `name`), naming the first extra key in sorted order.
    func rejectFields(except fields: [String], of name: String) throws {
        let allowed = Set(fields + ["type"])
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

    /// Decodes strictly: the `type` must name a case (of this enum or of ``SearchAction``), and
    /// the object must have exactly that case's fields, so a typo never turns into a different
    /// action.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        let name = try container.decode(String.self, forKey: Field("type"))
        guard let kind = Kind(rawValue: name) else {
            if SearchAction.Kind(rawValue: name) != nil {
                self = .search(try SearchAction(from: decoder))
                return
            }
            let known = Kind.allCases.map(\.rawValue) + SearchAction.Kind.allCases.map(\.rawValue)
            throw Field.unknownAction(name, known: known)
        }
        try container.rejectFields(except: kind.fields, of: name)
        func string(_ field: String) throws -> String {
            try container.decode(String.self, forKey: Field(field))
        }
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
        }
    }

    func encode(to encoder: any Encoder) throws {
        guard let kind else {
            if case let .search(action) = self { try action.encode(to: encoder) }
            return
        }
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(kind.rawValue, forKey: Field("type"))
        switch self {
        case .search, .increment, .decrement, .reset, .delayedIncrement, .delayedDecrement, .logout:
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
        }
    }
}

extension AppAction: CustomStringConvertible {
    /// A short form for the transcript; passwords are masked. A search action reads as its own
    /// description, without the wrapping case.
    var description: String {
        switch self {
        case let .search(action): action.description
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

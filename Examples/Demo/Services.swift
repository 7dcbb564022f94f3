/// Stand-ins for the back end the demo app would talk to: fixed data, no network.
enum AuthService {
    /// Why a sign-in was refused.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case unknownUser(String)
        case wrongPassword(user: String)

        var description: String {
            switch self {
            case let .unknownUser(user): "no account named \(user)"
            case let .wrongPassword(user): "wrong password for \(user)"
            }
        }
    }

    private static let passwords = ["ada": "lovelace", "alan": "turing", "grace": "cobol"]

    /// Checks a user's password; throws ``Failure`` when it does not match.
    static func verify(user: String, password: String) throws(Failure) {
        guard let expected = passwords[user] else { throw .unknownUser(user) }
        guard expected == password else { throw .wrongPassword(user: user) }
    }
}

enum ProfileService {
    /// The profile service has nothing on this user.
    struct NotFound: Error, CustomStringConvertible {
        let user: String
        var description: String { "no profile for \(user)" }
    }

    private static let displayNames = ["ada": "Ada Lovelace", "alan": "Alan Turing"]

    /// The name to greet `user` with; throws ``NotFound`` for a user without a profile.
    static func displayName(for user: String) throws -> String {
        guard let name = displayNames[user] else { throw NotFound(user: user) }
        return name
    }
}

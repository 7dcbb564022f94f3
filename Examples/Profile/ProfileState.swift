/// The profile feature's state: what the profile screen shows and edits. The feature knows
/// nothing of the app that hosts it: an app plugs it in with a module map, which may assemble
/// this value from fields that live anywhere in the app's state (the demo's does: the name is
/// the signed-in user's display name, the switch one of the app's settings).
public struct ProfileState: Sendable, Equatable {
    /// The name shown on the profile; empty while there is none.
    public var name: String
    /// Whether the user wants notifications.
    public var notifications: Bool
    /// Whether someone is signed in: a profile can be edited only then. The feature reads it
    /// and never changes it.
    public var isSignedIn: Bool

    /// A profile state.
    public init(name: String = "", notifications: Bool = true, isSignedIn: Bool = true) {
        self.name = name
        self.notifications = notifications
        self.isSignedIn = isSignedIn
    }
}

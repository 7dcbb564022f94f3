/// What the profile screen can ask for.
public enum ProfileAction: Sendable, Equatable {
    /// Rename the profile. The feature's middleware trims the name first and ignores a name
    /// that is empty once trimmed, or any rename while nobody is signed in.
    case rename(String)
    /// Turn notifications on or off.
    case setNotifications(Bool)
    /// Turn notifications over: on if they were off, off if they were on.
    case toggleNotifications
}

import Redux

/// What a profile screen needs, computed from the feature's module: texts to show, bindings
/// for its text field and its switch, and the taps. It depends only on
/// `any StoreModule<ProfileState, ProfileAction>`, so the same code runs against the app's
/// slice of its store, a `ProjectedModule` running the feature alone, or a `ConstantModule` in
/// a preview.
///
/// Isolation: main actor, like the module it reads.
@MainActor
public struct ProfileViewModel {
    /// The module the screen reads and dispatches to.
    public let module: any StoreModule<ProfileState, ProfileAction>

    /// A view model over `module`.
    public init(module: any StoreModule<ProfileState, ProfileAction>) {
        self.module = module
    }

    /// The screen's title: the name, or "No name" while it is empty.
    public var title: String {
        let name = module.state.name
        return name.isEmpty ? "No name" : name
    }

    /// One line under the title: `notifications on` or `notifications off`.
    public var subtitle: String {
        module.state.notifications ? "notifications on" : "notifications off"
    }

    /// Whether the fields can be edited (someone is signed in).
    public var canEdit: Bool { module.state.isSignedIn }

    /// The name field: reads the name; writing dispatches ``ProfileAction/rename(_:)``.
    public var name: StateBinding<String> { module.binding(\.name, send: ProfileAction.rename) }

    /// The notifications switch: reads it; writing dispatches ``ProfileAction/setNotifications(_:)``.
    public var notifications: StateBinding<Bool> { module.binding(\.notifications, send: ProfileAction.setNotifications) }

    /// The "turn over" button.
    public func toggleNotifications() {
        module.dispatch(.toggleNotifications)
    }
}

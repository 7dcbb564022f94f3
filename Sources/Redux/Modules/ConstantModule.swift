/// A feature module frozen on one value: it records the actions dispatched to it and never
/// changes its state — for a preview of one screen state, and for a test that checks what a
/// view model sends without running the feature (TinyRedux's constant module; SwiftUI's
/// `Binding.constant`).
///
/// ```swift
/// let preview = ConstantModule<ProfileState, ProfileAction>(ProfileState(name: "Ada"))
/// ProfileViewModel(module: preview).rename("Grace")
/// preview.actions        // [.rename("Grace")]
/// preview.state.name     // "Ada", still
/// ```
///
/// No component runs: nothing is reduced, no middleware or effect starts, no log event is
/// built. A binding made from it (``StoreModule/binding(_:send:file:line:)``) reads the value and records
/// what its `set` sends. Isolation: main actor. The state never changes, so there is nothing
/// to observe: reading it registers no interest.
@MainActor
public final class ConstantModule<State, Action: Sendable>: StoreModule {
    /// The value, as given; it never changes.
    public let state: State

    /// Every action dispatched, in dispatch order.
    public private(set) var actions: [Action] = []

    /// A module that always reads `state`.
    public init(_ state: State) {
        self.state = state
    }

    /// The ``StoreModule`` requirement: ``dispatch(_:file:line:)`` from `site`.
    @inlinable
    public func dispatch(_ action: Action, at site: CallSite) {
        dispatch(action, file: site.file, line: site.line)
    }

    /// Records `action`; nothing else happens.
    public func dispatch(_ action: Action, file: StaticString = #fileID, line: UInt = #line) {
        actions.append(action)
    }
}

/// Where a recorded action came from, written as `meta.origin` in a ``Recording``'s entries.
///
/// The distinction decides what a replay does with the action: a replay dispatches the
/// ``external`` actions again at their recorded clock offsets and expects the ``effect`` ones to be
/// produced again by the store's own work, so it never dispatches those itself.
///
/// A plain value: `Sendable`, usable from any isolation. The raw values are the strings written in
/// the file (`"external"`, `"effect"`).
public enum ActionOrigin: String, Sendable, Hashable, CaseIterable {
    /// Dispatched from outside the store's pipeline: the UI, a test, another thread.
    case external
    /// Produced by the store's own work: an effect's send, a task's dispatch, or a dispatch made by
    /// a middleware or an observer while the pipeline was running.
    case effect
}

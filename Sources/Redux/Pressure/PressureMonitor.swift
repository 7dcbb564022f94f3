/// A store's pressure diagnostics at run time: the settings and the locked ``PressureBook``.
/// Created when ``StoreOptions/pressureDiagnostics`` is set.
///
/// Thread-safe: dispatches from any isolation record through one lock (held for a hash lookup
/// and a ring write; the identity is computed before taking it).
@usableFromInline
final class PressureMonitor: Sendable {
    let settings: PressureDiagnostics
    private let book: Locked<PressureBook>

    init(_ settings: PressureDiagnostics) {
        settings.validate()
        self.settings = settings
        self.book = Locked(PressureBook(settings))
    }

    /// Records a dispatch of `identity` at `now`; returns the count to report when it warns.
    func record(_ identity: ActionIdentity, at now: Duration) -> Int? {
        book.withLock { $0.record(identity, at: now) }
    }

    /// How many identities are held now.
    var identityCount: Int { book.withLock { $0.count } }
}

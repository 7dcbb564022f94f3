/// Where an action was dispatched from, as recorded by the `.enqueued` and `.refused` log events.
///
/// The file and line come from the `#fileID` and `#line` defaults of the dispatch methods, so
/// they cost nothing when no log handler is attached.
///
/// Equatable: two call sites are equal when their ``fileID``, ``line`` and ``onMainActor`` are.
public struct CallSite: Sendable, CustomStringConvertible {
    /// The `#fileID` of the dispatching code (`Module/File.swift`), as the compiler gave it.
    public let file: StaticString
    /// The line of the dispatching code.
    public let line: UInt
    /// Whether the dispatch was made on the main actor (processed at once or queued behind the
    /// current action) rather than from another isolation (queued for the next main-actor turn).
    public let onMainActor: Bool
    /// Whether the action was dispatched by the store's own work (an effect's task, a
    /// middleware, an observer or a rule inside the pipeline) rather than from outside it: a
    /// recorder's ``ActionOrigin``. Set only while the store records; not part of equality.
    @usableFromInline var fromStoreWork = false
    /// For the resumption of an action a `.deferred` middleware suspended while the store
    /// recorded: when the action was dispatched, on the store's clock, in nanoseconds since its
    /// first use (`Int64.min`: not set). The recorder dates the step then, not at the terminal.
    @usableFromInline var dispatchedAt: Int64 = .min

    /// Creates a call site.
    @inlinable
    public init(file: StaticString, line: UInt, onMainActor: Bool) {
        self.file = file
        self.line = line
        self.onMainActor = onMainActor
    }

    /// A call site off the main actor in the store's own work (a `.task` or `.deferred`
    /// handler's dispatch).
    @usableFromInline
    static func storeWork(file: StaticString, line: UInt) -> CallSite {
        var site = CallSite(file: file, line: line, onMainActor: false)
        site.fromStoreWork = true
        return site
    }

    /// The ``file`` as a `String` (`Module/File.swift`), for comparing, filtering or printing.
    public var fileID: String { "\(file)" }

    /// `Module/File.swift:line`.
    public var description: String { "\(file):\(line)" }
}

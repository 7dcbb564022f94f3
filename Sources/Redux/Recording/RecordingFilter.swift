/// Which actions a ``Recorder`` keeps, by their ``ActionIdentity`` (Redux DevTools' allow and deny
/// lists).
///
/// An action is recorded when its identity passes the allow rules — there are none, or the
/// identity is in ``allowed``, or one of ``allowedPatterns`` matches it — and no deny rule
/// catches it: it is not in ``denied`` and none of ``deniedPatterns`` matches it. A pattern is a
/// Swift `Regex` searched anywhere in the identity's ``ActionIdentity/path`` (anchor it with `^`
/// and `$` to match the whole path): `"^rows\\."` keeps or drops every row action.
///
/// An action the filter drops is still processed: its change to the state shows in the next
/// recorded step. The identity is computed only when some rule is set, once per action;
/// each identity's verdict is then cached, so a pattern is searched once per identity.
public struct RecordingFilter: Sendable, Equatable {
    /// Identities recorded; empty, with no ``allowedPatterns``: every identity is allowed.
    public var allowed: Set<ActionIdentity>
    /// Identities never recorded.
    public var denied: Set<ActionIdentity>
    /// `Regex` patterns: an identity one of them matches is allowed.
    public var allowedPatterns: [String]
    /// `Regex` patterns: an identity one of them matches is not recorded.
    public var deniedPatterns: [String]

    /// Records every action.
    public static var all: RecordingFilter { RecordingFilter() }

    /// Creates a filter; with no arguments it records every action.
    public init(allowed: Set<ActionIdentity> = [], denied: Set<ActionIdentity> = [], allowedPatterns: [String] = [], deniedPatterns: [String] = []) {
        self.allowed = allowed
        self.denied = denied
        self.allowedPatterns = allowedPatterns
        self.deniedPatterns = deniedPatterns
    }

    /// Records only these identities.
    public static func allowing(_ identities: ActionIdentity...) -> RecordingFilter {
        RecordingFilter(allowed: Set(identities))
    }

    /// Records everything but these identities.
    public static func denying(_ identities: ActionIdentity...) -> RecordingFilter {
        RecordingFilter(denied: Set(identities))
    }

    /// Records only identities one of `patterns` matches.
    public static func allowing(matching patterns: String...) -> RecordingFilter {
        RecordingFilter(allowedPatterns: patterns)
    }

    /// Records everything but identities one of `patterns` matches.
    public static func denying(matching patterns: String...) -> RecordingFilter {
        RecordingFilter(deniedPatterns: patterns)
    }

    /// Whether any rule is set (a filter without one costs a recorder nothing).
    var isActive: Bool {
        !allowed.isEmpty || !denied.isEmpty || !allowedPatterns.isEmpty || !deniedPatterns.isEmpty
    }

    /// The patterns compiled, or the first that is not a valid `Regex`.
    func compiled() throws(RecordingError) -> CompiledRecordingFilter {
        func compile(_ patterns: [String]) throws(RecordingError) -> [Regex<AnyRegexOutput>] {
            var compiled: [Regex<AnyRegexOutput>] = []
            for pattern in patterns {
                do {
                    compiled.append(try Regex(pattern))
                } catch {
                    throw .invalidPattern(pattern, reason: "\(error)")
                }
            }
            return compiled
        }
        return CompiledRecordingFilter(filter: self, allowed: try compile(allowedPatterns), denied: try compile(deniedPatterns))
    }
}

/// A ``RecordingFilter`` with its patterns compiled and its verdicts cached by identity; owned
/// by one recorder, on the main actor.
@usableFromInline
struct CompiledRecordingFilter {
    let filter: RecordingFilter
    let allowed: [Regex<AnyRegexOutput>]
    let denied: [Regex<AnyRegexOutput>]
    var verdicts: [ActionIdentity: Bool] = [:]

    /// Whether an action of this identity is recorded.
    @usableFromInline
    mutating func admits(_ identity: ActionIdentity) -> Bool {
        if let verdict = verdicts[identity] { return verdict }
        let path = identity.path
        let allows = (filter.allowed.isEmpty && allowed.isEmpty)
            || filter.allowed.contains(identity)
            || allowed.contains { path.contains($0) }
        let verdict = allows && !filter.denied.contains(identity) && !denied.contains { path.contains($0) }
        verdicts[identity] = verdict
        return verdict
    }
}

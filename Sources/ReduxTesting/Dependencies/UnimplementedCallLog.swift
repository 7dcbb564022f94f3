import Redux
import Testing

/// The reporter of unimplemented calls that a ``TestStore`` or harness binds in its store's
/// dependencies, and the calls it holds for the test's next step.
///
/// A call made on the test's own task (a reducer run by `send`, a Swift Testing test current)
/// is recorded at once, at the place the dependency was declared unimplemented. A call made
/// anywhere else — an effect, a middleware `.task`, a `.deferred` handler, all detached tasks
/// where no test is current — is held, and the test store reports it as a failure at its next
/// step (the way it reports effect errors no resolver recovered).
///
/// Isolation: `Sendable`; the held calls are kept under a lock.
final class UnimplementedCallLog: Sendable {
    private let held = Locked<[UnimplementedDependencyError]>([])

    /// The reporter to bind (`Dependencies.unimplementedReporter`).
    var reporter: UnimplementedReporting.Reporter {
        { [self] call in
            if Test.current != nil {
                recordIssue(for: call)
            } else {
                held.withLock { $0.append(call) }
            }
        }
    }

    /// `values` with this log's reporter bound.
    func binding(_ values: Dependencies) -> Dependencies {
        var values = values
        values.unimplementedReporter = reporter
        return values
    }

    /// The calls held since the last take, oldest first; the log forgets them.
    func take() -> [UnimplementedDependencyError] {
        held.withLock { calls in
            defer { calls.removeAll() }
            return calls
        }
    }

    /// The failure message of a held call.
    static func message(for call: UnimplementedDependencyError) -> String {
        "\(call.description) It was called from work the store runs off the test's task (an effect, a middleware task or handler), so it is reported at the next step."
    }
}

/// The failure reported when a test's dependencies set `\.clock`, which the store replaces:
/// `owner` names the test type ("test store"), `remedy` says where the clock belongs.
func handSetClockMessage(owner: String, remedy: String) -> String {
    "The \(owner)'s dependencies set `\\.clock`, which the store replaces with its own clock: \(remedy)"
}

/// A `.test` container edited by `update`, for a test store or harness: installs the
/// process-wide test reporter, and reports a hand-set `\.clock` as a failure at `site`.
func testDependencies(
    _ update: (inout Dependencies) -> Void, owner: String, remedy: String, at site: TestSite
) -> Dependencies {
    installTestReporter()
    var values = Dependencies(context: .test)
    update(&values)
    if values.setsClock { site.fail(handSetClockMessage(owner: owner, remedy: remedy)) }
    return values
}

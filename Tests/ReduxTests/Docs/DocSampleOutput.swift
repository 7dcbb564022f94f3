import Foundation

/// What the README and article samples print when they run as tests. Each mirror file that has
/// samples calling `print` shadows it with a file-private `print` that records the line here, so
/// the samples read as written while the test output a newcomer reads stays free of stray lines.
final class DocSampleOutput: @unchecked Sendable {
    static let shared = DocSampleOutput()

    private let lock = NSLock()
    private var recorded: [String] = []

    /// Every line printed so far, oldest first.
    var lines: [String] { lock.withLock { recorded } }

    func record(_ items: [Any], separator: String) {
        let line = items.map { "\($0)" }.joined(separator: separator)
        lock.withLock { recorded.append(line) }
    }
}

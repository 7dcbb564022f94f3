import Foundation
import Redux
import Testing

// Child processes: the probe executables (`DiagnosticsProbe`, `CodecProbe`, `PersistenceProbe`) that the test target
// depends on, so they are built next to the test bundle.

/// What one run of a probe wrote and how it ended.
struct ProbeRun: Sendable {
    var status: Int32
    var standardOutput: [String]
    var standardError: [String]
}

/// The probe executable `name`: next to the test binary (`CommandLine.arguments[0]`), else in
/// `Bundle.main`'s directory; nil when there is none.
func probeExecutable(named name: String) -> URL? {
    let candidates = [
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        Bundle.main.bundleURL,
        Bundle.main.bundleURL.deletingLastPathComponent(),
    ].map { $0.appendingPathComponent(name) }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs the probe executable `name` with `arguments` and returns its status and output lines.
///
/// The child's environment is this process's, with `environment` added and the variables named
/// in `removing` taken out (`SWIFT_DETERMINISTIC_HASHING`, for a child with its own hash seed).
/// `standardInput`, when given, is written to the child's standard input, which is then closed.
/// The probe is looked for next to the test binary (`CommandLine.arguments[0]`), else in
/// `Bundle.main`'s directory: the same build directory under any `--scratch-path`. Standard
/// input, output and error are each served by their own Foundation thread (so no pipe can fill
/// up and stall the child), and no Swift concurrency thread is held while the child works.
func runProbe(
    named name: String,
    _ arguments: [String] = [],
    environment: [String: String] = [:],
    removing removed: Set<String> = [],
    standardInput: Data? = nil
) async throws -> ProbeRun {
    let probe = try #require(probeExecutable(named: name), "\(name) not found next to \(CommandLine.arguments[0])")
    return try await withCheckedThrowingContinuation { continuation in
        startThread {
            do {
                let process = Process()
                process.executableURL = probe
                process.arguments = arguments
                if !environment.isEmpty || !removed.isEmpty {
                    process.environment = ProcessInfo.processInfo.environment
                        .merging(environment) { $1 }
                        .filter { !removed.contains($0.key) }
                }
                let output = Pipe(), errors = Pipe(), input = Pipe()
                process.standardOutput = output
                process.standardError = errors
                if standardInput != nil { process.standardInput = input }
                try process.run()
                let written = Locked(Data())
                let errorsRead = DispatchSemaphore(value: 0)
                startThread {
                    let data = errors.fileHandleForReading.readDataToEndOfFile()
                    written.withLock { $0 = data }
                    errorsRead.signal()
                }
                if let standardInput {
                    startThread {
                        input.fileHandleForWriting.write(standardInput)
                        try? input.fileHandleForWriting.close()
                    }
                }
                let printed = output.fileHandleForReading.readDataToEndOfFile()
                errorsRead.wait()
                process.waitUntilExit()
                let lines = { (data: Data) in String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) }
                continuation.resume(returning: ProbeRun(
                    status: process.terminationStatus,
                    standardOutput: lines(printed),
                    standardError: lines(written.withLock { $0 })
                ))
            } catch {
                continuation.resume(throwing: error)
            }
        }
    }
}

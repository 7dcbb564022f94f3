import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Child processes that are not the package's probes, or whose output is bytes rather than lines:
// `redux-inspect` (its page on standard output) and the headless browser.

/// How one child process ended and what it wrote, byte for byte.
struct ChildProcessRun: Sendable {
    var status: Int32
    var output: Data
    var errors: Data

    /// Standard output as UTF-8 text.
    var outputText: String { String(decoding: output, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    var errorText: String { String(decoding: errors, as: UTF8.self) }
}

/// Why a child process gave no result.
struct ChildProcessTimeout: Error, CustomStringConvertible {
    var command: String
    var timeout: Duration
    var errors: String

    var description: String {
        "\(command) did not finish within \(timeout) (killed); its standard error ended with:\n\(errors.suffix(2_000))"
    }
}

/// Runs `executable` with `arguments` in `directory` (the test process's own when nil) and returns
/// its exit status and what it wrote.
///
/// Standard output and standard error go to files in a temporary directory, never to pipes: a
/// browser leaves helper processes behind that may hold a pipe open after it exits, so waiting
/// for a pipe's end could wait for them. The wait is on a Foundation thread (no Swift concurrency
/// thread is held), polling the child every 10 ms. After `timeout` the child is sent SIGTERM, then
/// SIGKILL 5 s later, and the run throws ``ChildProcessTimeout``: the timeout is there to turn a
/// hang into a failure, so give one far beyond what a slow, loaded machine needs.
func runChildProcess(
    _ executable: URL,
    _ arguments: [String],
    in directory: URL? = nil,
    timeout: Duration = .seconds(120)
) async throws -> ChildProcessRun {
    try await withCheckedThrowingContinuation { continuation in
        startThread {
            continuation.resume(with: Result { try runChildProcessBlocking(executable, arguments, in: directory, timeout: timeout) })
        }
    }
}

private func runChildProcessBlocking(
    _ executable: URL,
    _ arguments: [String],
    in directory: URL?,
    timeout: Duration
) throws -> ChildProcessRun {
    let outputs = FileManager.default.temporaryDirectory
        .appendingPathComponent("redux-child-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: outputs) }
    let outputFile = outputs.appendingPathComponent("stdout")
    let errorFile = outputs.appendingPathComponent("stderr")

    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = try writableHandle(outputFile)
    let errors = try writableHandle(errorFile)
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        try? output.close()
        try? errors.close()
        throw error
    }
    // The child has its own copies of the descriptors now.
    try? output.close()
    try? errors.close()

    let finished = waitForExit(process, within: timeout)
    if !finished {
        process.terminate()
        if !waitForExit(process, within: .seconds(5)) {
            kill(process.processIdentifier, SIGKILL)
            _ = waitForExit(process, within: .seconds(30))
        }
    }
    // Foundation finishes its bookkeeping of an exited child here (without this call, each
    // Process is left in a reference cycle that LeakSanitizer reports); it returns at once.
    if !process.isRunning { process.waitUntilExit() }
    let run = ChildProcessRun(
        status: process.isRunning ? -1 : process.terminationStatus,
        output: (try? fileContents(outputFile)) ?? Data(),
        errors: (try? fileContents(errorFile)) ?? Data()
    )
    guard finished else {
        let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        throw ChildProcessTimeout(command: command, timeout: timeout, errors: run.errorText)
    }
    return run
}

/// A new, empty file at `url`, open for writing.
private func writableHandle(_ url: URL) throws -> FileHandle {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
}

/// Polls `process` until it exits (`true`) or `timeout` passes (`false`).
private func waitForExit(_ process: Process, within timeout: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while process.isRunning {
        if clock.now >= deadline { return false }
        usleep(10_000)
    }
    return true
}

/// The `redux-inspect` executable, built next to the test bundle.
func reduxInspectExecutable() throws -> URL {
    try #require(probeExecutable(named: "redux-inspect"), "redux-inspect not found next to \(CommandLine.arguments[0])")
}

/// Runs `redux-inspect` with `arguments` in `directory`.
func runReduxInspect(_ arguments: [String], in directory: URL) async throws -> ChildProcessRun {
    try await runChildProcess(try reduxInspectExecutable(), arguments, in: directory)
}

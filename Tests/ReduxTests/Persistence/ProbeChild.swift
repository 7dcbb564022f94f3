import Foundation
import Redux
import Testing

/// A running `PersistenceProbe` child whose output is read line by line while it runs, for the
/// tests that act on a child mid-way (kill it, release its lock). Waits poll the lines read so far
/// (on a 2 ms tick) until a condition holds or ``patience`` passes: a guard against a hang only.
final class ProbeChild: @unchecked Sendable {
    /// How a child ended.
    struct Ending {
        var status: Int32
        var reason: Process.TerminationReason
        var standardOutput: [String]
        var standardError: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Locked<(lines: [String], partial: Data, ended: Bool)>(([], Data(), false))
    private let errors = Locked<(data: Data, ended: Bool)>((Data(), false))
    private let exited = Locked(false)

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let executable = try #require(probeExecutable(named: "PersistenceProbe"), "PersistenceProbe not found next to \(CommandLine.arguments[0])")
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = input
        let exited = self.exited
        try process.run()
        // Waited for on a thread of its own, as `runProbe` does: a `terminationHandler` keeps
        // the `Process` (and its pipes) alive for good on this toolchain's Foundation, which
        // LeakSanitizer reports.
        let process = self.process
        startThread {
            process.waitUntilExit()
            exited.withLock { $0 = true }
        }
        let output = self.output, errors = self.errors
        startThread {
            let handle = outputPipe.fileHandleForReading
            while true {
                let chunk = handle.availableData
                output.withLock { state in
                    if chunk.isEmpty {
                        state.ended = true
                        return
                    }
                    state.partial.append(chunk)
                    while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                        state.lines.append(String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self))
                        state.partial.removeSubrange(state.partial.startIndex...newline)
                    }
                }
                if chunk.isEmpty { return }
            }
        }
        startThread {
            let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
            errors.withLock { $0 = (data, true) }
        }
    }

    /// The lines printed so far.
    var lines: [String] { output.withLock { $0.lines } }

    /// The first line printed that satisfies `predicate`, waiting for it; nil when the child's
    /// output ended (or `patience` passed) without one.
    func line(where predicate: @escaping (String) -> Bool) async throws -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        while true {
            let (found, ended) = output.withLock { state in (state.lines.first(where: predicate), state.ended) }
            if let found { return found }
            if ended || clock.now >= deadline { return nil }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Closes the child's standard input.
    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until the child exited and its output ended (killing it after `patience`).
    func finish() async throws -> Ending {
        let clock = ContinuousClock()
        let deadline = clock.now + patience
        var killed = false
        while !(exited.withLock { $0 } && output.withLock { $0.ended } && errors.withLock { $0.ended }) {
            if !killed && clock.now >= deadline {
                killed = true
                send(SIGKILL)
                Issue.record("PersistenceProbe \(process.arguments ?? []) did not end within \(patience)")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        closeInput()
        return Ending(
            status: process.terminationStatus,
            reason: process.terminationReason,
            standardOutput: lines,
            standardError: String(decoding: errors.withLock { $0.data }, as: UTF8.self)
        )
    }
}

// A child process for the persistence tests (`PersistenceProcessTests`): what only other processes
// show — a save cut off by SIGKILL, the lock between processes, a date under another `TZ`. It uses
// the public API only (`Persistence`, `Store(…, persistence:)`).
//
// Modes (FILE is the state file; every line goes to standard output at once, unbuffered):
// - `save-loop FILE`: restores a `SavedCounter` (interval .zero), prints `start <n>`, then forever:
//   increments, prints `saving <n>`, flushes, prints `saved <n>`.
// - `check FILE`: creates the store (taking the lock, removing leftovers), prints a `CheckReport`
//   as one line of JSON (status, n, the directory's names), invalidates.
// - `hold FILE`: creates the store (waiting for the lock), increments, flushes, prints `held <n>`;
//   when standard input ends, increments again without flushing, invalidates (which writes it)
//   and prints `released <n>`.
// - `increment FILE [TIMEOUT_MS]`: prints `opening`, creates the store (lock timeout TIMEOUT_MS,
//   default: wait forever), increments, invalidates (which writes), prints `incremented <n>`.
// - `save-date FILE MILLIS`: saves a `SavedDate` at MILLIS ms since 1970 and prints
//   `zone <identifier> <ms>`; `read-date FILE`: restores it and prints the same.
// Exit status 0; 75 with `in-use <waited ms>` for a lock not taken in time; 1 with the error on
// standard error for any other persistence error; 64 for bad arguments.
import Foundation
import Redux

enum CounterAction: Sendable { case increment }
enum DateAction: Sendable { case set(Date) }

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("PersistenceProbe: \(message)\n".utf8))
    exit(status)
}

func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
}

/// Exits as the tests expect for a persistence error.
func failed(_ error: PersistenceError) -> Never {
    if case .inUse(_, let waited) = error {
        say("in-use \(milliseconds(waited))")
        exit(75)
    }
    fail("\(error)", status: 1)
}

@MainActor
func counterStore(
    _ file: URL, interval: Duration = .seconds(3600), lockTimeout: Duration? = nil
) -> (Store<SavedCounter, CounterAction>, Persistence<SavedCounter>) {
    let persistence = Persistence<SavedCounter>(file: file, interval: interval, lockTimeout: lockTimeout)
    do throws(PersistenceError) {
        let store = try Store<SavedCounter, CounterAction>(initialState: SavedCounter.at(0), persistence: persistence) { state, _ in
            state = SavedCounter.at(state.n + 1)
        }
        return (store, persistence)
    } catch {
        failed(error)
    }
}

@MainActor
func saveLoop(_ file: URL) async -> Never {
    let (store, persistence) = counterStore(file, interval: .zero)
    say("start \(store.state.n)")
    while true {
        store.dispatch(.increment)
        let n = store.state.n
        say("saving \(n)")
        do {
            try await persistence.flush()
        } catch {
            failed(error)
        }
        say("saved \(n)")
    }
}

@MainActor
func check(_ file: URL) {
    let (store, persistence) = counterStore(file, lockTimeout: .seconds(60))
    let directory = file.deletingLastPathComponent().path
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    let report = CheckReport(status: "\(persistence.status)", n: store.state.n, files: names)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let json = try? encoder.encode(report) else { fail("cannot encode the report", status: 1) }
    say(String(decoding: json, as: UTF8.self))
    store.invalidate()
}

@MainActor
func hold(_ file: URL) async {
    let (store, persistence) = counterStore(file)
    store.dispatch(.increment)
    do {
        try await persistence.flush()
    } catch {
        failed(error)
    }
    say("held \(store.state.n)")
    _ = FileHandle.standardInput.readDataToEndOfFile()
    store.dispatch(.increment)
    store.invalidate()
    if let error = persistence.lastError { failed(error) }
    say("released \(store.state.n)")
}

@MainActor
func increment(_ file: URL, timeout: Duration?) {
    say("opening")
    let (store, persistence) = counterStore(file, lockTimeout: timeout)
    store.dispatch(.increment)
    store.invalidate()
    if let error = persistence.lastError { failed(error) }
    say("incremented \(store.state.n)")
}

@MainActor
func dateStore(_ file: URL) -> (Store<SavedDate, DateAction>, Persistence<SavedDate>) {
    let persistence = Persistence<SavedDate>(file: file, interval: .seconds(3600), lockTimeout: .seconds(60))
    do throws(PersistenceError) {
        let store = try Store<SavedDate, DateAction>(initialState: SavedDate(date: Date(timeIntervalSince1970: 0)), persistence: persistence) { state, action in
            switch action {
            case .set(let date): state.date = date
            }
        }
        return (store, persistence)
    } catch {
        failed(error)
    }
}

@MainActor
func saveDate(_ file: URL, milliseconds: Int64) async {
    let (store, persistence) = dateStore(file)
    store.dispatch(.set(Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
    do {
        try await persistence.flush()
    } catch {
        failed(error)
    }
    say("zone \(TimeZone.current.identifier) \(MillisecondTime.milliseconds(since1970: store.state.date))")
    store.invalidate()
}

@MainActor
func readDate(_ file: URL) {
    let (store, persistence) = dateStore(file)
    guard persistence.status == .restored(version: 1) else { fail("not restored: \(persistence.status)", status: 1) }
    say("zone \(TimeZone.current.identifier) \(MillisecondTime.milliseconds(since1970: store.state.date))")
    store.invalidate()
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: PersistenceProbe MODE FILE [ARGUMENT]", status: 64) }
let file = URL(fileURLWithPath: arguments[1])
switch (arguments[0], arguments.count) {
case ("save-loop", 2):
    await saveLoop(file)
case ("check", 2):
    check(file)
case ("hold", 2):
    await hold(file)
case ("increment", 2):
    increment(file, timeout: nil)
case ("increment", 3):
    guard let ms = Int64(arguments[2]) else { fail("bad timeout \(arguments[2])", status: 64) }
    increment(file, timeout: .milliseconds(ms))
case ("save-date", 3):
    guard let ms = Int64(arguments[2]) else { fail("bad milliseconds \(arguments[2])", status: 64) }
    await saveDate(file, milliseconds: ms)
case ("read-date", 2):
    readDate(file)
default:
    fail("unknown mode or wrong arguments: \(arguments.joined(separator: " "))", status: 64)
}

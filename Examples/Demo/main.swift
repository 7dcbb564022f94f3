// redux-demo: replays a recorded session of the counter + login app through a Redux store.
//
//   swift run redux-demo          replays Examples/Sessions/counter-login.jsonl
//   swift run redux-demo FILE     replays FILE (JSON Lines, one action per line)
//
// Exit status (sysexits.h values; see `usage`): 0 when every line was replayed; 64 (EX_USAGE)
// for bad arguments; 65 (EX_DATAERR) at the first malformed line or unknown action, after
// printing the state reached so far, and for a file with no action in it (empty or blank lines
// only); 66 (EX_NOINPUT) when the file cannot be opened; 70 (EX_SOFTWARE) if the store does not
// settle, which is a bug.
//
// Top-level code in main.swift runs on the main actor, where the store lives.
import Foundation
import Redux

/// Writes `message` on stderr (after flushing stdout, so the two streams read in order) and
/// exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    fflush(nil)
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

let usage = """
    usage: redux-demo [SESSION.jsonl]

    Replays a JSON Lines session, one action per line (default: \(SessionFile.defaultRelativePath)).
    Blank lines are skipped.

    Exit status:
      0   every line was replayed
      64  bad arguments
      65  a line is not an action (malformed JSON, unknown action), or the file holds no action
          (it is empty or has only blank lines)
      66  the session file cannot be opened
      70  the store did not settle (a bug)
    """

let arguments = CommandLine.arguments.dropFirst()
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
if let option = arguments.first(where: { $0.hasPrefix("-") }) {
    fail("redux-demo: unknown option \(option)\n\n\(usage)", status: 64)
}
guard arguments.count <= 1 else {
    fail("redux-demo: expected at most one session file, got \(arguments.count)\n\n\(usage)", status: 64)
}

let session: SessionFile
do {
    session = try SessionFile(path: arguments.first ?? SessionFile.defaultPath())
} catch {
    let hint = arguments.isEmpty ? " (run from the repository root, or pass a session file)" : ""
    fail("redux-demo: \(error)\(hint)", status: error.exitStatus)
}

let transcript = Transcript()
let store = Store(
    initialState: AppState(),
    reducers: Reducers.all,
    middlewares: Middlewares.all,
    resolvers: Resolvers.all,
    onLog: { event in transcript.record(event) }
)

do {
    try await Replay(store: store, transcript: transcript).run(session)
} catch {
    print("\nStopped: \(error.stopSummary). State reached:")
    print(Format.json(store.state))
    fail(error.description, status: error.exitStatus)
}

print("\nFinal state:")
print(Format.json(store.state))

// redux-demo: replays a recorded session of the demo app (a counter, a login, a search field,
// a list of downloads, a movies list written as a Behavior with an environment, a profile
// feature module from its own library, composed through a scattered module map) through a
// Redux store running on a virtual clock.
//
//   swift run redux-demo                         replays Examples/Sessions/counter-login.jsonl
//   swift run redux-demo FILE                    replays FILE (JSON Lines: one action or clock line per line)
//   swift run redux-demo [FILE] --record OUT     replays as above with the store recording from its
//                                                creation, then writes the recording to OUT as Redux
//                                                DevTools' lifted state (fixed start date: the same
//                                                session gives the same bytes)
//   swift run redux-demo --replay-check OUT      reads a recording, dispatches its external actions
//                                                again at their recorded times on a fresh demo store
//                                                (ReduxDevTools' replay check) and says whether every
//                                                entry's action and state came out the same
//
// Exit status (sysexits.h values; see `usage`): 0 when every line was replayed (and, with
// --record, the recording written), or when a replay check found no divergence; 64 (EX_USAGE)
// for bad arguments; 65 (EX_DATAERR) at the first malformed line, unknown action, bad clock
// line or action line whose "childAbsent" declaration its action contradicts, after printing
// the state reached so far, and for a file with no action in it (empty or
// blank lines only); for --replay-check, 65 too when the replay diverged, the file is not a
// lifted-state recording, or an entry cannot be dispatched again; 66 (EX_NOINPUT) when the
// file cannot be opened; 70 (EX_SOFTWARE) if a store does not settle, which is a bug; 73
// (EX_CANTCREAT) when --record cannot write its file.
//
// Top-level code in main.swift runs on the main actor, where the store lives.
import Foundation
import Redux
import ReduxClocks
import ReduxDevTools

/// Writes `message` on stderr (after flushing stdout, so the two streams read in order) and
/// exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    fflush(nil)
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

let usage = """
    usage: redux-demo [SESSION.jsonl] [--record FILE]
           redux-demo --replay-check FILE

    Replays a JSON Lines session (default: \(SessionFile.defaultRelativePath)). Each line is
    an action, {"type":"increment"}, or a clock line, {"advance":"250ms"}; blank lines are
    skipped. An action line that sends to a child that is gone on purpose (a download row just
    removed) says so with "childAbsent":true, {"type":"start","id":2,"childAbsent":true}: the
    replay stops if an action reaches an absent child without it, or not although declared.

    The store runs on a virtual clock (ReduxClocks' TestClock): time moves only at clock
    lines, by a decimal number of milliseconds or seconds ("250ms", "2s", "1.5s"; at most
    1 hour per line), waking what sleeps on the clock in deadline order. The app's slow work
    sleeps on that clock: a delayed counter action lands 100ms after it, a login 150ms after
    it and its profile 50ms later, a search request 800ms after it starts, a download reports
    25% every 250ms, the movies list loads 500ms after it is asked for, a movies search runs
    300ms after the last keystroke; so a session moves time past them with clock lines. After
    every line the replay waits until all the store's work is done or asleep on the clock, so
    replays are deterministic and take milliseconds.

    The movies feature (Examples/Sessions/movies.jsonl; its list is Examples/Data/movies.json):
      {"type":"movies.onAppear"}                   load the list, unless loaded or loading
      {"type":"movies.refresh"}                    load it again
      {"type":"movies.queryChanged","query":"st"}  the search field; searched 300ms after
                                                   the last change
      {"type":"movies.simulateOutage"}             the server drops the next load, which
                                                   fails 500ms after it starts
      {"type":"movies.retry"}                      load again after a failed load

    The profile feature module (the ReduxProfile library, composed through a scattered map;
    Examples/Sessions/profile.jsonl):
      {"type":"profile.rename","name":"Grace"}     rename the signed-in user (displayName);
                                                   trimmed, ignored when empty or signed out
      {"type":"profile.setNotifications","on":false}
                                                   the notifications setting
      {"type":"profile.toggleNotifications"}       turn it over

    Recording and checking a replay:
      --record FILE        record the replay from the store's creation and, once every line
                           is replayed, write it to FILE as Redux DevTools' lifted state (JSON:
                           each action with its outcome, origin and clock time, and the state
                           after it). Timestamps count from 2026-01-01T00:00:00Z on the virtual
                           clock, so a session records to the same bytes on every run.
      --replay-check FILE  read a recording, dispatch its external actions again at their
                           recorded clock times on a fresh demo store (effects run as they did),
                           and compare every entry's action type and state with the recorded
                           ones; prints the report, or where the replay diverged with a diff
                           of the two states. Takes no session file.

    Exit status:
      0   every line was replayed (and the recording written); for --replay-check, the
          replay gave every recorded entry again
      64  bad arguments
      65  a line is not an action or a clock line (malformed JSON, unknown action, bad
          duration), an action line's "childAbsent" declaration is contradicted by what its
          action reached, or the file holds no action (it is empty or has only blank lines);
          for --replay-check: the replay diverged, the file is not a lifted-state recording,
          or an entry's action cannot be dispatched again; for --record: the session made
          more entries than a recording keeps (\(DemoRecording.maxAge - 1))
      66  the session or recording file cannot be opened
      70  the store did not settle within a minute after a line, or the replay check's store
          did not settle or could not record (a bug)
      73  --record cannot write its file
    """

/// What the command line asks for: a session (or the default) to replay, maybe recorded, or a
/// recording to check.
struct Invocation {
    var sessionPath: String?
    var recordPath: String?
    var replayCheckPath: String?

    /// Reads the arguments after the program name; the message says what is wrong with them.
    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var sessions: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--record", "--replay-check":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a file") }
                if argument == "--record" {
                    guard recordPath == nil else { throw UsageError("--record given twice") }
                    recordPath = value
                } else {
                    guard replayCheckPath == nil else { throw UsageError("--replay-check given twice") }
                    replayCheckPath = value
                }
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option \(option)")
            default:
                sessions.append(argument)
            }
        }
        if replayCheckPath != nil, recordPath != nil || !sessions.isEmpty {
            throw UsageError("--replay-check takes no session file and no --record")
        }
        guard sessions.count <= 1 else { throw UsageError("expected at most one session file, got \(sessions.count)") }
        sessionPath = sessions.first
    }

    struct UsageError: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("-h") || arguments.contains("--help") {
    print(usage)
    exit(0)
}
let invocation: Invocation
do {
    invocation = try Invocation(arguments)
} catch {
    fail("redux-demo: \(error.message)\n\n\(usage)", status: 64)
}

if let path = invocation.replayCheckPath {
    do {
        let recording = try DemoRecording.read(path: path)
        print("Replay check of \(path) (\(recording.steps.count) \(recording.steps.count == 1 ? "entry" : "entries"))")
        let report = try await DemoRecording.check(recording, path: path)
        print(report)
        if let divergence = report.divergence {
            let entry = "entry \(divergence.index)" + (divergence.recordedID.map { " (id \($0))" } ?? "")
            fail("\(path): the replay diverged from the recording at \(entry): \(divergence.reason)", status: 65)
        }
        exit(0)
    } catch {
        fail("redux-demo: \(error)", status: error.exitStatus)
    }
}

let session: SessionFile
do {
    session = try SessionFile(path: invocation.sessionPath ?? SessionFile.defaultPath())
} catch {
    let hint = invocation.sessionPath == nil ? " (run from the repository root, or pass a session file)" : ""
    fail("redux-demo: \(error)\(hint)", status: error.exitStatus)
}

let transcript = Transcript()
// Virtual time: the store attaches itself to the clock, which waits for it after every step.
let clock = TestClock()
let store = DemoStore.make(options: DemoStore.options(clock: clock), transcript: transcript)
// With --record, the store records from its creation: the recording starts at its initial state.
let recorder: Recorder<AppState, AppAction>?
do {
    recorder = try invocation.recordPath.map { _ throws(RecordingError) in try DemoRecording.start(on: store) }
} catch {
    fail("redux-demo: cannot start recording: \(error)", status: 70)
}

// A headless service reading the store without a view: its notes are printed under the line
// that changed what it selects, as `↳ badge service: ...`.
let badgeService = BadgeService(store: store) { note in transcript.note("badge service: \(note)") }

do {
    try await Replay(store: store, clock: clock, transcript: transcript).run(session)
} catch {
    print("\nStopped: \(error.stopSummary). State reached:")
    print(Format.json(store.state))
    fail(error.description, status: error.exitStatus)
}

print("\nFinal state:")
print(Format.json(store.state))

if let path = invocation.recordPath, let recorder {
    do {
        try DemoRecording.write(try DemoRecording.export(recorder), to: path)
    } catch {
        fail("redux-demo: \(error)", status: error.exitStatus)
    }
    print("\nRecorded \(recorder.count) \(recorder.count == 1 ? "entry" : "entries") after the initial state to \(path)")
}

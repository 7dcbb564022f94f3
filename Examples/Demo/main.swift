// redux-demo: replays a recorded session of the demo app (a counter, a login, a search field,
// a list of downloads, a movies list written as a Behavior with an environment, a profile
// feature module from its own library, composed through a scattered module map) through a
// Redux store running on a virtual clock.
//
//   swift run redux-demo          replays Examples/Sessions/counter-login.jsonl
//   swift run redux-demo FILE     replays FILE (JSON Lines: one action or clock line per line)
//
// Exit status (sysexits.h values; see `usage`): 0 when every line was replayed; 64 (EX_USAGE)
// for bad arguments; 65 (EX_DATAERR) at the first malformed line, unknown action, bad clock
// line or action line whose "childAbsent" declaration its action contradicts, after printing
// the state reached so far, and for a file with no action in it (empty or
// blank lines only); 66 (EX_NOINPUT) when the file cannot be opened; 70 (EX_SOFTWARE) if the
// store does not settle, which is a bug.
//
// Top-level code in main.swift runs on the main actor, where the store lives.
import Foundation
import Redux
import ReduxClocks

/// Writes `message` on stderr (after flushing stdout, so the two streams read in order) and
/// exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    fflush(nil)
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

let usage = """
    usage: redux-demo [SESSION.jsonl]

    Replays a JSON Lines session (default: \(SessionFile.defaultRelativePath)). Each line is
    an action, {"type":"increment"}, or a clock line, {"advance":"250ms"}; blank lines are
    skipped. An action line that sends to a child that is gone on purpose (a download row just
    removed) says so with "childAbsent":true, {"type":"start","id":2,"childAbsent":true}: the
    replay stops if an action reaches an absent child without it, or not although declared.

    The store runs on a virtual clock (ReduxTesting's TestClock): time moves only at clock
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

    Exit status:
      0   every line was replayed
      64  bad arguments
      65  a line is not an action or a clock line (malformed JSON, unknown action, bad
          duration), an action line's "childAbsent" declaration is contradicted by what its
          action reached, or the file holds no action (it is empty or has only blank lines)
      66  the session file cannot be opened
      70  the store did not settle within a minute after a line (a bug)
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
// The dependencies, given once: the movies feature's lift derives its environment from them.
let environment = AppEnvironment.demo()
// Virtual time: the store attaches itself to the clock, which waits for it after every step.
let clock = TestClock()
let store = Store(
    initialState: AppState(),
    reducers: Reducers.app(environment: environment),
    middlewares: Middlewares.all,
    resolvers: Resolvers.all,
    options: StoreOptions(clock: clock),
    onLog: { event in transcript.record(event) }
)

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

import Foundation
import Redux
import ReduxDevTools

/// Recording a session's replay as a Redux DevTools file (`--record`), and checking that such a
/// file replays the same on a fresh demo store (`--replay-check`).
///
/// The file is Redux DevTools' lifted state, written by the store's recorder: every action the
/// replay handled (the session's own actions, and what effects, tasks and resolvers made of
/// them) with the state after it, each state the app state's own JSON encoding. Isolation: main
/// actor, like the store.
@MainActor
enum DemoRecording {
    /// The wall-clock time a recording starts at, 2026-01-01T00:00:00Z: fixed, so a session
    /// records to the same bytes on every run (timestamps are this date plus the virtual clock's
    /// time).
    nonisolated static let startDate = Date(timeIntervalSince1970: 1_767_225_600)

    /// The most entries a recording keeps, the starting state included: far more than any
    /// shipped session makes, so nothing folds into the starting state (which the replay check
    /// could not reproduce).
    nonisolated static let maxAge = 10_000

    /// Starts recording `store` (call it right after ``DemoStore/make(options:transcript:)``,
    /// before anything is dispatched), each state kept and exported as its own encoding.
    ///
    /// - Throws: `RecordingError` if the store is already recording (a bug in the caller).
    static func start(on store: Store<AppState, AppAction>) throws(RecordingError) -> Recorder<AppState, AppAction> {
        try store.startRecording(maxAge: maxAge, startDate: startDate)
    }

    /// The recorder's history as the bytes of a lifted-state file.
    ///
    /// - Throws: ``RecordingFileError/historyFolded(maxAge:)`` when the session made more entries
    ///   than ``maxAge`` keeps; ``RecordingFileError/cannotExport(_:)`` when a state or an action
    ///   does not encode.
    static func export(_ recorder: Recorder<AppState, AppAction>) throws(RecordingFileError) -> Data {
        if let first = recorder.steps.first, first.id != 1 { throw .historyFolded(maxAge: maxAge) }
        do {
            return try recorder.export()
        } catch {
            throw .cannotExport(error)
        }
    }

    /// Writes `data` to `path`, replacing the file there.
    ///
    /// - Throws: ``RecordingFileError/cannotWrite(path:reason:)``.
    static func write(_ data: Data, to path: String) throws(RecordingFileError) {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// Reads the lifted-state file at `path`.
    ///
    /// - Throws: ``RecordingFileError/cannotOpen(path:reason:)`` when it is missing, a directory
    ///   or unreadable; ``RecordingFileError/notARecording(path:_:)`` with the first problem in it
    ///   when it is not a lifted-state document.
    static func read(path: String) throws(RecordingFileError) -> Recording {
        let data: Data
        do {
            data = try fileContents(atPath: path)
        } catch {
            throw .cannotOpen(path: path, reason: error.reason)
        }
        do {
            return try Recording(importing: data)
        } catch {
            throw .notARecording(path: path, error)
        }
    }

    /// Replays `recording`'s external actions at their recorded times against a fresh demo store
    /// (``DemoStore/make(options:transcript:)`` on the options the check hands it: a new
    /// `TestClock` and a `.test` dependency container) and compares every entry's action type
    /// and state with the recorded ones.
    ///
    /// - Returns: the report; a divergence is in it, not thrown.
    /// - Throws: ``RecordingFileError/cannotReplay(path:_:)`` when the recording cannot be
    ///   replayed at all (an entry without a clock time, an action that does not decode as
    ///   ``AppAction``, a store that does not settle); `path` names the file in the message.
    static func check(_ recording: Recording, path: String) async throws(RecordingFileError) -> ReplayReport {
        do {
            return try await recording.replayCheck { options in
                DemoStore.make(options: options, transcript: Transcript())
            }
        } catch {
            throw .cannotReplay(path: path, error)
        }
    }
}

/// Why a recording could not be written, read or replayed.
enum RecordingFileError: Error, CustomStringConvertible {
    /// The recording file could not be read (exit status 66, EX_NOINPUT).
    case cannotOpen(path: String, reason: String)
    /// The file is not a Redux DevTools lifted-state document; the error names the first problem
    /// and where it is (exit status 65, EX_DATAERR).
    case notARecording(path: String, RecordingFormatError)
    /// The recording cannot be replayed: an entry without a clock time or with an action the demo
    /// cannot decode (exit status 65, EX_DATAERR), or a replayed store that did not settle or
    /// could not record (exit status 70, EX_SOFTWARE).
    case cannotReplay(path: String, ReduxDevTools.ReplayError)
    /// The recording could not be written (exit status 73, EX_CANTCREAT).
    case cannotWrite(path: String, reason: String)
    /// The recorder could not export its history (exit status 70, EX_SOFTWARE: a bug).
    case cannotExport(RecordingError)
    /// The session made more entries than a recording keeps (exit status 65, EX_DATAERR).
    case historyFolded(maxAge: Int)

    var description: String {
        switch self {
        case let .cannotOpen(path, reason): "\(path): cannot open recording: \(reason)"
        case let .notARecording(path, error): "\(path): not a Redux DevTools recording: \(error)"
        case let .cannotReplay(path, error): "\(path): cannot replay the recording: \(error)"
        case let .cannotWrite(path, reason): "\(path): cannot write the recording: \(reason)"
        case let .cannotExport(error): "cannot export the recording: \(error)"
        case let .historyFolded(maxAge):
            "the session made more than \(maxAge - 1) entries, more than a recording keeps: its oldest ones would fold into the starting state, which a replay check cannot reproduce"
        }
    }

    /// The process exit status for this error (sysexits.h values).
    var exitStatus: Int32 {
        switch self {
        case .cannotOpen: 66
        case .notARecording, .historyFolded: 65
        case .cannotReplay(_, .missingClock), .cannotReplay(_, .undecodableAction): 65
        case .cannotReplay: 70
        case .cannotWrite: 73
        case .cannotExport: 70
        }
    }
}

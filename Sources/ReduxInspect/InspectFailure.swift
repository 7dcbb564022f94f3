import Foundation
import Redux

/// Why `redux-inspect` wrote no page, with the exit status it ends with (sysexits.h values).
enum InspectFailure: Error, CustomStringConvertible {
    /// The arguments are wrong: `reason` says how (EX_USAGE, 64).
    case usage(reason: String)
    /// The input cannot be read: missing, a directory, unreadable (EX_NOINPUT, 66).
    case unreadable(path: String, reason: String)
    /// The input is read but is not a recording: the first problem found (EX_DATAERR, 65).
    case notARecording(path: String, RecordingFormatError)
    /// The page cannot be written where asked (EX_CANTCREAT, 73).
    case unwritable(path: String, reason: String)

    /// The process's exit status for this failure.
    var status: Int32 {
        switch self {
        case .usage: 64
        case .unreadable: 66
        case .notARecording: 65
        case .unwritable: 73
        }
    }

    var description: String {
        switch self {
        case .usage(let reason): reason
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .notARecording(let path, let error): "\(path) is not a recording: \(error)"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

import Foundation

/// The probe's counter state: `n` and a payload derived from it, so that a file holding a mix of
/// two saves (or a cut-off one) cannot pass for a state: `items` is `0..<n % 50`, `label` is `"n=<n>"`.
struct SavedCounter: Codable, Sendable, Equatable {
    var n: Int
    var items: [Int]
    var label: String

    /// The state after `n` increments.
    static func at(_ n: Int) -> SavedCounter {
        SavedCounter(n: n, items: Array(0..<(n % 50)), label: "n=\(n)")
    }
}

/// The probe's date state, for the time-zone round trip.
struct SavedDate: Codable, Sendable, Equatable {
    var date: Date
}

/// What `check` prints, as one line of JSON.
struct CheckReport: Codable, Sendable, Equatable {
    /// ``Persistence/status``, described.
    var status: String
    /// The restored counter.
    var n: Int
    /// The names in the file's directory after the store was created, sorted.
    var files: [String]
}

import Redux

/// The downloads feature's child: one row of the list, a file that downloads in four steps of
/// 25 %, each on the store's clock.
///
/// A child feature: its state, its action (``DownloadAction``) and its reducer (``reducer(onCancel:)``)
/// are written against these types only; the app lifts the reducer over its list of rows
/// (Downloads.swift). It knows nothing of the list: the lift routes an action to its row, scopes
/// the effect's cancellation id to the row, and ends the row's effect when the row is removed.
struct Download: Identifiable, Sendable, Equatable, Codable {
    /// The row's id: a row is its id; removed by one action and added again with the same id by
    /// a later one, it is a new row.
    let id: Int
    /// The file's name.
    let file: String
    /// How much of the file has arrived, in percent (0 until the download reports).
    var progress = 0

    init(id: Int, file: String) {
        self.id = id
        self.file = file
    }

    /// The feature's timings, on the store's clock (virtual time in the demo).
    enum Timing {
        /// How long each quarter of the file takes.
        static let step = Duration.milliseconds(250)
    }

    /// The effect's cancellation id. Every row uses the same one: the lift scopes it to the row.
    static let cancellationID = "download"

    /// The child reducer. `start` (re)starts the download: the progress goes back to 0 and an
    /// effect reports 25, 50, 75 and 100 % at ``Timing/step`` intervals; a newer `start` of the
    /// same row cancels the one in flight. `progress` records a report.
    ///
    /// - Parameter onCancel: called, synchronously inside the cancellation, when a running
    ///   download is cancelled (the row's id and the last percentage it reported); the demo
    ///   writes it in its transcript, since a cancelled download sends nothing.
    static func reducer(
        onCancel: @escaping @Sendable (_ id: Int, _ reported: Int) -> Void = { _, _ in }
    ) -> Reducer<Download, DownloadAction> {
        Reducer(id: "download", effects: { state, action in
            switch action {
            case .start:
                state.progress = 0
                let id = state.id
                return Effect.run { send in
                    for step in 1...4 {
                        try await withTaskCancellationHandler {
                            try await send.sleep(for: Timing.step)
                        } onCancel: {
                            onCancel(id, (step - 1) * 25)
                        }
                        send(.progress(step * 25))
                    }
                }
                .cancellable(id: cancellationID, cancelInFlight: true)

            case let .progress(percent):
                state.progress = percent
                return .none
            }
        })
    }
}

/// What a download row can be asked to do: the user starts it; its effect reports progress.
enum DownloadAction: Sendable, Equatable {
    /// Start (or restart) the download.
    case start
    /// The download has `percent` of the file (sent by the download's effect).
    case progress(Int)
}

extension DownloadAction: CustomStringConvertible {
    /// `start`, `progress(50)`.
    var description: String {
        switch self {
        case .start: "start"
        case let .progress(percent): "progress(\(percent))"
        }
    }
}

import Dispatch
import Foundation

/// Whether the current code runs where the main actor does, for the few places that may run
/// anywhere but act at once when they happen to run there (a subscription's cancellation).
///
/// The main actor runs its jobs on the main dispatch queue; that queue's jobs normally run on the
/// main thread, but a test runner may drain it from another thread, so both are checked.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// `true` on the main thread or in a job of the main dispatch queue. Any thread.
    static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}

import Foundation
import Testing
@testable import Redux

/// The lock beside a state file: an exclusive `flock` on `<name>.lock`, which belongs to the open
/// file description, so two `PersistenceFile`s in one process exclude each other like two processes.
@Suite("Persistence file lock")
struct PersistenceFileLockTests {
    @Test
    func aSecondFileOnTheSameURLCannotLockAndThrowsInUseAfterAtLeastItsTimeout() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        let first = PersistenceFile(url: url)
        try first.lock(timeout: .zero)
        #expect(first.isLocked)
        let second = PersistenceFile(url: url)
        let timeout = Duration.milliseconds(60)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            try second.lock(timeout: timeout)
        } throws: { error in
            guard case .inUse(let file, let waited)? = error as? PersistenceError else { return false }
            return file == url && waited >= timeout
        }
        #expect(clock.now - start >= timeout)
        #expect(!second.isLocked)
        #expect(first.isLocked)
    }

    @Test
    func aZeroTimeoutFailsAtOnceWithInUse() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        let first = PersistenceFile(url: url)
        try first.lock(timeout: nil)
        #expect(throws: PersistenceError.self) { try PersistenceFile(url: url).lock(timeout: .zero) }
    }

    @Test
    func afterUnlockAnotherFileTakesTheLock() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        let first = PersistenceFile(url: url)
        try first.lock(timeout: .zero)
        first.unlock()
        #expect(!first.isLocked)
        let second = PersistenceFile(url: url)
        try second.lock(timeout: .zero)
        #expect(second.isLocked)
        #expect(throws: PersistenceError.self) { try first.lock(timeout: .zero) }
    }

    @Test
    func aWaitingFileTakesTheLockOnceItIsReleased() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        let first = PersistenceFile(url: url)
        try first.lock(timeout: .zero)
        let second = PersistenceFile(url: url)
        let locked = DispatchSemaphore(value: 0)
        startThread {
            if (try? second.lock(timeout: nil)) != nil { locked.signal() }
        }
        // The waiter cannot have it while the first holds it; it gets it only after the unlock.
        #expect(!second.isLocked)
        first.unlock()
        #expect(locked.wait(timeout: .now() + 60) == .success)
        #expect(second.isLocked)
    }

    @Test
    func unlockIsIdempotentAndReleasingTheFileUnlocks() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        do {
            let first = PersistenceFile(url: url)
            try first.lock(timeout: .zero)
            first.unlock()
            first.unlock()
            try first.lock(timeout: .zero)
        }
        // `first` was released while locked: its deinit unlocked.
        try PersistenceFile(url: url).lock(timeout: .zero)
    }

    @Test
    func theLockFileStaysBesideTheStateFileAfterUnlock() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        try file.lock(timeout: .zero)
        file.unlock()
        #expect(try directory.names() == ["state.json.lock"])
    }

    @Test
    func aLockInAMissingDirectoryThrowsIONamingTheOpen() throws {
        let directory = try ScratchDirectory()
        let url = directory.url.appendingPathComponent("missing/state.json")
        #expect(throws: PersistenceError.io(file: url, operation: "open lock file", code: ENOENT)) {
            try PersistenceFile(url: url).lock(timeout: .zero)
        }
    }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The file layer of persistence: the exclusive lock, the atomic replace, keeping a bad file
/// aside, and removal, on one state file and the files beside it.
///
/// Files beside `url` (same directory): `<name>.lock` (created once, never renamed or deleted: a
/// `flock` on a file that a rename replaces would exclude nobody), temporaries
/// `<name>.tmp-<pid>-<n>`, and kept-aside files `<name>.corrupt-<UTC time>`.
///
/// Symlinks in the path (a linked state file, a linked parent directory) are resolved once, at
/// creation: the lock file, temporaries, kept-aside files and the rename all sit beside the real
/// file, so a save updates the link's target and leaves the link a link, and two paths to one file
/// share one lock. A dangling link resolves to its target, which the first save creates. Errors
/// name `url` as given. A save keeps the existing file's permission bits; a new file gets 0644
/// with the process's umask applied.
///
/// Thread-safe: the lock descriptor sits behind a lock. Calls block the calling thread (system
/// calls; `lock(timeout:)` polls). `flock` locks belong to the open file description, so a second
/// `PersistenceFile` on the same url, in this process or another, cannot lock while this one holds it.
final class PersistenceFile: @unchecked Sendable {
    /// The file as given (errors name it).
    let url: URL
    /// The file's path with its symlinks resolved at creation; every system call uses it.
    let path: String
    /// The open lock file while locked, else -1.
    private let descriptor = Locked<Int32>(-1)
    /// Numbers temporaries within this process (`<name>.tmp-<pid>-<n>`).
    private static let temporaries = Locked<Int>(0)

    init(url: URL) {
        self.url = url
        self.path = Self.resolvingSymlinks(url.path)
    }

    deinit {
        unlock()
    }

    private var name: String { Self.split(path).name }
    private var directory: String { Self.split(path).directory }
    private func beside(_ suffix: String) -> String { path + suffix }

    // MARK: Lock

    /// Opens/creates `<name>.lock` beside the file and takes an exclusive `flock`, polling
    /// `LOCK_EX|LOCK_NB` every ~5 ms until `timeout` (real, monotonic time; nil: forever; `.zero`:
    /// one attempt). Throws `.inUse(file:waited:)` with the time waited (≥ `timeout`), or `.io`.
    /// Does nothing when already locked by this instance.
    func lock(timeout: Duration?) throws(PersistenceError) {
        if isLocked { return }
        let path = beside(".lock")
        let fd = Self.retrying { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) }
        if fd < 0 { throw .io(file: url, operation: "open lock file", code: errno) }
        let clock = ContinuousClock()
        let start = clock.now
        while true {
            if callFlock(fd, LOCK_EX | LOCK_NB) == 0 {
                descriptor.withLock { $0 = fd }
                return
            }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                close(fd)
                throw .io(file: url, operation: "flock", code: code)
            }
            let waited = clock.now - start
            if let timeout, waited >= timeout {
                close(fd)
                throw .inUse(file: url, waited: waited)
            }
            var pause = Duration.milliseconds(5)
            if let timeout { pause = min(pause, timeout - waited) }
            let micros = max(1, pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)
            usleep(useconds_t(micros))
        }
    }

    /// Releases the lock and closes its descriptor; does nothing when not locked.
    func unlock() {
        let fd = descriptor.withLock { fd in
            defer { fd = -1 }
            return fd
        }
        guard fd >= 0 else { return }
        _ = callFlock(fd, LOCK_UN)
        close(fd)
    }

    /// Whether this instance holds the lock.
    var isLocked: Bool { descriptor.withLock { $0 >= 0 } }

    // MARK: Files

    /// Removes `<name>.tmp-*` leftovers beside the file (temporaries of a process that died while
    /// writing). Call only while locked: nobody else writes then. Failures are ignored.
    func removeLeftovers() {
        precondition(isLocked, "PersistenceFile.removeLeftovers() needs the lock on \(url.path)")
        let prefix = name + ".tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for leftover in names where leftover.hasPrefix(prefix) {
            _ = unlink(directory + "/" + leftover)
        }
    }

    /// The file's bytes, or nil when there is no file (`ENOENT`). Throws `.io` for other errors.
    func read() throws(PersistenceError) -> Data? {
        let fd = Self.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        if fd < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw .io(file: url, operation: "open", code: code)
        }
        defer { close(fd) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                Self.retrying { systemRead(fd, bytes.baseAddress, bytes.count) }
            }
            if count < 0 { throw .io(file: url, operation: "read", code: errno) }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Replaces the file atomically: writes a temporary `<name>.tmp-<pid>-<n>` in the same
    /// directory, fsyncs it, renames it over the file, then fsyncs the directory. A reader (or a
    /// process killed at any moment) sees the old or the new complete file. The temporary is
    /// removed when a step before the rename fails. The temporary takes the existing file's
    /// permission bits (`fchmod` before any byte is written), so a private file stays private; a
    /// new file gets 0644 with the umask applied. Returns the durations of writing (open, write,
    /// close, rename) and syncing (both fsyncs).
    func write(_ data: Data) throws(PersistenceError) -> (write: Duration, sync: Duration) {
        let clock = ContinuousClock()
        var writing = Duration.zero, syncing = Duration.zero
        var start = clock.now
        // The current file's mode (under the lock nobody else replaces it meanwhile).
        var existing = stat()
        let keptMode: mode_t? = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        var temporary: String
        var fd: Int32
        repeat {
            let number = Self.temporaries.withLock { count in
                count += 1
                return count
            }
            temporary = beside(".tmp-\(getpid())-\(number)")
            fd = Self.retrying { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
            // A leftover of an earlier process with this pid holds the name: take the next one.
        } while fd < 0 && errno == EEXIST
        if fd < 0 { throw .io(file: url, operation: "open temporary", code: errno) }
        func fail(_ operation: String, _ code: Int32, closing: Bool) -> PersistenceError {
            if closing { close(fd) }
            unlink(temporary)
            return .io(file: url, operation: operation, code: code)
        }
        if let keptMode, Self.retrying({ fchmod(fd, keptMode) }) != 0 {
            throw fail("fchmod", errno, closing: true)
        }
        let written: Int32 = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Self.retrying {
                    systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
                }
                if count < 0 { return errno }
                offset += count
            }
            return 0
        }
        if written != 0 { throw fail("write", written, closing: true) }
        writing += clock.now - start
        start = clock.now
        if Self.sync(fd) != 0 { throw fail("fsync", errno, closing: true) }
        syncing += clock.now - start
        start = clock.now
        if close(fd) != 0 { throw fail("close", errno, closing: false) }
        if rename(temporary, path) != 0 { throw fail("rename", errno, closing: false) }
        writing += clock.now - start
        start = clock.now
        try syncDirectory()
        syncing += clock.now - start
        return (writing, syncing)
    }

    /// Renames the file to `<name>.corrupt-<UTC yyyyMMdd'T'HHmmss.SSS'Z'>` (adding `-2`, `-3`…
    /// when that name is taken) and returns the new location. Throws `.io` (e.g. `ENOENT`).
    func keepAside(now: Date = Date()) throws(PersistenceError) -> URL {
        let base = beside(".corrupt-" + Self.stamp(now))
        var candidate = base
        var suffix = 1
        var status = stat()
        while lstat(candidate, &status) == 0 {
            suffix += 1
            candidate = base + "-\(suffix)"
        }
        if rename(path, candidate) != 0 { throw .io(file: url, operation: "rename", code: errno) }
        try syncDirectory()
        return URL(fileURLWithPath: candidate)
    }

    /// Deletes the file (purge); no error when it is absent.
    func remove() throws(PersistenceError) {
        if unlink(path) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw .io(file: url, operation: "unlink", code: code)
        }
        try syncDirectory()
    }

    // MARK: Helpers

    /// The path with every symlink resolved: the directory through `realpath` (kept as written when
    /// it does not exist), then the last component followed while it is a link (a relative target
    /// is relative to the link's directory), up to 40 links (the kernel's limit; a loop stays
    /// unresolved and fails at the first system call). A dangling link resolves to its target.
    static func resolvingSymlinks(_ given: String) -> String {
        var path = given.hasPrefix("/") ? given : FileManager.default.currentDirectoryPath + "/" + given
        for _ in 0..<40 {
            var (directory, name) = split(path)
            if let real = realpath(directory, nil) {
                directory = String(cString: real)
                free(real)
            }
            path = (directory == "/" ? "" : directory) + "/" + name
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else { return path }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = target.hasPrefix("/") ? target : (directory == "/" ? "" : directory) + "/" + target
        }
        return path
    }

    /// An absolute path's directory and last component (trailing slashes ignored).
    private static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// Makes the directory entry changes (rename, unlink) durable.
    private func syncDirectory() throws(PersistenceError) {
        let fd = Self.retrying { open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if fd < 0 { throw .io(file: url, operation: "open directory", code: errno) }
        defer { close(fd) }
        if Self.sync(fd) != 0 {
            let code = errno
            // Some file systems cannot sync a directory; that is not a failed save.
            if code == EINVAL || code == ENOTSUP { return }
            throw .io(file: url, operation: "fsync directory", code: code)
        }
    }

    /// `yyyyMMdd'T'HHmmss.SSS'Z'` in UTC, rounded to the nearest millisecond (``MillisecondTime``'s
    /// text without its separators: no formatter, locale or time zone involved).
    static func stamp(_ date: Date) -> String {
        String(MillisecondTime.string(from: date).filter { $0 != "-" && $0 != ":" })
    }

    /// fsync; on Darwin F_FULLFSYNC (which reaches the disk), falling back to fsync.
    private static func sync(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return 0 }
        #endif
        return retrying { fsync(fd) }
    }

    /// Repeats a system call interrupted by a signal (`EINTR`).
    private static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}

/// `flock(2)`: Swift sees the C function and the `struct flock` under one name, so the function is
/// taken through its C type.
private func callFlock(_ fd: Int32, _ operation: Int32) -> Int32 {
    let call: @convention(c) (Int32, Int32) -> Int32 = flock
    return call(fd, operation)
}

// The C functions, named apart from the instance methods `read` and `write`.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

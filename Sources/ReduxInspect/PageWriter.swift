import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `redux-inspect` writes its page, and how: POSIX calls, so every failure carries the
/// system's own reason (`Permission denied`, `Not a directory`, `No space left on device`).
///
/// - A regular file, or a path that does not exist yet, is replaced in one step: the page is
///   written to a temporary file in the same directory, then renamed over the path, so a
///   failure leaves an earlier page untouched; a file replaced keeps its permissions. A symbolic
///   link is followed, as the system follows it (a dangling one too): its target is written,
///   the link stays. Paths are passed to the system as given, so `..` after a link means what
///   it means to the shell.
/// - Anything else that exists — a device such as `/dev/null`, a FIFO — is written in place.
/// - `-` is standard output.
enum PageWriter {
    /// What a path names, after following symbolic links.
    enum Target: Equatable {
        case standardOutput
        /// A regular file, or nothing yet: replaced atomically.
        case file(String)
        /// A device, FIFO or socket: written in place.
        case special(String)

        /// Whether the page goes to a file, where a status line on standard output cannot mix
        /// with it.
        var isFile: Bool {
            if case .file = self { return true }
            return false
        }
    }

    /// The target `output` names.
    ///
    /// - Throws: ``InspectFailure/unwritable(path:reason:)`` for a directory.
    static func target(_ output: String) throws(InspectFailure) -> Target {
        if output == "-" { return .standardOutput }
        guard !output.hasSuffix("/") else { throw .unwritable(path: output, reason: "names a directory, not a file") }
        // What the system reaches through any links first: a device or a FIFO is written in
        // place through the path as given (which also serves /dev/stdout's /proc links).
        var reached = stat()
        if stat(output, &reached) == 0 {
            switch reached.st_mode & S_IFMT {
            case S_IFDIR: throw .unwritable(path: output, reason: "is a directory")
            case S_IFREG: break
            default: return .special(output)
            }
        }
        // A regular file or nothing yet: follow the links to the path to replace.
        var path = output
        for _ in 0..<40 {
            var status = stat()
            guard lstat(path, &status) == 0 else {
                if errno == ENOENT { return .file(path) }
                throw .unwritable(path: output, reason: systemReason())
            }
            switch status.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(path, &buffer, buffer.count - 1)
                guard count >= 0 else { throw .unwritable(path: output, reason: systemReason()) }
                let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                path = link.hasPrefix("/") ? link : directory(of: path) + "/" + link
            case S_IFDIR: throw .unwritable(path: output, reason: "is a directory")
            case S_IFREG: return .file(path)
            default: return .special(path)
            }
        }
        throw .unwritable(path: output, reason: "too many levels of symbolic links")
    }

    /// The directory part of `path` as written (`.` when it has none), not normalized: the
    /// system resolves `..` after a symbolic link by the link's target, as the shell does.
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "" : String(path[..<slash])
    }

    /// Whether `first` and `second` name one existing file (same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Writes `page` to `target`; `output` is the path as given, for messages.
    static func writePage(_ page: Data, to target: Target, output: String) throws(InspectFailure) {
        switch target {
        case .standardOutput:
            if let reason = writeAll(page, to: STDOUT_FILENO) {
                throw .unwritable(path: "standard output", reason: reason)
            }
        case .special(let path):
            let descriptor = open(path, O_WRONLY | O_TRUNC)
            guard descriptor >= 0 else { throw .unwritable(path: output, reason: systemReason()) }
            let failure = writeAll(page, to: descriptor)
            close(descriptor)
            if let failure { throw .unwritable(path: output, reason: failure) }
        case .file(let path):
            try replace(path, with: page, output: output)
        }
    }

    private static func replace(_ path: String, with page: Data, output: String) throws(InspectFailure) {
        let slash = path.lastIndex(of: "/")
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((directory(of: path) + "/." + name + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .unwritable(path: output, reason: systemReason()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A file replaced keeps its permissions; a new one gets the usual 0666 less the umask.
        var existing = stat()
        let mode: mode_t
        if stat(path, &existing) == 0 {
            mode = existing.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        var failure = fchmod(descriptor, mode) == 0 ? nil : systemReason()
        if failure == nil { failure = writeAll(page, to: descriptor) }
        if close(descriptor) != 0, failure == nil { failure = systemReason() }
        if failure == nil, rename(temporary, path) != 0 { failure = systemReason() }
        if let failure {
            unlink(temporary)
            throw .unwritable(path: output, reason: failure)
        }
    }

    /// Writes every byte of `data` to `descriptor`; the system's reason when it cannot.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> String? in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return systemReason()
                }
                offset += count
            }
            return nil
        }
    }

    /// The text of the current `errno`.
    static func systemReason() -> String {
        String(cString: strerror(errno))
    }
}

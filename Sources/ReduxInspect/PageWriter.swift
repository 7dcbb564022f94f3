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
///   failure leaves an earlier page untouched. A symbolic link is followed: its target is
///   replaced, the link stays.
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
    }

    /// The target `output` names.
    ///
    /// - Throws: ``InspectFailure/unwritable(path:reason:)`` for a directory.
    static func target(_ output: String) throws(InspectFailure) -> Target {
        if output == "-" { return .standardOutput }
        let resolved = URL(fileURLWithPath: output).resolvingSymlinksInPath().path
        var status = stat()
        guard stat(resolved, &status) == 0 else { return .file(resolved) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: throw .unwritable(path: output, reason: "is a directory")
        case S_IFREG: return .file(resolved)
        default: return .special(resolved)
        }
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
        let url = URL(fileURLWithPath: path)
        var template = Array(url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .unwritable(path: output, reason: systemReason()) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let mask = umask(0)
        umask(mask)
        var failure = fchmod(descriptor, 0o666 & ~mask) == 0 ? nil : systemReason()
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

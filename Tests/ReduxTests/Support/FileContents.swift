import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of the file at `url`, read with `open`/`read`: `Data(contentsOf:)` on this
/// toolchain's Foundation leaks its 4 KiB buffer when the file is empty, which LeakSanitizer
/// reports in the suites that read 0-byte files. Throws `CocoaError(.fileReadNoSuchFile)` when
/// the file cannot be opened.
func fileContents(_ url: URL) throws -> Data {
    let descriptor = open(url.path, O_RDONLY)
    guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: url.path]) }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        data.append(contentsOf: buffer[0..<count])
    }
    return data
}

import Foundation

/// A fresh directory under the system's temporary directory for one test, removed on deinit.
final class ScratchDirectory: @unchecked Sendable {
    let url: URL

    init(_ label: String = #function) throws {
        let name = "redux-persistence-\(label.prefix { $0.isLetter || $0.isNumber })-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        try? FileManager.default.removeItem(at: url)
    }

    /// A file in the directory (not created).
    func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// The names in the directory, sorted.
    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

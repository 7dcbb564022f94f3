import Foundation

/// Why a file the demo was given could not be read: one short reason ("no such file", "is a
/// directory", the system's message).
struct UnreadableFile: Error {
    let reason: String
}

/// The bytes of the file at `path`, for the session and recording readers.
///
/// - Throws: ``UnreadableFile`` when it is missing, a directory or unreadable.
func fileContents(atPath path: String) throws(UnreadableFile) -> Data {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw UnreadableFile(reason: "no such file")
    }
    guard !isDirectory.boolValue else { throw UnreadableFile(reason: "is a directory") }
    do {
        return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw UnreadableFile(reason: error.localizedDescription)
    }
}

import Foundation
import Testing
@testable import Redux

/// The state file's reads and writes: an atomic replace through a temporary beside it, kept-aside
/// bad files, leftovers of a writer that died, removal.
@Suite("Persistence file")
struct PersistenceFileTests {
    @Test
    func readIsNilWhenThereIsNoFile() throws {
        let directory = try ScratchDirectory()
        #expect(try PersistenceFile(url: directory.file("state.json")).read() == nil)
    }

    @Test
    func writeReplacesTheBytesAndLeavesNoTemporaryBehind() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        _ = try file.write(Data("old".utf8))
        #expect(try file.read() == Data("old".utf8))
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let timings = try file.write(large)
        #expect(try file.read() == large)
        #expect(timings.write >= .zero && timings.sync >= .zero)
        #expect(try directory.names() == ["state.json"])
        _ = try file.write(Data())
        #expect(try file.read() == Data())
    }

    @Test
    func writeIntoADirectoryThatCannotHoldFilesThrowsIONamingTheOperation() throws {
        let directory = try ScratchDirectory()
        // A regular file where the directory should be: the temporary cannot be created (also as root).
        let notADirectory = directory.file("plain")
        try Data("x".utf8).write(to: notADirectory)
        let url = notADirectory.appendingPathComponent("state.json")
        #expect(throws: PersistenceError.io(file: url, operation: "open temporary", code: ENOTDIR)) {
            try PersistenceFile(url: url).write(Data("new".utf8))
        }
        #expect(throws: PersistenceError.io(file: url, operation: "open", code: ENOTDIR)) {
            try PersistenceFile(url: url).read()
        }
    }

    @Test
    func writeIntoAReadOnlyDirectoryThrowsIOAndKeepsTheOldFile() throws {
        // Root ignores permission bits: nothing to check then.
        guard geteuid() != 0 else { return }
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        _ = try file.write(Data("old".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.url.path)
        #expect(throws: PersistenceError.io(file: file.url, operation: "open temporary", code: EACCES)) {
            try file.write(Data("new".utf8))
        }
        #expect(try file.read() == Data("old".utf8))
        #expect(try directory.names() == ["state.json"])
    }

    @Test
    func keepAsideRenamesTheFileWithAUTCMillisecondStampAndAddsASuffixWhenTaken() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        // 2026-12-03T17:05:09.042Z, and 0.3 ms less (rounded to the nearest).
        let now = Date(timeIntervalSince1970: 1_796_317_509.041_7)
        _ = try file.write(Data("first".utf8))
        let first = try file.keepAside(now: now)
        #expect(first.lastPathComponent == "state.json.corrupt-20261203T170509.042Z")
        #expect(try fileContents(first) == Data("first".utf8))
        #expect(try file.read() == nil)
        _ = try file.write(Data("second".utf8))
        let second = try file.keepAside(now: now)
        #expect(second.lastPathComponent == "state.json.corrupt-20261203T170509.042Z-2")
        _ = try file.write(Data("third".utf8))
        let third = try file.keepAside(now: now)
        #expect(third.lastPathComponent == "state.json.corrupt-20261203T170509.042Z-3")
        #expect(try fileContents(third) == Data("third".utf8))
        #expect(try directory.names() == [
            "state.json.corrupt-20261203T170509.042Z", "state.json.corrupt-20261203T170509.042Z-2",
            "state.json.corrupt-20261203T170509.042Z-3",
        ])
    }

    @Test
    func theKeptAsideStampIsWrittenInUTC() {
        #expect(PersistenceFile.stamp(Date(timeIntervalSince1970: 0)) == "19700101T000000.000Z")
        #expect(PersistenceFile.stamp(Date(timeIntervalSince1970: 951_868_799.999)) == "20000229T235959.999Z")
    }

    @Test
    func keepAsideOfAMissingFileThrowsIONamingTheRename() throws {
        let directory = try ScratchDirectory()
        let url = directory.file("state.json")
        #expect(throws: PersistenceError.io(file: url, operation: "rename", code: ENOENT)) {
            try PersistenceFile(url: url).keepAside()
        }
    }

    @Test
    func leftoverTemporariesAreRemovedAndNothingElse() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        _ = try file.write(Data("kept".utf8))
        let others = ["other.json.tmp-1-1", "state.json.corrupt-20261203T170509.042Z", "state.jsonx.tmp-9-9"]
        for name in ["state.json.tmp-123-1", "state.json.tmp-456-7"] + others {
            try Data("x".utf8).write(to: directory.file(name))
        }
        try file.lock(timeout: .zero)
        file.removeLeftovers()
        #expect(try directory.names() == (["state.json", "state.json.lock"] + others).sorted())
        #expect(try file.read() == Data("kept".utf8))
    }

    @Test
    func removeDeletesTheFileAndIsQuietWhenItIsAbsent() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        _ = try file.write(Data("x".utf8))
        try file.remove()
        #expect(try file.read() == nil)
        try file.remove()
        #expect(try directory.names() == [])
    }

    @Test
    func aSaveKeepsTheFilesPermissions() throws {
        let directory = try ScratchDirectory()
        let file = PersistenceFile(url: directory.file("state.json"))
        _ = try file.write(Data("first".utf8))
        // A new file gets 0644 with the umask applied, like a file the process creates itself.
        let reference = directory.file("reference")
        let fd = open(reference.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        close(fd)
        #expect(try mode(of: file.url) == mode(of: reference))
        for kept: mode_t in [0o600, 0o640, 0o604] {
            #expect(chmod(file.url.path, kept) == 0)
            _ = try file.write(Data("next".utf8))
            #expect(try mode(of: file.url) == kept)
            #expect(try file.read() == Data("next".utf8))
        }
    }

    private func mode(of url: URL) throws -> mode_t {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return status.st_mode & 0o7777
    }
}

import Foundation
import Testing
@testable import Redux

/// A state file reached through a symlink (the file itself, or a directory on its path): the file
/// layer resolves the links once, so a save replaces the target and leaves the link a link, and
/// every path to one file shares one lock file.
@Suite("Persistence file through symlinks")
struct PersistenceFileLinkTests {
    @Test
    func aSaveThroughASymlinkUpdatesTheTargetAndKeepsTheLink() throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: false)
        let target = directory.file("real/f.json")
        let link = directory.file("link.json")
        // A relative link, dangling until the first save creates its target.
        #expect(symlink("real/f.json", link.path) == 0)
        let file = PersistenceFile(url: link)
        try file.lock(timeout: .zero)
        _ = try file.write(Data("first".utf8))
        _ = try file.write(Data("second".utf8))
        #expect(try isLink(link))
        #expect(try fileContents(target) == Data("second".utf8))
        #expect(try file.read() == Data("second".utf8))
        // The lock file sits beside the target; nothing but the link beside the link.
        #expect(try directory.names() == ["link.json", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.deletingLastPathComponent().path).sorted()
            == ["f.json", "f.json.lock"])
        // Kept aside and removed beside the target too; the link stays.
        let keptAside = try file.keepAside()
        #expect(keptAside.deletingLastPathComponent().lastPathComponent == "real")
        _ = try file.write(Data("third".utf8))
        try file.remove()
        #expect(try isLink(link))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    @Test
    func aSaveThroughALinkedDirectoryWritesInTheRealDirectory() throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: false)
        #expect(symlink(directory.file("real").path, directory.file("linked").path) == 0)
        let file = PersistenceFile(url: directory.file("linked/f.json"))
        try file.lock(timeout: .zero)
        _ = try file.write(Data("saved".utf8))
        #expect(try isLink(directory.file("linked")))
        #expect(try fileContents(directory.file("real/f.json")) == Data("saved".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("real").path).sorted()
            == ["f.json", "f.json.lock"])
    }

    @Test
    func twoPathsToOneFileShareOneLock() throws {
        let directory = try ScratchDirectory()
        try FileManager.default.createDirectory(at: directory.file("real"), withIntermediateDirectories: false)
        let target = directory.file("real/f.json")
        #expect(symlink("real/f.json", directory.file("link.json").path) == 0)
        #expect(symlink("real", directory.file("linked").path) == 0)
        let holder = PersistenceFile(url: directory.file("link.json"))
        try holder.lock(timeout: .zero)
        for other in [target, directory.file("linked/f.json"), directory.file("real/../link.json")] {
            #expect {
                try PersistenceFile(url: other).lock(timeout: .zero)
            } throws: { error in
                guard case .inUse(let file, _)? = error as? PersistenceError else { return false }
                return file == other
            }
        }
        holder.unlock()
        let real = PersistenceFile(url: target)
        try real.lock(timeout: .zero)
        #expect(throws: PersistenceError.self) { try PersistenceFile(url: directory.file("link.json")).lock(timeout: .zero) }
    }

    @Test
    func aLinkLoopStaysUnresolvedAndFailsAtTheFirstSystemCall() throws {
        let directory = try ScratchDirectory()
        #expect(symlink("b.json", directory.file("a.json").path) == 0)
        #expect(symlink("a.json", directory.file("b.json").path) == 0)
        let url = directory.file("a.json")
        #expect(throws: PersistenceError.io(file: url, operation: "open", code: ELOOP)) {
            try PersistenceFile(url: url).read()
        }
    }

    private func isLink(_ url: URL) throws -> Bool {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return status.st_mode & S_IFMT == S_IFLNK
    }
}

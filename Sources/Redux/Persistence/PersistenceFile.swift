import Foundation

// TEMPORARY STUB: replaced by the file layer from wip-file on merge.
final class PersistenceFile: @unchecked Sendable {
    let url: URL
    init(url: URL) { self.url = url }
    var isLocked: Bool { false }
    func lock(timeout: Duration?) throws(PersistenceError) {}
    func unlock() {}
    func removeLeftovers() throws(PersistenceError) {}
    func read() throws(PersistenceError) -> Data? { try? Data(contentsOf: url) }
    func write(_ data: Data) throws(PersistenceError) -> (write: Duration, sync: Duration) {
        do { try data.write(to: url, options: .atomic) } catch { throw .io(file: url, operation: "write", code: 5) }
        return (.zero, .zero)
    }
    func keepAside(now: Date = Date()) throws(PersistenceError) -> URL {
        let aside = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".corrupt-stub")
        do { try FileManager.default.moveItem(at: url, to: aside) } catch { throw .io(file: url, operation: "rename", code: 5) }
        return aside
    }
    func remove() throws(PersistenceError) { try? FileManager.default.removeItem(at: url) }
}

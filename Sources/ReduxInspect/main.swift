// redux-inspect: renders a recording (Redux DevTools' lifted state, as a store's recorder
// exports it) to one self-contained HTML page; see `InspectCommand.usage`.
//
//   swift run redux-inspect session.json                  writes session.html
//   swift run redux-inspect session.json -o page.html     writes page.html
//
// Exit status (sysexits.h): 0 written; 64 bad arguments; 65 not a recording; 66 unreadable
// input; 73 the page cannot be written. On any failure no page is written.
import Foundation

/// Writes `message` on stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    fflush(nil)
    FileHandle.standardError.write(Data("\(message)\n".utf8))
    exit(status)
}

/// Parses the arguments, writes the page and says so; throws what stopped it.
func inspect(_ arguments: [String]) throws(InspectFailure) {
    guard let command = try InspectCommand.parse(arguments) else {
        print(InspectCommand.usage)
        return
    }
    let written = try command.run()
    if written.toFile {
        print("wrote \(command.output): \(written.entries) \(written.entries == 1 ? "entry" : "entries"), \(written.bytes) bytes")
    }
}

do {
    try inspect(Array(CommandLine.arguments.dropFirst()))
} catch {
    if case .usage = error {
        fail("redux-inspect: \(error)\n\(InspectCommand.usage)", status: error.status)
    }
    fail("redux-inspect: \(error)", status: error.status)
}

import Foundation
import Redux

// Sources/Redux/Redux.docc/EncodingState.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; EncodingStateDocExamplesTests runs them).

struct EncodingStateBlocks {
    enum Genre: String, Codable {
        case drama, comedy
    }

    struct Library: Codable, Equatable {
        var shelves: Set<String>
        var ratings: [Genre: Int]
        var updated: Date
    }

    func encodeLibrary() throws(StateCodingError) -> String {
        let library = Library(
            shelves: ["b", "a"],
            ratings: [.drama: 4, .comedy: 5],
            updated: Date(timeIntervalSince1970: 1_796_293_336.1234))
        let data = try CanonicalJSONEncoder().encode(library)
        return String(decoding: data, as: UTF8.self)
        // {"ratings":["comedy",5,"drama",4],"shelves":["a","b"],"updated":"2026-12-03T10:22:16.123Z"}
    }

    func readLibrary(_ json: String) -> String {
        do {
            let library = try CanonicalJSONDecoder().decode(Library.self, from: Data(json.utf8))
            return "\(library.shelves.count) shelves"
        } catch {
            return error.description
        }
    }
    // readLibrary(#"{"ratings":[],"shelves":["a"],"updated":5}"#)
    // → expected String at updated but found number
}

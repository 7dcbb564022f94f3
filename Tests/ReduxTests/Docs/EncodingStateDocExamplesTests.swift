import Foundation
import Redux
import Testing

/// Runs the Encoding State article's examples (EncodingStateBlocks.swift) and the README's
/// "Encoding state" example (ReadmeBlocks.swift), and checks they give what their comments say.
@Suite("Encoding State examples")
struct EncodingStateDocExamplesTests {
    @Test func theLibraryEncodesToTheBytesTheArticleShows() throws {
        #expect(try EncodingStateBlocks().encodeLibrary()
            == #"{"ratings":["comedy",5,"drama",4],"shelves":["a","b"],"updated":"2026-12-03T10:22:16.123Z"}"#)
    }

    @Test func readingALibraryWithANumberForADateNamesTheField() {
        let blocks = EncodingStateBlocks()
        #expect(blocks.readLibrary(#"{"ratings":[],"shelves":["a"],"updated":5}"#)
            == "expected String at updated but found number")
        #expect(blocks.readLibrary(#"{"ratings":[],"shelves":["a"],"updated":"2026-12-03T10:22:16.123Z"}"#)
            == "1 shelves")
    }

    @Test func theReadmeBookcasesEncodeOrFailAsItsCommentsSay() {
        #expect(encodeBookcases() == [
            #"{"prices":[9.5],"titles":["Alien","Heat"]}"#,
            "cannot encode nan at prices[1]: JSON has no non-finite numbers",
        ])
    }
}

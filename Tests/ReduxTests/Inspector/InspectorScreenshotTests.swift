import Foundation
import Redux
import ReduxDevTools
import Testing

/// A screenshot of a rendered inspector page is a PNG that differs from one of a blank page, and
/// its pixels are not all one colour (decoded with python3's zlib). Skipped without a browser or
/// python3, unless `REDUX_REQUIRE_BROWSER=1`.
@MainActor
@Suite("Inspector page screenshots", .serialized, .timeLimit(.minutes(10)))
struct InspectorScreenshotTests {
    @Test func aRenderedPagesScreenshotDiffersFromABlankPagesAndIsNotOneColour() async throws {
        guard let browser = HeadlessBrowser.forTest() else { return }
        let scratch = try ScratchDirectory()
        let recording = try await InspectorFixtures.shelfRecording()
        let pageFile = try InspectorFixtures.write(InspectorPage(recording: recording, title: "Shelf"), in: scratch)
        let blankFile = scratch.file("blank.html")
        try Data().write(to: blankFile)

        let pageShot = scratch.file("page.png"), blankShot = scratch.file("blank.png")
        try await browser.screenshot(HeadlessBrowser.address(of: pageFile, fragment: "step=\(InspectorFixtures.reorganizeStep)"), to: pageShot)
        try await browser.screenshot(HeadlessBrowser.address(of: blankFile), to: blankShot)
        let pageBytes = try fileContents(pageShot), blankBytes = try fileContents(blankShot)
        #expect(pageBytes.prefix(8) == PNGColours.signature, "the page's screenshot is a PNG")
        #expect(blankBytes.prefix(8) == PNGColours.signature, "the blank page's screenshot is a PNG")
        #expect(pageBytes != blankBytes)

        guard let python = PNGColours.python() else { return }
        let page = try await PNGColours.read(pageShot, python: python)
        let blank = try await PNGColours.read(blankShot, python: python)
        #expect(page.width == 800 && page.height == 600, "\(page.width)×\(page.height)")
        #expect(blank.width == 800 && blank.height == 600, "\(blank.width)×\(blank.height)")
        #expect(blank.colours == 1, "the blank page is one colour (the decoder reads it as such)")
        #expect(page.colours >= 8, "the page draws text, rows and marks: \(page.colours) colours")
    }
}

import Foundation
import Redux

/// A recording rendered as one self-contained HTML page: a timeline, the action list with
/// outcomes and timestamps, the state at each step as a collapsible tree, and the difference
/// from the previous step.
///
/// The page needs no network and no other file: its style, its script and the recording's data
/// are written inline, so it opens from disk in any current browser, for instance attached to a
/// bug report. It plays the part of Redux DevTools' inspector and log monitor for people who do
/// not have the extension at hand; the `redux-inspect` command writes one from a recording file.
///
/// What the page shows:
/// - **The timeline**: one tick per entry, placed by the store clock's offset (`meta.clock`, or
///   the timestamp when an entry has none) and coloured by outcome; clicking selects the nearest
///   entry, and a slider steps through them in order.
/// - **The action list**: each staged entry with its index, identity (the entry's `type`),
///   outcome, origin, clock offset and wall-clock time (ISO 8601, UTC). A filter box keeps the
///   entries whose identity contains the text typed, ignoring case.
/// - **The selected step**: its payload, the changes from the previous step's state (each path
///   marked added, removed or changed, with the old and new values) and the state as a tree
///   whose changed nodes are marked. Trees are built only for the selected step, and a node's
///   children only when it is opened; more than 100 children are shown 100 at a time.
/// - **A link to one step**: the fragment `#step=7` selects the entry at index 7 on load, and
///   `#step=7&filter=save` sets the filter too. Selecting and filtering keep the fragment up to
///   date, so the address bar always links to what is shown. Without a step the page shows the
///   last one; a step out of range shows the last one with a notice. A filter that hides the
///   selected step leaves it selected and shown, with no row highlighted in the list.
///
/// Steps are counted as in `Recording.steps`: index 0 is the `@@INIT` entry (the starting
/// state), and the page says how many entries it holds, that one included. The page parses the
/// states lazily in the browser and writes identical states once, so a 10,000-entry recording
/// with states of about a kilobyte stays usable: `redux-bench` measures its page's size and how
/// long headless Chromium takes to load it at its last step.
/// Numbers beyond the precision of JavaScript's doubles (integers over 2⁵³) are shown rounded.
///
/// A pure value: render it from any isolation. Rendering is O(n) in the size of the recording's
/// JSON and never fails, since a `Recording` holds valid JSON by construction; a file that is
/// not a recording fails earlier, at `Recording(importing:)`, with a `RecordingFormatError`.
///
/// ```swift
/// let recording = try Recording(importing: Data(contentsOf: file))
/// let page = InspectorPage(recording: recording, title: file.lastPathComponent)
/// try page.data().write(to: file.deletingPathExtension().appendingPathExtension("html"))
/// ```
public struct InspectorPage: Sendable {
    /// The recording the page shows.
    public let recording: Recording
    /// The page's title, shown in the browser's tab and as the page's heading.
    public let title: String

    /// A page for `recording`, titled `title` (for instance the recording's file name).
    public init(recording: Recording, title: String = "Recording") {
        self.recording = recording
        self.title = title
    }

    /// How many entries the page holds: the recording's staged steps, the `@@INIT` entry
    /// included.
    public var entryCount: Int { recording.steps.count }

    /// The page as one HTML document.
    ///
    /// - Complexity: O(n) in the size of the recording's JSON; the page is about the size of the
    ///   recording's export, less where consecutive or repeated states are identical.
    public func html() -> String {
        var page = ""
        let payload = InspectorPayload(recording: recording)
        page.reserveCapacity(payload.byteCount + 64 * 1024)
        page += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"redux-inspect\">\n"
        page += "<title>\(Self.escapedText(title)) · \(InspectorPayload.grouped(entryCount)) \(entryCount == 1 ? "entry" : "entries")</title>\n"
        page += "<style>\n\(Self.style)</style>\n</head>\n<body>\n"
        page += Self.body(title: Self.escapedText(title), entryCount: entryCount)
        page += "<script type=\"application/json\" id=\"recording-entries\">"
        payload.appendEntries(to: &page)
        page += "</script>\n<script type=\"text/plain\" id=\"recording-states\">"
        payload.appendStates(to: &page)
        page += "</script>\n<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The page as UTF-8 bytes: ``html()`` encoded, ready to be written to a `.html` file.
    public func data() -> Data {
        Data(html().utf8)
    }

    /// `text` with the characters that HTML gives a meaning escaped, for element content and
    /// attribute values alike.
    static func escapedText(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}

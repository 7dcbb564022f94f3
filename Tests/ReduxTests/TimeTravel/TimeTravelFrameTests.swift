@testable import Redux
import ReduxTesting
import Testing

/// No state frame is emitted for a jump or for the return to the live state: a frame stream whose
/// change key the jump changes sees only the frames of handled actions.
@Suite("Time travel: state frames", .timeLimit(.minutes(5)))
@MainActor
struct TimeTravelFrameTests {
    @Test func noStateFrameIsEmittedOnAJumpOrOnResume() async throws {
        let store = makeTallyStore()
        try store.startRecording()
        let stream = store.frames(try FrameSpec(CountProjection.self, changeKey: { $0.count }, count: 2))
        store.dispatch(.increment)
        try store.jump(to: 0)
        #expect(store.count == 0, "the change key changed")
        store.resumeLive()
        store.dispatch(.increment)
        #expect(await counts(of: stream) == [1, 2], "only the two handled actions gave frames")
        store.invalidate()
    }
}

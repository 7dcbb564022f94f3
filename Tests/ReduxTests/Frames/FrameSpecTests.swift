import Redux
import Testing

/// `FrameSpec`'s throwing initializer: every stream has a limit, and no limit is zero.
@Suite("State frames: spec")
struct FrameSpecTests {
    func make(count: Int? = nil, duration: Duration? = nil, bufferLimit: Int = 1_024) throws(FrameSpecError) -> FrameSpec<FrameTally, CountProjection> {
        try FrameSpec(CountProjection.self, changeKey: { $0.count }, count: count, duration: duration, bufferLimit: bufferLimit)
    }

    @Test func aCountOfZeroOrLessIsRejected() {
        #expect(throws: FrameSpecError.nonPositiveCount(0)) { try make(count: 0) }
        #expect(throws: FrameSpecError.nonPositiveCount(-1)) { try make(count: -1) }
    }

    @Test func aDurationOfZeroOrLessIsRejected() {
        #expect(throws: FrameSpecError.nonPositiveDuration(.zero)) { try make(duration: .zero) }
        #expect(throws: FrameSpecError.nonPositiveDuration(.seconds(-1))) { try make(duration: .seconds(-1)) }
    }

    @Test func aSpecWithNeitherLimitIsRejected() {
        #expect(throws: FrameSpecError.noLimit) { try make() }
    }

    @Test func aBufferLimitOfZeroOrLessIsRejected() {
        #expect(throws: FrameSpecError.nonPositiveBufferLimit(0)) { try make(count: 1, bufferLimit: 0) }
    }

    @Test func aCountADurationOrBothAreAccepted() throws {
        #expect(try make(count: 1).count == 1)
        #expect(try make(duration: .seconds(1)).duration == .seconds(1))
        let both = try make(count: 3, duration: .seconds(2))
        #expect(both.count == 3 && both.duration == .seconds(2))
    }
}

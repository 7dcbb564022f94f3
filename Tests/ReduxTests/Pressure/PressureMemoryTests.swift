@testable import Redux
import ReduxTesting
import Testing

/// Pressure diagnostics hold bookkeeping for recent identities only: an identity is forgotten
/// once its newest dispatch is a window old and its cooldown is over, so memory stays bounded
/// however many distinct identities a store sees over time.
@Suite("Pressure diagnostics memory", .timeLimit(.minutes(5)))
@MainActor
struct PressureMemoryTests {
    /// 100,000 identities (`tick.0` … `tick.99999`), 1,000 per second of virtual time, with a
    /// one-second window and cooldown. The bound: the table is swept whenever it doubled since
    /// the last sweep, and a sweep keeps only the identities of the current second (at most
    /// 1,000), so it never holds more than 2,000 identities; without pruning it would hold 100,000.
    @Test
    func memoryStaysBoundedOverOneHundredThousandIdentities() async {
        let clock = TestClock()
        let recorder = LogRecorder<PressureAction>()
        let store = pressureStore(PressureDiagnostics(window: .seconds(1), threshold: 3, cooldown: .seconds(1)), clock: clock, recorder: recorder)
        var most = 0
        for second in 0..<100 {
            for n in 0..<1_000 {
                store.dispatch(.tick(second * 1_000 + n))
                most = max(most, store.pressureIdentityCount)
            }
            await clock.advance(by: .seconds(1))
        }
        #expect(store.received.count == 100_000)
        #expect(most >= 1_000, "each second's identities are held while they are recent")
        #expect(most <= 2_000, "held at most \(most)")
        #expect(recorder.pressureWarnings.isEmpty, "each identity was dispatched once")
    }

    /// The bookkeeping on its own: a ring of `threshold + 1` times per identity, idle tracks
    /// swept, a zero cooldown warning on every dispatch past the threshold.
    @Test
    func aZeroCooldownWarnsOnEveryDispatchPastTheThreshold() {
        var book = PressureBook(PressureDiagnostics(window: .seconds(1), threshold: 2, cooldown: .zero))
        let warnings = (0..<5).map { book.record("a", at: .milliseconds($0)) }
        #expect(warnings == [nil, nil, 3, 3, 3])
        #expect(book.tracks["a"]?.times.count == 3, "the ring holds threshold + 1 times")
        book.sweep(at: PressureBook.nanoseconds(.milliseconds(1_004)))
        #expect(book.count == 0, "a window after its newest dispatch, the identity is forgotten")
    }
}

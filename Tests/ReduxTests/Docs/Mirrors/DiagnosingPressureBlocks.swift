import Redux

// Sources/Redux/Redux.docc/DiagnosingPressure.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; PressureDocExamplesTests runs them).

struct DiagnosingPressureBlocks {
    enum TickAction: Sendable, ActionIdentifiable {
        case tick
        case reset

        var actionIdentity: ActionIdentity {
            switch self {
            case .tick: "tick"
            case .reset: "reset"
            }
        }
    }

    @MainActor
    func watchedStore(clock: any Clock<Duration>, warnings: @escaping @MainActor @Sendable (String) -> Void) -> Store<Int, TickAction> {
        let settings = PressureDiagnostics(window: .seconds(10), threshold: 3, cooldown: .seconds(30))
        let options = StoreOptions(clock: clock, pressureDiagnostics: settings)
        return Store(initialState: 0, options: options, onLog: { event in
            if case let .highFrequencyAction(identity, count, window) = event.kind {
                warnings("\(identity): \(count) within \(window)")
            }
        }) { count, action in
            count = action == .reset ? 0 : count + 1
        }
    }
    // Five `.tick` dispatches at once: one warning, "tick: 4 within 10.0 seconds"; all five reduced.
}

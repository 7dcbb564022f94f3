import Redux

// Sources/Redux/Redux.docc/StateFrames.md's Swift blocks, verbatim (DocBlocksCompiledTests
// keeps them so; StateFramesDocExamplesTests runs them).

struct StateFramesBlocks {
    struct Counter: Sendable, Equatable {
        var total = 0
        var note = ""
    }

    enum CounterAction: Sendable {
        case add(Int)
        case annotate(String)
    }

    struct TotalFrame: StateProjection, Codable {
        let total: Int
        init(state: Counter) { total = state.total }
    }

    @MainActor
    func totalAfterAdding(_ store: Store<Counter, CounterAction>) async -> String {
        switch await store.dispatchForFrame(.add(2), as: TotalFrame.self, timeout: .seconds(5)) {
        case .success(let frame):
            return frame.text                       // {"total":2}
        case .failure(let error):
            return "no frame: \(error)"
        }
    }

    @MainActor
    func ticketForTotal(_ store: Store<Counter, CounterAction>) -> FrameTicket {
        store.dispatchTrackingFrame(.add(2), as: TotalFrame.self, timeout: .seconds(5))
        // Later, anywhere: `await ticket.result`, .failure(.cancelled) if the store went away.
    }

    @MainActor
    func firstTwoTotals(_ store: Store<Counter, CounterAction>) async throws -> [Int] {
        let spec = try FrameSpec(TotalFrame.self, changeKey: { $0.total }, count: 2)
        var totals: [Int] = []
        for await element in store.frames(spec, arming: .add(1)) {
            totals.append(try element.get().decode(TotalFrame.self).total)
            store.dispatch(.annotate("seen"))       // the key does not change: no frame
            store.dispatch(.add(1))
        }
        return totals                               // [1, 2]; then the count was reached
    }
}

// Sources/Redux/Redux.docc/Pipeline.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; DocExamplesTests runs them).
import Redux

struct PipelineBlocks {
    struct Counter: Sendable, Equatable {
        var count = 0
    }

    enum CounterAction: Sendable {
        case increment, decrement
    }

    let counterReducer = Reducer<Counter, CounterAction>(id: "counter") { state, action in
        switch action {
        case .increment: state.count += 1; return .next
        case .decrement: state.count -= 1; return .next
        }
    }

    let analytics = Middleware<Counter, CounterAction>(id: "analytics") { context in
        if case .increment = context.action, context.count >= 10 {
            context.dispatch(.decrement)   // queued behind this action
        }
        return .next
    }
}

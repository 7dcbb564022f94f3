// Sources/Redux/Redux.docc/AsyncWork.md's Swift blocks, verbatim (DocBlocksCompiledTests keeps
// them so; DocExamplesTests runs them).
import Redux

struct AsyncWorkBlocks {
    struct SavingCounter: Sendable, Equatable {
        var count = 0
        var savedCount = 0
    }

    enum SavingCounterAction: Sendable {
        case increment
        case delayedIncrement
        case save
        case saved(Int)
    }

    let savingCounter = Reducer<SavingCounter, SavingCounterAction>(id: "counter") { state, action in
        switch action {
        case .increment: state.count += 1; return .next
        case .saved(let count): state.savedCount = count; return .next
        case .delayedIncrement, .save: return .defaultNext
        }
    }

    let delay = Middleware<SavingCounter, SavingCounterAction>(id: "delay") { context in
        guard case .delayedIncrement = context.action else { return .defaultNext }
        return .deferred { effect in
            try await effect.sleep(for: .milliseconds(100))
            return .nextAs(.increment)
        }
    }

    let persist = Middleware<SavingCounter, SavingCounterAction>(id: "persist") { context in
        guard case .save = context.action else { return .defaultNext }
        let count = context.count
        return .task { effect in
            try await effect.sleep(for: .milliseconds(20))   // stands for a write to disk
            effect.dispatch(.saved(count))
        }
    }

    @MainActor
    func delayAndSave() async throws -> Store<SavingCounter, SavingCounterAction> {
        let store = Store(initialState: SavingCounter(), reducers: [savingCounter], middlewares: [delay, persist])
        store.dispatch(.delayedIncrement, .increment, .save)
        print(store.count, store.savedCount)   // 1 0: the delayed increment and .saved come later
        try await store.settled(timeout: .seconds(1))
        print(store.count, store.savedCount)   // 2 1
        return store
    }
}

/// The samples' `print`, recorded instead of written to the test output (see `DocSampleOutput`).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    DocSampleOutput.shared.record(items, separator: separator)
}

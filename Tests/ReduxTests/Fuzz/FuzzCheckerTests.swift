import Redux
import Testing

/// The checks are not vacuous: a faithful run of a quiet program passes, and each kind of damage
/// done to its observation (or to the program the model reads) is reported by the check meant
/// for it.
@Suite("Fuzz checks")
@MainActor
struct FuzzCheckerTests {
    /// A run of the first seed whose program has a log, no `.task`/`.deferred` work, no
    /// invalidation and no release, and a producer off the main actor that dispatches twice: its
    /// outcome does not depend on timing under the old dispatch rule or the new one.
    private static func quietRun() async throws -> (FuzzProgram, FuzzModel, FuzzObservation) {
        for seed: UInt64 in 1...20_000 {
            let program = FuzzGenerator.program(seed: seed)
            guard isQuiet(program) else { continue }
            let model = FuzzModel(program: program)
            let observation = await FuzzRun(program).run()
            let violations = FuzzChecker.check(program, model, observation)
            #expect(violations.isEmpty, "seed \(seed): \(violations)")
            return (program, model, observation)
        }
        throw QuietSeedMissing()
    }

    private struct QuietSeedMissing: Error {}

    private static func isQuiet(_ program: FuzzProgram) -> Bool {
        guard program.logs, program.middlewareCount > 0, !program.hasEffects else { return false }
        for step in program.steps {
            switch step {
            case .invalidate, .release: return false
            default: continue
            }
        }
        for script in program.actions {
            for step in script.middleware {
                if step.invalidateAfter != nil { return false }
                switch step.exit {
                case .task, .deferred: return false
                default: continue
                }
            }
        }
        return program.producers.contains { producer in
            producer.kind != .hop && producer.ops.filter { if case .dispatch = $0 { true } else { false } }.count >= 2
        }
    }

    private static func tags(_ program: FuzzProgram, _ model: FuzzModel, _ observation: FuzzObservation) -> Set<String> {
        Set(FuzzChecker.check(program, model, observation).map(FuzzTests.tag))
    }

    @Test func eachCheckReportsTheDamageItIsMeantFor() async throws {
        let (program, model, observation) = try await Self.quietRun()
        let items = observation.items
        let terminals = items.indices.filter { index in
            if case .event(_, let event) = items[index], case .terminal = event.kind { true } else { false }
        }
        let lastTerminal = try #require(terminals.last)

        var dropped = observation
        dropped.items.remove(at: lastTerminal)
        #expect(!Self.tags(program, model, dropped).isDisjoint(with: ["history", "terminal", "log"]), "a lost terminal")

        var doubled = observation
        doubled.items.insert(items[lastTerminal], at: lastTerminal + 1)
        #expect(Self.tags(program, model, doubled).contains("terminal"), "a second terminal")

        var interleaved = observation
        let firstTerminal = try #require(terminals.first)
        interleaved.items.insert(.event(sequence: 999, FEvent(action: 0, kind: .reducer(0, .next))), at: firstTerminal)
        #expect(Self.tags(program, model, interleaved).contains("interleaved"), "another action's event inside a run")

        var unfreed = observation
        unfreed.storeFreed = false
        #expect(Self.tags(program, model, unfreed).contains("freed"))

        var invalidated = observation
        invalidated.items.insert(.invalidate(action: nil), at: firstTerminal + 1)
        invalidated.invalidated = true
        #expect(Self.tags(program, model, invalidated).contains("after-invalidate"), "processing after invalidate()")

        if let reduction = items.firstIndex(where: { if case .reduction = $0 { true } else { false } }) {
            var unreduced = observation
            unreduced.items.remove(at: reduction)
            #expect(Self.tags(program, model, unreduced).contains("reductions"), "a reducer event with no reducer run")
        }

        if let tracked = observation.records.firstIndex(where: \.tracked) {
            var unanswered = observation
            unanswered.records[tracked].outcome = nil
            #expect(Self.tags(program, model, unanswered).contains("ticket"))
            var wrong = observation
            wrong.records[tracked].outcome = .refused(.invalidated)
            #expect(Self.tags(program, model, wrong).contains("outcome"))
        }

        // Two processed dispatches of one producer, their order swapped.
        let remote = observation.records.indices.filter { index in
            switch observation.records[index].record.producer {
            case .thread, .task, .actor: true
            default: false
            }
        }
        let first = try #require(remote.first { index in
            remote.contains { $0 != index && observation.records[$0].record.producer == observation.records[index].record.producer }
        })
        let second = try #require(remote.first { $0 != first && observation.records[$0].record.producer == observation.records[first].record.producer })
        var swapped = observation
        let index = swapped.records[first].record.index
        swapped.records[first].record.index = swapped.records[second].record.index
        swapped.records[second].record.index = index
        #expect(Self.tags(program, model, swapped).contains("fifo"), "a producer's dispatches processed out of order")

        // The model reads a program whose first reached reducer answers differently.
        var changed = program
        if let id = model.reachable.sorted().first, let prediction = model.predictions[id], let reduction = prediction.reductions.first {
            changed.actions[reduction.action].reducers[reduction.reducer] = .defaultNext
            #expect(Self.tags(changed, FuzzModel(program: changed), observation).contains("history"), "a run the model does not predict")
        }
    }
}

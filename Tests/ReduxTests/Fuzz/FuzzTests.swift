import Foundation
import Redux
import Testing

// The seeded differential fuzz test of issue 5, section 6, extended with reducer effects
// (issue 6).
//
// Run: `swift test --filter Fuzz` (500 seeds). More: `REDUX_FUZZ_SEEDS=20000`, from another start:
// `REDUX_FUZZ_FIRST=20001`. Replay one seed (prints its program and trace, pass or fail):
// `REDUX_FUZZ_SEED=1234 swift test --filter Fuzz`. Every failure names its seed, a one-line
// program summary and each violation tagged with its check; a last issue tallies failing seeds
// by check. Racy checks (what an invalidation or release cuts short) may need a few replays.
//
// The parts, one concern per file:
// - FuzzRandom: SplitMix64, every draw computed here, so a seed names one program everywhere.
// - FuzzProgram: the program description (per action: each middleware's step, each reducer's
//   exit, observer and log-handler dispatches; per error: each resolver's answer; producers,
//   driver steps, invalidation and release). FuzzGenerator writes one from a seed.
// - FuzzModel: the reference model; walks each dispatch through the description and predicts its
//   stretches of log events, outcome, reductions, task errors, resolver contexts and children.
// - FuzzComponents, FuzzProducers, FuzzRun, FuzzClock, FuzzTrace: the interpreter; builds a real
//   store whose components follow the description, drives it (main actor, threads, detached
//   tasks, an actor, main-actor hops) and records every log event and dispatch in one trace.
// - FuzzText: the only adapter to the library's log and outcome types (text forms).
// - FuzzHistory, FuzzChecks, FuzzChecks+Order: cut the log into stretches and compare with the
//   model; where an invalidation or release may cut a dispatch short, exactly the legal cuts
//   (still queued, or suspended in `.deferred`, placed against the invalidation in the trace)
//   and their outcomes are accepted.
// - FuzzEffects, FuzzEffectModel, FuzzChecks+Effects: reducer effects (issue 6). Half the logged
//   programs build their reducers with `Reducer(id:reduction:)` / `Reducer(id:effects:)` and
//   return random trees of `.send`, `.run` (sending 0–3 actions, sleeping on `send.sleep(for:)`
//   on the manual FuzzClock, hopping to the main actor, maybe throwing), `.merge`,
//   `.concatenate`, `.cancellable(id:cancelInFlight:)` and `.cancel(id:)`. The model predicts
//   exactly what does not depend on timing (the `.effectStarted` events, the top-level sends:
//   queued in the pass, processed in the same call right after the terminal, FIFO; the
//   cancellations' order in the pass, which is written order; the errors' events, origin
//   `.reducer(id:position:)`, and resolver contexts); for the rest it gives conditions (the
//   cancellation ids each run and each send after asynchronous work depends on: its own, as a
//   concatenation goes on past a cancelled link), and the checks decide from the trace what was
//   required (nothing could cancel it: all of it happens; a cancel-in-flight link after async
//   work, with an id of its own concatenation, runs and the link before it delivers) and what
//   was forbidden (after a cancellation, nothing the runs it reaches sent is processed — sent
//   later, or still queued whether or not the run had ended —, nor a send after async work under
//   an id it reaches, nor the error of a run it stopped while running), and check the
//   invariants: a run's sends in order, a concatenation's parts one after the other, nothing an
//   effect started in a call processed before the call returns, every send processed or dropped
//   for a reason, the runtime empty at the end. FuzzEffectCheckerTests proves each check can
//   fail.
// Extending it (child stores, ...): a case in FuzzProgram, its draw in FuzzGenerator, its
// prediction in FuzzModel's walk, its interpretation in FuzzComponents, and its text in FuzzText.

/// Which seeds to run, from the environment:
/// - `REDUX_FUZZ_SEED=1234` replays one seed, printing its program and trace even when it passes;
/// - `REDUX_FUZZ_SEEDS=20000` runs that many seeds (default 500), starting at `REDUX_FUZZ_FIRST`
///   (default 1);
/// - `REDUX_FUZZ_VERBOSE=1` adds the whole program and its trace to each failure;
/// - `REDUX_FUZZ_REPORT=100` reports that many failing seeds in full (default 20);
/// - `REDUX_FUZZ_STATS=1` prints how often each kind of event and dispatch occurred (coverage).
struct FuzzConfiguration {
    var seeds: [UInt64]
    var verbose: Bool
    var statistics = false
    /// Failing seeds reported one by one; the rest are listed in one line.
    var reportLimit = 20

    static let defaultSeedCount = 500

    static var current: FuzzConfiguration {
        let environment = ProcessInfo.processInfo.environment
        let verbose = environment["REDUX_FUZZ_VERBOSE"].map { $0 != "0" && !$0.isEmpty } ?? false
        if let text = environment["REDUX_FUZZ_SEED"], let seed = UInt64(text) {
            return FuzzConfiguration(seeds: [seed], verbose: true)
        }
        let count = environment["REDUX_FUZZ_SEEDS"].flatMap { UInt64($0) } ?? UInt64(defaultSeedCount)
        let first = environment["REDUX_FUZZ_FIRST"].flatMap { UInt64($0) } ?? 1
        let limit = environment["REDUX_FUZZ_REPORT"].flatMap { Int($0) } ?? 20
        return FuzzConfiguration(
            seeds: Array(first..<(first + count)), verbose: verbose,
            statistics: environment["REDUX_FUZZ_STATS"] != nil, reportLimit: limit)
    }
}

/// Section 6 of issue 5 (and issue 6's effects): random stores driven from the main actor,
/// threads, tasks and an actor, compared with a reference model of the pipeline's rules. Each seed builds one program
/// (FuzzGenerator), runs it on a real store (FuzzRun), and checks what happened against the
/// model's predictions (FuzzModel, FuzzChecker). A failure names its seed and how to replay it.
@Suite("Fuzz")
@MainActor
struct FuzzTests {
    @Test func seededProgramsBehaveAsTheModelPredicts() async {
        let configuration = FuzzConfiguration.current
        var failed: [UInt64] = []
        var byCheck: [String: [UInt64]] = [:]
        var counts: [String: Int] = [:]
        let clock = ContinuousClock()
        let started = clock.now
        for seed in configuration.seeds {
            let program = FuzzGenerator.program(seed: seed)
            let model = FuzzModel(program: program)
            let observation = await FuzzRun(program).run()
            let (violations, effectCounts) = FuzzChecker.checkCounting(program, model, observation)
            if configuration.statistics {
                Self.count(observation, into: &counts)
                counts.merge(effectCounts, uniquingKeysWith: +)
            }
            if configuration.seeds.count == 1, violations.isEmpty {
                print(Self.message(seed, program, observation, ["(no violation)"], verbose: true))
            }
            guard !violations.isEmpty else { continue }
            failed.append(seed)
            for check in Set(violations.map(Self.tag)) { byCheck[check, default: []].append(seed) }
            if failed.count <= configuration.reportLimit {
                Issue.record(Comment(rawValue: Self.message(seed, program, observation, violations, verbose: configuration.verbose)))
            }
        }
        if failed.count > configuration.reportLimit {
            let rest = failed.dropFirst(configuration.reportLimit).map(String.init).joined(separator: " ")
            Issue.record(Comment(rawValue: "\(failed.count) of \(configuration.seeds.count) seeds failed; not shown above: \(rest)"))
        }
        if !byCheck.isEmpty {
            let lines = byCheck.sorted { $0.key < $1.key }.map { check, seeds in
                "  [\(check)] \(seeds.count) seeds: " + seeds.prefix(12).map(String.init).joined(separator: " ") + (seeds.count > 12 ? " …" : "")
            }
            Issue.record(Comment(rawValue: "failing checks:\n" + lines.joined(separator: "\n")))
        }
        if configuration.statistics {
            print(counts.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n"))
        }
        let elapsed = clock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("fuzz: \(configuration.seeds.count) seeds, \(failed.count) failed, \(String(format: "%.1f", seconds)) s")
    }

    /// Coverage: each event kind, each invalidation and release, each producer and outcome.
    static func count(_ observation: FuzzObservation, into counts: inout [String: Int]) {
        for item in observation.items {
            switch item {
            case .event(_, let event): counts["event " + event.kind.shape, default: 0] += 1
            case .invalidate(let action): counts[action == nil ? "invalidate from the driver" : "invalidate in a pass", default: 0] += 1
            case .released: counts["release", default: 0] += 1
            case .notified: counts["observer told", default: 0] += 1
            default: continue
            }
        }
        for record in observation.records {
            let producer = String(record.record.producer.description.prefix { $0.isLetter })
            counts["dispatch by \(producer)\(record.record.mainActor ? " on main" : "")", default: 0] += 1
            if let outcome = record.outcome {
                counts["ticket " + String(outcome.description.prefix { $0 != "(" }), default: 0] += 1
            }
        }
    }

    /// The check a violation names: `[fifo] ...` → `fifo`.
    static func tag(_ violation: String) -> String {
        guard violation.hasPrefix("["), let close = violation.firstIndex(of: "]") else { return "?" }
        return String(violation[violation.index(after: violation.startIndex)..<close])
    }

    static func message(_ seed: UInt64, _ program: FuzzProgram, _ observation: FuzzObservation, _ violations: [String], verbose: Bool) -> String {
        var lines = ["seed \(seed) — replay: REDUX_FUZZ_SEED=\(seed) swift test --filter Fuzz", "program: \(program.summary)"]
        let shown = verbose ? violations.count : 8
        lines += violations.prefix(shown).map { "  \($0)" }
        if violations.count > shown { lines.append("  … \(violations.count - shown) more") }
        if verbose {
            lines.append("--- program")
            lines.append(program.dump)
            lines.append("--- trace")
            lines += observation.items.enumerated().map { "\($0.offset): \($0.element)" }
            lines += observation.records.map { record in
                "record a\(record.record.action) \(record.record.producer)#\(record.record.index)"
                    + (record.record.mainActor ? " main@\(record.record.position ?? -1)" : "")
                    + (record.tracked ? " → \(record.outcome.map { "\($0)" } ?? "unanswered")" : "")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// The fuzzer's own parts, checked on their own: reproducible programs and the adapter.
@Suite("Fuzz tooling")
struct FuzzToolingTests {
    @Test func aSeedAlwaysNamesTheSameProgram() {
        for seed: UInt64 in [1, 2, 977, 123_456_789] {
            #expect(FuzzGenerator.program(seed: seed).dump == FuzzGenerator.program(seed: seed).dump)
        }
        #expect(FuzzGenerator.program(seed: 1).dump != FuzzGenerator.program(seed: 2).dump)
    }

    @Test func theAdapterReadsTheLibrarysTextForms() {
        #expect(FuzzText.outcome(.reduced) == .reduced)
        #expect(FuzzText.outcome(.recovered(.reduceAs(FuzzAction(7)), reduced: true)) == .recovered(.reduceAs(7), reduced: true))
        #expect(FuzzText.outcome(.recovered(.done, reduced: false)) == .recovered(.done, reduced: false))
        #expect(FuzzText.outcome(.failed(FuzzError(3))) == .failed(3))
        #expect(FuzzText.outcome(text: "refused(invalidated)") == .refused(.invalidated))
        #expect(FuzzText.outcome(text: "refused(storeReleased)") == .refused(.storeReleased))
        #expect(FuzzText.exit(.nextAs(FuzzAction(12))) == .nextAs(12))
        #expect(FuzzText.exit(.resolve(FuzzError(4))) == .resolve(4))
        #expect(FuzzText.resolution(.enqueued(FuzzAction(5))) == .enqueued(5))
        #expect(FuzzText.origin(.effect(middlewareID: "m1", position: 1)) == .effect(1))
        #expect(FuzzText.origin(.middleware(id: "m0", position: 0)) == .middleware(0))
        #expect(FuzzText.origin(.reducer(id: "r2", position: 2)) == .reducer(2))
        #expect(FuzzText.kind(.effectStarted(.reducer(id: "r1", position: 1))) == .effectStarted(.reducer(1)))
    }
}

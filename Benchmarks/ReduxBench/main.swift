// redux-bench: measures the Redux store's dispatch path against a hand-written floor.
//
//   swift run -c release redux-bench [--quick] [--json]
//   swift run -c release redux-bench --instructions [--json]
//
// It reports; it does not judge: a missed target is printed as MISSED and the exit status is 0.
// Exit 64 for bad arguments, 70 when a case's self-check fails (it measured the wrong thing).
// `--instructions` counts instructions per operation of the task-free cases under valgrind's
// callgrind instead of timing them (see Instructions.swift): the bench runs itself as a child
// per case and count; exit 69 when valgrind is missing.
// Top-level code is main-actor isolated, so every main-actor case really dispatches there.

import Foundation

let usage = """
    usage: redux-bench [--quick] [--json]
           redux-bench --instructions [--json]
      REDUX_BENCH_ALLOW_OVERFIRE=1 lets the observation cases (P3, P3b, SUB10, P7-observed) and
      the subscription cases (P9, P9-closure) run on a store that tells more observers or
      subscribers than the changed member's (reported, not exit 70)
      --quick         small runs of every case (for CI)
                      (P14-encode, the encoding of a state, P14-inspect, the inspector
                      page of a 10,000-entry recording, and P11, persistence's saves, are
                      timed only: not in --instructions; P14-inspect's browser rows need
                      chromium-headless-shell or chromium on PATH, and are skipped without)
      --json          print a JSON array of {case, ns_per_op, ratio_to_floor, value, unit}
                      (with --instructions: {case, instructions_per_op, unit, comparison, ratio,
                      target, instructions_n1, instructions_n2})
      --instructions  count instructions per operation of the task-free cases (baseline, floor,
                      P1, P2, P1-effect, P1-send, P4, P6, the P12 and P4-scoped cases, P12-slice,
                      P12-scattered, the P1 style cases, P3, P3b, P3b-whole, SUB10,
                      SUB10-floor, P3-rows, P9-none, P9, P9-closure, the P10 cases, P13,
                      P13-big and P13-big-keeping) under valgrind --tool=callgrind, as
                      (I(40,000) - I(20,000)) / 20,000 over two child runs (the observation
                      cases and P13-big at smaller counts); needs valgrind
                      (exit 69 without it)
    """

// A child of `--instructions`: runs one case under callgrind and exits.
if let status = InstructionCount.runChildIfAsked() {
    exit(status)
}

var quick = false
var json = false
var instructions = false
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--quick": quick = true
    case "--json": json = true
    case "--instructions": instructions = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("redux-bench: unknown argument '\(argument)'\n\(usage)\n".utf8))
        exit(64)
    }
}

if instructions {
    exit(InstructionCount.report(json: json))
}

let config: BenchConfig = quick ? .quick : .full
let cases = BenchCases(config: config)

func machineDescription(quick: Bool) -> String {
    let info = ProcessInfo.processInfo
    #if compiler(>=6.3)
    let compiler = "Swift 6.3+"
    #elseif compiler(>=6.2)
    let compiler = "Swift 6.2"
    #else
    let compiler = "Swift 6.0/6.1"
    #endif
    let mode = quick ? "quick" : "full"
    return "\(info.operatingSystemVersionString), \(info.activeProcessorCount) cores, \(compiler), \(mode) run"
}

// Developer aid for profiling (not a report): `ONLY=<p1|p2|p4|p12|p12-optional|p12-collection|p4-scoped|p12-slice|p12-scattered|p1-behavior|p1-command|p4-command|p4-command-small|p1-send|p3|p3b|p3b-whole|sub10|sub10-floor|p9|p9-closure|p9-none|p10-limit|p10-pressure|p10-reflected|p13|p13-big|p13-big-keeping> LOOPS=n`
// runs the floor and that one case n times and prints the medians.
// `ONLY=p8-run LOOPS=n`: P8-run alone, for profiling; prints the median in microseconds per
// effect, and the resident size (after `malloc_trim`) every 10 runs.
if ProcessInfo.processInfo.environment["ONLY"] == "p8-run" {
    var run: [Double] = []
    for index in 0..<(Int(ProcessInfo.processInfo.environment["LOOPS"] ?? "5") ?? 5) {
        run.append(try await cases.p8RunOnce(count: config.effects).total)
        if index % 10 == 9 {
            trimAllocator()
            print("after \(index + 1) runs: resident \(Double(residentBytes() ?? 0) / 1_048_576) MB")
        }
    }
    print("P8-run", Samples(values: run).median)
    exit(0)
}
// `ONLY=p8 LOOPS=n`: P8-run, P8-naive-pool and P8-naive-main alternating, n runs each; prints
// the medians in microseconds per effect.
if ProcessInfo.processInfo.environment["ONLY"] == "p8" {
    var run: [Double] = [], pool: [Double] = [], main: [Double] = []
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["LOOPS"] ?? "5") ?? 5) {
        run.append(try await cases.p8RunOnce(count: config.effects).total)
        pool.append(try await cases.p8NaiveOnce(count: config.effects, onMainActor: false))
        main.append(try await cases.p8NaiveOnce(count: config.effects, onMainActor: true))
    }
    let (r, p, m) = (Samples(values: run).median, Samples(values: pool).median, Samples(values: main).median)
    print("P8-run", r, "P8-naive-pool", p, "P8-naive-main", m, "run/pool", r / p, "run/main", r / m)
    exit(0)
}
// `ONLY=p14-encode`: P14-encode alone (its four rows as a table).
if ProcessInfo.processInfo.environment["ONLY"] == "p14-encode" {
    do {
        let rows = BenchResults.encodingRows(try cases.encoding())
        for row in rows {
            print(row.name, fixed(row.nanosecondsPerOperation ?? 0, 0), "ns/encode", fixed(row.value, 1), row.unit, "runs \(fixed(row.spread?.minimum ?? 0, 1))..\(fixed(row.spread?.maximum ?? 0, 1))", row.target)
        }
    } catch {
        FileHandle.standardError.write(Data("redux-bench: \(error)\n".utf8))
        exit(70)
    }
    exit(0)
}
// `ONLY=p14-inspect`: P14-inspect alone (its rows as a table; the browser rows need
// chromium-headless-shell or chromium on PATH, and say skipped without).
if ProcessInfo.processInfo.environment["ONLY"] == "p14-inspect" {
    do {
        for row in BenchResults.inspectorRows(try cases.inspector()) {
            let spread = row.spread.map { "runs \(fixed($0.minimum, 2))..\(fixed($0.maximum, 2))" } ?? "-"
            print(row.name, row.unit == "bytes" ? grouped(row.value) : fixed(row.value, 2), row.unit, spread, row.target)
        }
    } catch {
        FileHandle.standardError.write(Data("redux-bench: \(error)\n".utf8))
        exit(70)
    }
    exit(0)
}
// `ONLY=p11`: P11-save and P11-flood alone (their rows as a table).
if ProcessInfo.processInfo.environment["ONLY"] == "p11" {
    do {
        let results = try await cases.persistence()
        print("P11-save-encode", fixed(results.encode.median, 2), "ms", "P11-save-write", fixed(results.write.median, 2), "ms", "P11-save-fsync", fixed(results.sync.median, 2), "ms", "bytes", results.bytes, "runs", results.saveRuns)
        print("P11-flood", results.floodSaves, "saves for", results.floodDispatches, "dispatches; final state saved:", results.floodFinalSaved)
    } catch {
        FileHandle.standardError.write(Data("redux-bench: \(error)\n".utf8))
        exit(70)
    }
    exit(0)
}
if let only = ProcessInfo.processInfo.environment["ONLY"] {
    var p1s: [Double] = [], fs: [Double] = []
    for _ in 0..<(Int(ProcessInfo.processInfo.environment["LOOPS"] ?? "3") ?? 3) {
        fs.append(try cases.floor().median)
        let samples: Samples = switch only {
        case "p2": try cases.p2()
        case "p12": try cases.scopedCase("P12-scope", .counter)
        case "p12-optional": try cases.scopedCase("P12-optional", .optional)
        case "p12-collection": try cases.scopedCase("P12-collection", .collection)
        case "p4-scoped": try cases.scopedCase("P4-scoped", .array)
        case "p12-slice": try cases.sliceCase()
        case "p12-scattered": try cases.scatteredCase()
        case "p4": try cases.p4()
        case "p1-behavior": try cases.counterStyleCase("P1-behavior", makeCounterBehaviorReducer())
        case "p1-command": try cases.counterStyleCase("P1-command", makeCounterCommandReducer())
        case "p4-command": try cases.arrayStyleCase("P4-command", length: config.arrayLength, makeArrayCommandReducer())
        case "p4-command-small": try cases.arrayStyleCase("P4-command-small", length: 10, makeArrayCommandReducer())
        case "p1-send": try cases.p1Send()
        case "p3": try cases.p3().samples
        case "p3b": try cases.p3b().observed.samples
        case "p3b-whole": try cases.p3bWhole().samples
        case "sub10": try cases.sub10().samples
        case "sub10-floor": try cases.sub10Floor().samples
        case "p9": try cases.p9(.keyPath).samples
        case "p9-closure": try cases.p9(.closure).samples
        case "p9-none": try cases.p9None()
        case "p10-limit": try cases.p10Limit()
        case "p10-pressure": try cases.p10Pressure()
        case "p10-reflected": try cases.p10Reflected()
        case "p13": try cases.p13()
        case "p13-big": try cases.p13Big()
        case "p13-big-keeping": try cases.p13BigKeeping()
        default: try cases.p1()
        }
        p1s.append(samples.median)
    }
    print("floor", fs.sorted()[fs.count/2], only, p1s.sorted()[p1s.count/2], "ratio", p1s.sorted()[p1s.count/2] / fs.sorted()[fs.count/2])
    exit(0)
}
do {
    let baseline = try cases.baseline()
    let floor = try cases.floor()
    let p1 = try cases.p1()
    let p2 = try cases.p2()
    let p1Effect = try cases.p1Effect()
    let p1Send = try cases.p1Send()
    let p4 = try cases.p4()
    let p5 = try await cases.p5()
    let p6 = try cases.p6()
    let p7 = try cases.p7()
    let p8 = try await cases.p8()
    let effects = try await cases.p8Effects()
    let composition = try cases.p12()
    let modules = try cases.modules()
    let styles = try cases.styles()
    let observation = try cases.observation()
    let subscriptions = try cases.subscriptions()
    let encoding = try cases.encoding()
    let rates = try cases.rates()
    let recording = try cases.recording()
    let persistence = try await cases.persistence()
    // Last: it starts browser processes, which must not share the cores with the timed cases.
    let inspector = try cases.inspector()
    let results = BenchResults(
        baseline: baseline, floor: floor, p1: p1, p2: p2, p1Effect: p1Effect, p1Send: p1Send, p4: p4, p5: p5,
        p6: p6.samples, p6EventsPerDispatch: p6.eventsPerDispatch, p7: p7, p8: p8, effects: effects,
        composition: composition, modules: modules, styles: styles, observation: observation,
        subscriptions: subscriptions, encoding: encoding, rates: rates, recording: recording, persistence: persistence, inspector: inspector, config: config
    )
    print(json ? try results.json() : results.table(machine: machineDescription(quick: quick)))
} catch {
    FileHandle.standardError.write(Data("redux-bench: \(error)\n".utf8))
    exit(70)
}

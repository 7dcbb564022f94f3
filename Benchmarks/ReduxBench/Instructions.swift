import Foundation

/// `--instructions`: instructions per operation of the task-free cases, counted by valgrind's
/// callgrind tool, so a change in the dispatch path shows as a number that does not move with the
/// machine's load.
///
/// The bench runs itself once per case and per count, as a child under
/// `valgrind --tool=callgrind --callgrind-out-file=/dev/null`, with ``InstructionCount/caseKey``
/// naming the case and ``InstructionCount/countKey`` the number of operations. The child builds
/// the case, runs a fixed warm-up of ``InstructionCount/warmUp`` operations and one run of the
/// count, with the case's usual self-check, and exits (the observation cases use smaller counts
/// and warm-ups, ``InstructionCount/Case/counts``). Each case is counted at two counts,
/// `N1 < N2`; `(I(N2) - I(N1)) / (N2 - N1)` is the cost of one operation, the process's start,
/// the case's setup and the warm-up cancelling out. Callgrind counts every thread's instructions;
/// the children hash deterministically (`SWIFT_DETERMINISTIC_HASHING`), so the counts repeat
/// from run to run of the same build.
enum InstructionCount {
    static let caseKey = "REDUX_BENCH_INSTRUCTIONS_CASE"
    static let countKey = "REDUX_BENCH_INSTRUCTIONS_COUNT"
    /// The two operation counts, and the warm-up both children run first.
    static let smaller = 20_000
    static let larger = 40_000
    static let warmUp = 1_000

    /// The counted cases, each a task-free case of the timed report, run exactly as there.
    enum Case: String, CaseIterable {
        case baseline
        case floor
        case p1 = "P1"
        case p2 = "P2"
        case p1Effect = "P1-effect"
        case p1Send = "P1-send"
        case p4 = "P4"
        case p6 = "P6"
        case p12Scope = "P12-scope"
        case p12Optional = "P12-optional"
        case p12Collection = "P12-collection"
        case p4Scoped = "P4-scoped"
        case p12Slice = "P12-slice"
        case p12Scattered = "P12-scattered"
        case p1Command = "P1-command"
        case p1Waterfall = "P1-waterfall"
        case p1Behavior = "P1-behavior"
        case p1Domain = "P1-domain"
        case p3 = "P3"
        case p3b = "P3b"
        case p3bWhole = "P3b-whole"
        case sub10 = "SUB10"
        case sub10Floor = "SUB10-floor"
        case p3Rows = "P3-rows-1000"
        case p3Rows10 = "P3-rows-10"
        case p9None = "P9-none"
        case p9 = "P9"
        case p9Closure = "P9-closure"
        case p10Limit = "P10-limit"
        case p10Pressure = "P10-pressure"
        case p10Reflected = "P10-reflected"
        case p13 = "P13"
        case p13Big = "P13-big"
        case p13BigKeeping = "P13-big-keeping"

        /// What one operation is.
        var unit: String { self == .p1Send ? "instr/pair" : "instr/op" }

        /// The warm-up and the two operation counts: `smaller`, `larger` and `warmUp` for the
        /// dispatch cases; fewer for the observation cases, whose operations each register an
        /// observer again (P3's may register 1,000 on a store that fires them all).
        var counts: (warmUp: Int, smaller: Int, larger: Int) {
            switch self {
            case .p3: (10, 50, 100)
            case .p3b, .p3bWhole, .sub10, .sub10Floor, .p3Rows, .p3Rows10, .p9: (200, 2_000, 4_000)
            case .p9Closure: (20, 200, 400)
            case .p10Reflected: (100, 2_000, 4_000)
            // Each operation copies 8 MB; the warm-up fills the recorder's ring (maxAge 50).
            case .p13Big: (60, 50, 100)
            default: (InstructionCount.warmUp, InstructionCount.smaller, InstructionCount.larger)
            }
        }

        /// Runs the case once, as the timed report does, with `cases`' configuration.
        @MainActor
        func run(_ cases: BenchCases) throws {
            switch self {
            case .baseline: _ = try cases.baseline()
            case .floor: _ = try cases.floor()
            case .p1: _ = try cases.p1()
            case .p2: _ = try cases.p2()
            case .p1Effect: _ = try cases.p1Effect()
            case .p1Send: _ = try cases.p1Send()
            case .p4: _ = try cases.p4()
            case .p6: _ = try cases.p6()
            case .p12Scope: _ = try cases.scopedCase("P12-scope", .counter)
            case .p12Optional: _ = try cases.scopedCase("P12-optional", .optional)
            case .p12Collection: _ = try cases.scopedCase("P12-collection", .collection)
            case .p4Scoped: _ = try cases.scopedCase("P4-scoped", .array)
            case .p12Slice: _ = try cases.sliceCase()
            case .p12Scattered: _ = try cases.scatteredCase()
            case .p1Command: _ = try cases.counterStyleCase("P1-command", makeCounterCommandReducer())
            case .p1Waterfall: _ = try cases.counterStyleCase("P1-waterfall", makeCounterNodeReducer())
            case .p1Behavior: _ = try cases.counterStyleCase("P1-behavior", makeCounterBehaviorReducer())
            case .p1Domain: _ = try cases.counterStyleCase("P1-domain", makeCounterDomainReducer())
            case .p3: _ = try cases.p3()
            case .p3b: _ = try cases.p3b()
            case .p3bWhole: _ = try cases.p3bWhole()
            case .sub10: _ = try cases.sub10()
            case .sub10Floor: _ = try cases.sub10Floor()
            case .p3Rows: _ = try cases.rowScaleCase("P3-rows-1000", rowCount: 1_000)
            case .p3Rows10: _ = try cases.rowScaleCase("P3-rows-10", rowCount: 10)
            case .p9None: _ = try cases.p9None()
            case .p9: _ = try cases.p9(.keyPath)
            case .p9Closure: _ = try cases.p9(.closure)
            case .p10Limit: _ = try cases.p10Limit()
            case .p10Pressure: _ = try cases.p10Pressure()
            case .p10Reflected: _ = try cases.p10Reflected(fraction: 1)
            case .p13: _ = try cases.p13()
            case .p13Big: _ = try cases.p13Big()
            case .p13BigKeeping: _ = try cases.p13BigKeeping()
            }
        }
    }

    /// One case's count.
    struct Measured {
        let name: Case
        /// Instructions of the whole child at `smaller` and at `larger` operations.
        let atSmaller: Int
        let atLarger: Int

        var perOperation: Double {
            let counts = name.counts
            return Double(atLarger - atSmaller) / Double(counts.larger - counts.smaller)
        }
    }

    /// The child's side: runs the case named in the environment, if any. Returns the exit status
    /// (0, 64 for an unknown case or count, 70 for a failed self-check), or `nil` when this
    /// process is not a child.
    @MainActor
    static func runChildIfAsked() -> Int32? {
        let environment = ProcessInfo.processInfo.environment
        guard let name = environment[caseKey] else { return nil }
        guard let counted = Case(rawValue: name), let count = environment[countKey].flatMap({ Int($0) }), count > 0 else {
            FileHandle.standardError.write(Data("redux-bench: bad \(caseKey)/\(countKey): '\(name)', '\(environment[countKey] ?? "")'\n".utf8))
            return 64
        }
        let full = BenchConfig.full
        let warmUp = counted.counts.warmUp
        let config = BenchConfig(
            operations: count, warmUp: warmUp, runs: 1, threads: full.threads, perThread: full.perThread,
            memoryDispatches: full.memoryDispatches, arrayLength: full.arrayLength, burstActions: full.burstActions,
            effects: full.effects, observedOperations: count, observedWarmUp: warmUp, wideOperations: count,
            wideWarmUp: warmUp, observedMemoryRuns: full.observedMemoryRuns,
            copyingOperations: count, copyingWarmUp: warmUp
        )
        do {
            try counted.run(BenchCases(config: config))
            return 0
        } catch {
            FileHandle.standardError.write(Data("redux-bench: \(name): \(error)\n".utf8))
            return 70
        }
    }

    /// The parent's side: counts every case, prints the table (or JSON) and returns the exit
    /// status: 0, 69 when valgrind is missing, 70 when a child failed.
    static func report(json: Bool) -> Int32 {
        guard let valgrind = executableInPath("valgrind") else {
            FileHandle.standardError.write(Data("redux-bench: --instructions needs valgrind (callgrind), which is not on PATH; install it (Debian: apt-get install valgrind)\n".utf8))
            return 69
        }
        let bench = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var measured: [Measured] = []
        for counted in Case.allCases {
            do {
                let atSmaller = try instructions(valgrind: valgrind, bench: bench, counted, count: counted.counts.smaller)
                let atLarger = try instructions(valgrind: valgrind, bench: bench, counted, count: counted.counts.larger)
                measured.append(Measured(name: counted, atSmaller: atSmaller, atLarger: atLarger))
            } catch {
                FileHandle.standardError.write(Data("redux-bench: \(error)\n".utf8))
                return 70
            }
        }
        let rows = InstructionRows(measured)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            guard let data = try? encoder.encode(rows.rows) else { return 70 }
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(rows.table(valgrind: valgrind))
        }
        return 0
    }

    /// The total instruction count of one child: `bench` under callgrind, running `counted`
    /// for `count` operations.
    private static func instructions(valgrind: String, bench: String, _ counted: Case, count: Int) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", bench]
        var environment = ProcessInfo.processInfo.environment
        environment[caseKey] = counted.rawValue
        environment[countKey] = String(count)
        // Seeded hashing would make the two children's counts differ by chance.
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchFailure(description: "\(counted.rawValue) at \(count) operations under callgrind exited \(process.terminationStatus):\n\(output.split(separator: "\n").suffix(12).joined(separator: "\n"))")
        }
        guard let total = collected(in: output) else {
            throw BenchFailure(description: "\(counted.rawValue): no instruction count in callgrind's output:\n\(output.split(separator: "\n").suffix(12).joined(separator: "\n"))")
        }
        return total
    }

    /// The total from callgrind's summary: `Collected : N`, else `I   refs: N,NNN`.
    static func collected(in output: String) -> Int? {
        for marker in ["Collected :", "I   refs:"] {
            for line in output.split(separator: "\n") {
                guard let range = line.range(of: marker) else { continue }
                let digits = line[range.upperBound...].filter { $0.isNumber }
                if let total = Int(digits) { return total }
            }
        }
        return nil
    }

    /// The first executable file named `name` in the directories of `PATH`.
    private static func executableInPath(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// One line of the instructions report.
struct InstructionRow: Encodable {
    let name: String
    let instructionsPerOperation: Double
    let unit: String
    /// The comparison this row reports, e.g. "P1 / floor", and its value; `nil` for none.
    let comparison: String?
    let ratio: Double?
    /// Whether `ratio` is a count of instructions (P3's per field) rather than a ratio.
    let ratioIsInstructions: Bool
    /// The case's target on this comparison with its verdict, e.g. "<= 1.3x: MET"; `nil` for none.
    let target: String?
    let instructionsAtSmaller: Int
    let instructionsAtLarger: Int

    private enum CodingKeys: String, CodingKey {
        case name = "case"
        case instructionsPerOperation = "instructions_per_op"
        case unit
        case comparison
        case ratio
        case target
        case instructionsAtSmaller = "instructions_n1"
        case instructionsAtLarger = "instructions_n2"
    }

    /// Writes `null` (not an absent key) where there is no comparison.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(instructionsPerOperation, forKey: .instructionsPerOperation)
        try container.encode(unit, forKey: .unit)
        try container.encode(comparison, forKey: .comparison)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(target, forKey: .target)
        try container.encode(instructionsAtSmaller, forKey: .instructionsAtSmaller)
        try container.encode(instructionsAtLarger, forKey: .instructionsAtLarger)
    }
}

/// The counted cases with the ratios of the timed report's targets, in instructions.
struct InstructionRows {
    let rows: [InstructionRow]

    init(_ measured: [InstructionCount.Measured]) {
        var perOperation: [InstructionCount.Case: Double] = [:]
        for item in measured { perOperation[item.name] = item.perOperation }
        func of(_ counted: InstructionCount.Case) -> Double { perOperation[counted] ?? .nan }
        /// The comparison shown on each case's row.
        func comparison(_ counted: InstructionCount.Case) -> (String, Double)? {
            switch counted {
            case .baseline, .floor: nil
            case .p1: ("P1 / floor", of(.p1) / of(.floor))
            case .p2: ("(P2 - P1) / floor", (of(.p2) - of(.p1)) / of(.floor))
            case .p1Effect: ("P1-effect / P1", of(.p1Effect) / of(.p1))
            case .p1Send: ("P1-send per pair / P1-effect per action", of(.p1Send) / of(.p1Effect))
            case .p4: ("P4 / P1", of(.p4) / of(.p1))
            case .p6: ("P6 / P1", of(.p6) / of(.p1))
            case .p12Scope: ("P12-scope / P1", of(.p12Scope) / of(.p1))
            case .p12Optional: ("P12-optional / P1", of(.p12Optional) / of(.p1))
            case .p12Collection: ("P12-collection / P1", of(.p12Collection) / of(.p1))
            case .p4Scoped: ("P4-scoped / P12-scope", of(.p4Scoped) / of(.p12Scope))
            case .p12Slice: ("P12-slice / P12-scope", of(.p12Slice) / of(.p12Scope))
            case .p12Scattered: ("P12-scattered / P1", of(.p12Scattered) / of(.p1))
            case .p1Command: ("P1-command / P1", of(.p1Command) / of(.p1))
            case .p1Waterfall: ("P1-waterfall / P1", of(.p1Waterfall) / of(.p1))
            case .p1Behavior: ("P1-behavior / P1", of(.p1Behavior) / of(.p1))
            case .p1Domain: ("P1-domain / P1", of(.p1Domain) / of(.p1))
            case .p3: ("(P3 - P1) / 1,000: instructions per field", (of(.p3) - of(.p1)) / Double(WideState.memberCount))
            case .p3b: ("P3b / P4", of(.p3b) / of(.p4))
            case .p3bWhole: ("P3b-whole / P4", of(.p3bWhole) / of(.p4))
            case .sub10: ("SUB10 / SUB10-floor", of(.sub10) / of(.sub10Floor))
            case .sub10Floor: nil
            case .p3Rows: ("P3-rows-1000 / P3-rows-10", of(.p3Rows) / of(.p3Rows10))
            case .p3Rows10: nil
            case .p9None: ("P9-none / P1", of(.p9None) / of(.p1))
            case .p9: ("(P9 - P9-none) / 1,000: instructions per subscriber", (of(.p9) - of(.p9None)) / Double(WideState.memberCount))
            case .p9Closure: ("(P9-closure - P9-none) / 1,000: instructions per subscriber", (of(.p9Closure) - of(.p9None)) / Double(WideState.memberCount))
            case .p10Limit: ("P10-limit / P1", of(.p10Limit) / of(.p1))
            case .p10Pressure: ("P10-pressure / P1", of(.p10Pressure) / of(.p1))
            case .p10Reflected: ("P10-reflected / P1", of(.p10Reflected) / of(.p1))
            case .p13: ("P13 / P1", of(.p13) / of(.p1))
            case .p13Big: ("P13-big / P4", of(.p13Big) / of(.p4))
            case .p13BigKeeping: ("P13-big-keeping / P4", of(.p13BigKeeping) / of(.p4))
            }
        }
        /// The target judged on each case's comparison, if it has one.
        func target(_ counted: InstructionCount.Case, _ value: Double) -> String? {
            func judged(_ target: String, _ met: Bool) -> String { "\(target): \(met ? "MET" : "MISSED")" }
            return switch counted {
            case .p3: judged("<= 60 per field", value <= 60)
            case .p3b: judged("<= 1.5x P4 (no copy)", value <= 1.5)
            case .sub10: judged("<= 1.3x SUB10-floor", value <= 1.3)
            case .p3Rows: judged("<= 2x P3-rows-10", value <= 2)
            case .p9: judged("<= 60 per subscriber", value <= 60)
            case .p10Limit, .p10Pressure: judged("<= 3x P1", value <= 3)
            case .p13: judged("<= 5x P1", value <= 5)
            default: nil
            }
        }
        rows = measured.map { item in
            let compared = comparison(item.name)
            return InstructionRow(
                name: item.name.rawValue,
                instructionsPerOperation: item.perOperation,
                unit: item.name.unit,
                comparison: compared?.0,
                ratio: compared?.1,
                ratioIsInstructions: [.p3, .p9, .p9Closure].contains(item.name),
                target: compared.flatMap { target(item.name, $0.1) },
                instructionsAtSmaller: item.atSmaller,
                instructionsAtLarger: item.atLarger
            )
        }
    }

    /// The rows as an aligned text table.
    func table(valgrind: String) -> String {
        let header = ["case", "instructions", "unit", "ratio", "compared", "target"]
        let cells = rows.map { row in
            [
                row.name,
                fixed(row.instructionsPerOperation, 1),
                row.unit,
                row.ratio.map { row.ratioIsInstructions ? fixed($0, 1) : "\(fixed($0, 2))x" } ?? "-",
                row.comparison ?? "-",
                row.target ?? "-",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            values.indices.map { column in
                let value = values[column]
                let padding = String(repeating: " ", count: widths[column] - value.count)
                return column == 1 || column == 3 ? padding + value : value + padding
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var lines = [
            "redux-bench --instructions: \(valgrind) --tool=callgrind, instructions per operation = (I(\(grouped(Double(InstructionCount.larger)))) - I(\(grouped(Double(InstructionCount.smaller))))) / \(grouped(Double(InstructionCount.larger - InstructionCount.smaller))), each count one child process after \(grouped(Double(InstructionCount.warmUp))) warm-up operations; P3 at 50 and 100 after 10, P3b, P3b-whole, SUB10, SUB10-floor, P3-rows and P9 and P10-reflected at 2,000 and 4,000 after 200 (P10-reflected after 100), P9-closure at 200 and 400 after 20, P13-big at 50 and 100 after 60",
            "",
            line(header),
            line(widths.map { String(repeating: "-", count: $0) }),
        ]
        lines += cells.map(line)
        return lines.joined(separator: "\n")
    }
}

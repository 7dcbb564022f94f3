import Foundation

/// One line of the report.
struct ReportRow: Encodable {
    let name: String
    /// Nanoseconds per dispatch (per action for P5); `nil` where it does not apply (P7).
    let nanosecondsPerOperation: Double?
    /// `nanosecondsPerOperation` over the floor's; `nil` where it does not apply (P5, P7).
    let ratioToFloor: Double?
    let value: Double
    let unit: String
    /// Fastest and slowest run, in `unit` (table only).
    let spread: (minimum: Double, maximum: Double)?
    /// The target for this case and whether it was met (table only).
    let target: String

    private enum CodingKeys: String, CodingKey {
        case name = "case"
        case nanosecondsPerOperation = "ns_per_op"
        case ratioToFloor = "ratio_to_floor"
        case value
        case unit
    }

    /// Writes `null` (not an absent key) for the figures that do not apply.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(nanosecondsPerOperation, forKey: .nanosecondsPerOperation)
        try container.encode(ratioToFloor, forKey: .ratioToFloor)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
    }
}

/// Everything measured, turned into rows with their targets.
struct BenchResults {
    var baseline: Samples
    var floor: Samples
    var p1: Samples
    var p2: Samples
    var p1Effect: Samples
    var p1Send: Samples
    var p4: Samples
    var p5: Samples
    var p6: Samples
    var p6EventsPerDispatch: Double
    var p7: Samples?
    var p8: BurstResult
    var effects: EffectResults
    var composition: CompositionResults
    var modules: ModuleResults
    var styles: StyleResults
    var observation: ObservationResults
    var subscriptions: SubscriptionResults
    var encoding: EncodingResults
    var rates: RateResults
    var recording: RecordingResults
    var persistence: PersistenceResults
    var inspector: InspectorResults
    var config: BenchConfig

    var rows: [ReportRow] {
        let floorNanoseconds = floor.median
        func perDispatch(_ name: String, _ samples: Samples, target: String) -> ReportRow {
            ReportRow(
                name: name,
                nanosecondsPerOperation: samples.median,
                ratioToFloor: samples.median / floorNanoseconds,
                value: samples.median,
                unit: "ns/op",
                spread: (samples.minimum, samples.maximum),
                target: target
            )
        }
        let p1Nanoseconds = p1.median
        let p1Ratio = p1Nanoseconds / floorNanoseconds
        let p2Ratio = p2.median / p1Nanoseconds
        let p2Added = (p2.median - p1Nanoseconds) / floorNanoseconds
        let p4Ratio = p4.median / p1Nanoseconds
        let p5Rate = p5.median
        let p6Cost = p6.median - p1Nanoseconds
        let p1EffectCost = p1Effect.median - p1Nanoseconds
        let p1SendRatio = p1Send.median / p1Effect.median
        var rows = [
            perDispatch("baseline", baseline, target: "-"),
            perDispatch("floor", floor, target: "-"),
            perDispatch("P1", p1, target: verdict("<= 1.5x floor", met: p1Ratio <= 1.5, figure: "\(fixed(p1Ratio, 2))x")),
            perDispatch("P2", p2, target: verdict("P2 - P1 <= 1.4x floor", met: p2Added <= 1.4, figure: "+\(fixed(p2Added, 2))x floor (\(fixed(p2Ratio, 2))x P1)")),
            ReportRow(
                name: "P1-effect",
                nanosecondsPerOperation: p1Effect.median,
                ratioToFloor: p1Effect.median / floorNanoseconds,
                value: p1EffectCost,
                unit: "ns/op over P1",
                spread: (p1Effect.minimum - p1Nanoseconds, p1Effect.maximum - p1Nanoseconds),
                target: "reported: +\(fixed(p1EffectCost, 2)) ns/op over P1 (\(fixed(p1Effect.median / p1Nanoseconds, 2))x P1), effect reducer returning .none"
            ),
            ReportRow(
                name: "P1-send",
                nanosecondsPerOperation: p1Send.median,
                ratioToFloor: p1Send.median / floorNanoseconds,
                value: p1Send.median,
                unit: "ns/pair",
                spread: (p1Send.minimum, p1Send.maximum),
                target: verdict("<= 2.5x P1-effect", met: p1SendRatio <= 2.5, figure: "\(fixed(p1SendRatio, 2))x (one dispatch whose effect reducer returns .send, and the sent action, reduced in the same dispatch call)")
            ),
            perDispatch("P4", p4, target: verdict("<= 1.2x P1", met: p4Ratio <= 1.2, figure: "\(fixed(p4Ratio, 2))x")),
            ReportRow(
                name: "P5",
                nanosecondsPerOperation: 1e9 / p5Rate,
                ratioToFloor: nil,
                value: p5Rate,
                unit: "actions/s",
                spread: (p5.minimum, p5.maximum),
                target: verdict(">= 5,000,000 actions/s", met: p5Rate >= 5_000_000, figure: grouped(p5Rate))
            ),
            ReportRow(
                name: "P6",
                nanosecondsPerOperation: p6.median,
                ratioToFloor: p6.median / floorNanoseconds,
                value: p6Cost,
                unit: "ns/op over P1",
                spread: (p6.minimum - p1Nanoseconds, p6.maximum - p1Nanoseconds),
                target: "reported: +\(fixed(p6Cost, 1)) ns/op over P1, \(fixed(p6EventsPerDispatch, 1)) events/dispatch"
            ),
        ]
        let memoryNote = "\(grouped(Double(config.memoryDispatches))) dispatches"
        if let p7 {
            rows.append(ReportRow(
                name: "P7",
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: p7.median,
                unit: "bytes",
                spread: (p7.minimum, p7.maximum),
                target: verdict("< 1 MB", met: p7.median < 1_000_000, figure: "\(grouped(p7.median)) B over \(memoryNote)")
            ))
        } else {
            rows.append(ReportRow(
                name: "P7",
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: 0,
                unit: "bytes (resident size unavailable on this OS)",
                spread: nil,
                target: "not measured: resident size unavailable"
            ))
        }
        rows.append(ReportRow(
            name: "P8",
            nanosecondsPerOperation: p8.meanAppendNanoseconds,
            ratioToFloor: nil,
            value: p8.worstAppendNanoseconds / 1000,
            unit: "us worst append",
            spread: nil,
            target: "reported: \(grouped(Double(p8.count))) queued while the main actor was busy; mean append \(fixed(p8.meanAppendNanoseconds, 1)) ns, worst \(fixed(p8.worstAppendNanoseconds / 1000, 1)) us; resident while queued \(megabytes(p8.queuedHeapBytes)), after draining \(megabytes(p8.retainedHeapBytes)); drained in \(fixed(p8.drainSeconds, 2)) s"
        ))
        rows.append(ReportRow(
            name: "P8 mem",
            nanosecondsPerOperation: nil,
            ratioToFloor: nil,
            value: p8.retainedHeapBytes ?? 0,
            unit: "bytes retained",
            spread: nil,
            target: verdict("< 1 MB after draining", met: (p8.retainedHeapBytes ?? 0) < 1_000_000, figure: megabytes(p8.retainedHeapBytes))
        ))
        rows += effectRows
        rows += compositionRows(perDispatch: perDispatch)
        rows += moduleRows(perDispatch: perDispatch)
        rows += styleRows(perDispatch: perDispatch)
        rows += observationRows(perDispatch: perDispatch)
        rows += subscriptionRows(perDispatch: perDispatch)
        rows += Self.encodingRows(encoding)
        rows += Self.inspectorRows(inspector)
        rows += rateRows(perDispatch: perDispatch)
        rows += recordingRows(perDispatch: perDispatch)
        rows += persistenceRows()
        return rows
    }

    /// P12-scope, P12-optional, P12-collection and P4-scoped: three nested lifts.
    private func compositionRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let p1Nanoseconds = p1.median
        let scope = composition.scope.median
        let scopeRatio = scope / p1Nanoseconds
        let arrayRatio = composition.arrayScoped.median / scope
        return [
            perDispatch("P12-scope", composition.scope, verdict("<= 1.5x P1", met: scopeRatio <= 1.5, figure: "\(fixed(scopeRatio, 2))x P1 (+\(fixed(scope - p1Nanoseconds, 1)) ns; 3 nested stored-property lifts)")),
            perDispatch("P12-optional", composition.optional, "reported: \(fixed(composition.optional.median / p1Nanoseconds, 2))x P1 (the innermost lift an optional child)"),
            perDispatch("P12-collection", composition.collection, "reported: \(fixed(composition.collection.median / p1Nanoseconds, 2))x P1 (the innermost lift an element of a \(grouped(Double(scopeRowCount)))-row IdentifiedArray)"),
            perDispatch("P4-scoped", composition.arrayScoped, verdict("<= 1.2x P12-scope", met: arrayRatio <= 1.2, figure: "\(fixed(arrayRatio, 2))x (P4's 1,000,000-element write through 3 lifts)")),
        ]
    }

    /// P12-slice (against P12-scope) and P12-scattered (against P1): module maps.
    private func moduleRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let scope = composition.scope.median
        let slice = modules.slice.median
        let scattered = modules.scattered.median
        return [
            perDispatch("P12-slice", modules.slice, "reported: \(fixed(slice / scope, 2))x P12-scope (\(slice >= scope ? "+" : "")\(fixed(slice - scope, 1)) ns; the innermost of the 3 lifts a linear module map, each local action embedded through the map at dispatch)"),
            perDispatch("P12-scattered", modules.scattered, "reported: \(fixed(scattered / p1.median, 2))x P1 (+\(fixed(scattered - p1.median, 1)) ns; one lift through a scattered map: 3 bound fields in 3 structs read, compared and written back)"),
        ]
    }

    /// P4-, P4-…-small and P1- rows of the seed styles: Command, waterfall, Behavior, ReducerDomain.
    private func styleRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let p1Nanoseconds = p1.median
        let commandRatio = styles.commandLarge.median / styles.commandSmall.median
        let waterfallRatio = styles.waterfallLarge.median / styles.waterfallSmall.median
        let behaviorRatio = styles.behaviorLarge.median / styles.behaviorSmall.median
        let domainRatio = styles.domainLarge.median / styles.domainSmall.median
        return [
            perDispatch("P4-command", styles.commandLarge, verdict("<= 1.2x P4-command-small", met: commandRatio <= 1.2, figure: "\(fixed(commandRatio, 2))x (Command style, consuming state; buffer kept: checked)")),
            perDispatch("P4-command-small", styles.commandSmall, "reported: the same on a 10-element array"),
            perDispatch("P1-command", styles.commandP1, "reported: \(fixed(styles.commandP1.median / p1Nanoseconds, 2))x P1 (P1's work through a Command-style reducer)"),
            perDispatch("P4-waterfall", styles.waterfallLarge, verdict("<= 1.2x P4-waterfall-small", met: waterfallRatio <= 1.2, figure: "\(fixed(waterfallRatio, 2))x (waterfall style, mutating node; buffer kept: checked)")),
            perDispatch("P4-waterfall-small", styles.waterfallSmall, "reported: the same on a 10-element array"),
            perDispatch("P1-waterfall", styles.waterfallP1, "reported: \(fixed(styles.waterfallP1.median / p1Nanoseconds, 2))x P1 (P1's work through a self-reducing state)"),
            perDispatch("P4-behavior", styles.behaviorLarge, verdict("<= 1.2x P4-behavior-small", met: behaviorRatio <= 1.2, figure: "\(fixed(behaviorRatio, 2))x (Behavior style, inout reduce part; buffer kept: checked)")),
            perDispatch("P4-behavior-small", styles.behaviorSmall, "reported: the same on a 10-element array"),
            perDispatch("P1-behavior", styles.behaviorP1, "reported: \(fixed(styles.behaviorP1.median / p1Nanoseconds, 2))x P1 (P1's work through a Behavior's handle and reduce part)"),
            perDispatch("P4-domain", styles.domainLarge, verdict("<= 1.2x P4-domain-small", met: domainRatio <= 1.2, figure: "\(fixed(domainRatio, 2))x (ReducerDomain body, inout reducer; buffer kept: checked)")),
            perDispatch("P4-domain-small", styles.domainSmall, "reported: the same on a 10-element array"),
            perDispatch("P1-domain", styles.domainP1, "reported: \(fixed(styles.domainP1.median / p1Nanoseconds, 2))x P1 (P1's work through a ReducerDomain body)"),
        ]
    }

    /// P9-none, P9, P9-closure and their figures per subscriber. The target of P9's is judged
    /// on instructions (`--instructions`); the timings are reported beside.
    private func subscriptionRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let none = subscriptions.none
        func told(_ selected: ObservedSamples) -> String {
            "\(fixed(selected.firedPerOperation, 2)) subscribers told per dispatch (exact: 1)"
        }
        func perSubscriber(_ name: String, of caseName: String, _ selected: ObservedSamples, _ target: String) -> ReportRow {
            let count = Double(WideState.memberCount)
            let value = subscriptions.perSubscriber(selected)
            return ReportRow(
                name: name,
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: value,
                unit: "ns/subscriber",
                spread: ((selected.samples.minimum - none.median) / count, (selected.samples.maximum - none.median) / count),
                target: "\(target); timing reported: (\(caseName) - P9-none) / 1,000 = \(fixed(value, 2)) ns"
            )
        }
        return [
            perDispatch("P9-none", none, "reported: \(fixed(none.median / p1.median, 2))x P1; P3's 1,000-member state, one member changed per dispatch, no subscriber"),
            perDispatch("P9", subscriptions.keyPath.samples, "reported: 1,000 select subscriptions by key path, one per member; \(told(subscriptions.keyPath))"),
            perSubscriber("P9-per-subscriber", of: "P9", subscriptions.keyPath, "<= 60 instructions per subscriber, judged by --instructions"),
            perDispatch("P9-closure", subscriptions.closure.samples, "reported: the same with closure selectors ({ $0.f<i> }, compared by ==); \(told(subscriptions.closure))"),
            perSubscriber("P9-closure-per-subscriber", of: "P9-closure", subscriptions.closure, "reported"),
        ]
    }

    /// P3, P3-per-field, P3b, P3b-whole, SUB10, SUB10-floor and P7-observed. The targets of
    /// P3-per-field, P3b and SUB10 are judged on instructions (`--instructions`); the timings
    /// are reported beside.
    private func observationRows(perDispatch: (String, Samples, String) -> ReportRow) -> [ReportRow] {
        let p1Nanoseconds = p1.median
        let p3 = observation.p3.samples
        let perField = (p3.median - p1Nanoseconds) / Double(WideState.memberCount)
        let p3bRatio = observation.p3b.samples.median / p4.median
        let sub10Ratio = observation.sub10.samples.median / observation.sub10Floor.samples.median
        func fires(_ observed: ObservedSamples) -> String {
            "\(fixed(observed.firedPerOperation, 2)) observers fired per dispatch"
        }
        var rows = [
            perDispatch("P3", p3, "reported: 1,000 observers, one per member of a 1,000-member state; one member changed per dispatch; \(fires(observation.p3)) (exact: 1)"),
            ReportRow(
                name: "P3-per-field",
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: perField,
                unit: "ns/field",
                spread: ((p3.minimum - p1Nanoseconds) / Double(WideState.memberCount), (p3.maximum - p1Nanoseconds) / Double(WideState.memberCount)),
                target: "<= 60 instructions per field, judged by --instructions; timing reported: (P3 - P1) / 1,000 = \(fixed(perField, 2)) ns (about 15 ns expected)"
            ),
            perDispatch("P3b", observation.p3b.samples, "<= 1.5x P4 in instructions, judged by --instructions; timing reported: \(fixed(p3bRatio, 2))x P4; one observer on row 0 (element slice) of 1,000,000 rows, other rows written; \(fires(observation.p3b)) (exact: 0); no copy: checked (buffer kept; one copy takes \(fixed(observation.rowsCopyNanoseconds / 1000, 1)) us)"),
            perDispatch("P3b-whole", observation.p3bWhole.samples, "reported: \(fixed(observation.p3bWhole.samples.median / p4.median, 2))x P4; P3b's writes with the whole array read after each dispatch (untracked); no copy: checked"),
            perDispatch("SUB10", observation.sub10.samples, "<= 1.3x SUB10-floor in instructions, judged by --instructions; timing reported: \(fixed(sub10Ratio, 2))x SUB10-floor; 10 observers, one field changed per dispatch, the fired one registered again; \(fires(observation.sub10)) (exact: 1)"),
            perDispatch("SUB10-floor", observation.sub10Floor.samples, "reported: the same on an @Observable class with 10 stored properties; \(fires(observation.sub10Floor))"),
        ]
        let memoryNote = "\(grouped(Double(config.memoryDispatches))) dispatches, 10 observers, \(fixed(observation.p7ObservedFiredPerOperation, 2)) fired per dispatch"
        if let growth = observation.p7Observed {
            rows.append(ReportRow(
                name: "P7-observed",
                nanosecondsPerOperation: nil,
                ratioToFloor: nil,
                value: growth.median,
                unit: "bytes",
                spread: (growth.minimum, growth.maximum),
                target: verdict("< 1 MB", met: growth.median < 1_000_000, figure: "\(grouped(growth.median)) B over \(memoryNote) (median of \(growth.values.count) runs)")
            ))
        } else {
            rows.append(ReportRow(
                name: "P7-observed", nanosecondsPerOperation: nil, ratioToFloor: nil, value: 0,
                unit: "bytes (resident size unavailable on this OS)", spread: nil,
                target: "not measured: resident size unavailable"
            ))
        }
        return rows
    }

    /// P8-run, P8-naive-pool, P8-naive-main, P8-task-floor and P8-cancel, in microseconds per
    /// effect (per task).
    private var effectRows: [ReportRow] {
        func perEffect(_ name: String, _ samples: Samples, unit: String, target: String) -> ReportRow {
            ReportRow(
                name: name,
                nanosecondsPerOperation: samples.median * 1000,
                ratioToFloor: nil,
                value: samples.median,
                unit: unit,
                spread: (samples.minimum, samples.maximum),
                target: target
            )
        }
        let run = effects.run.median
        let poolRatio = run / effects.naivePool.median
        let mainRatio = run / effects.naiveMain.median
        let floorRatio = run / effects.taskFloor.median
        let count = grouped(Double(effects.count))
        return [
            perEffect("P8-run", effects.run, unit: "us/effect", target: verdict(
                "<= 1.0x P8-naive-pool", met: poolRatio <= 1.0,
                figure: "\(fixed(poolRatio, 2))x (\(count) dispatches, each starting one .run that sends one action back, until all are reduced; of which the dispatch loop, which also reduces the actions sent back meanwhile, \(fixed(effects.runStart.median, 2)) us/effect)"
            )),
            perEffect("P8-run vs naive-main", effects.run, unit: "us/effect", target: "reported: goal <= 1.3x P8-naive-main: \(fixed(mainRatio, 2))x"),
            perEffect("P8-run vs task-floor", effects.run, unit: "us/effect", target: verdict(
                "<= 1.5x P8-task-floor", met: floorRatio <= 1.5, figure: "\(fixed(floorRatio, 2))x"
            )),
            perEffect("P8-naive-pool", effects.naivePool, unit: "us/effect", target: "hand-rolled P8-run: a middleware starts, per .start, one Task created off any actor that awaits MainActor.run { dispatch(.done) }; plain reducer"),
            perEffect("P8-naive-main", effects.naiveMain, unit: "us/effect", target: "reported: the same with Task { @MainActor in dispatch(.done) } (never leaves the main thread)"),
            perEffect("P8-task-floor", effects.taskFloor, unit: "us/task", target: "floor of P8-run: \(count) bare Task { } created, then awaited"),
            perEffect("P8-cancel", effects.cancel, unit: "us/effect", target: "reported: \(count) effects sleeping on the store clock, from the store's release until each caught its cancellation"),
            memoryRow,
        ]
    }

    /// P8-memory: the store's bookkeeping after every P8-run run, and the resident-size growth
    /// over `memoryRuns` P8-run runs after an untimed one, in MB.
    private var memoryRow: ReportRow {
        let target = "bookkeeping empty after every run; RSS growth <= 1 MB after \(effects.memoryRuns) runs (after malloc_trim)"
        let bookkeeping = "bookkeeping \(grouped(Double(effects.worstBookkeeping))) (largest total over \(effects.bookkeepingRuns) P8-run runs of \(grouped(Double(effects.count))) effects)"
        guard let growth = effects.residentGrowth else {
            return ReportRow(
                name: "P8-memory", nanosecondsPerOperation: nil, ratioToFloor: nil, value: 0,
                unit: "MB (resident size unavailable on this OS)", spread: nil,
                target: "not measured: resident size unavailable; \(bookkeeping)"
            )
        }
        let megabytes = Double(growth) / 1_048_576
        return ReportRow(
            name: "P8-memory", nanosecondsPerOperation: nil, ratioToFloor: nil, value: megabytes,
            unit: "MB", spread: nil,
            target: verdict(
                target, met: effects.worstBookkeeping == 0 && megabytes <= 1.0,
                figure: "\(megabytes >= 0 ? "+" : "")\(fixed(megabytes, 2)) MB, \(bookkeeping)"
            )
        )
    }

    /// The report as a JSON array.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(rows), as: UTF8.self)
    }

    /// The report as an aligned text table.
    func table(machine: String) -> String {
        let header = ["case", "ns/op", "x floor", "value", "unit", "runs min..max", "target"]
        let cells = rows.map { row in
            [
                row.name,
                row.nanosecondsPerOperation.map { fixed($0, 2) } ?? "-",
                row.ratioToFloor.map { fixed($0, 2) } ?? "-",
                row.unit == "ns/op" || row.unit == "ns/pair" || row.unit.hasPrefix("ns/op over") || row.unit.hasPrefix("us/") || row.unit == "MB" || row.unit == "ns/field" || row.unit == "ns/subscriber" || row.unit == "MB/s" || row.unit == "ms/save" || row.unit == "ms/page" || row.unit.hasPrefix("s/load") ? fixed(row.value, 2) : grouped(row.value),
                row.unit,
                row.spread.map { spread in
                    row.unit == "actions/s" || row.unit == "bytes"
                        ? "\(grouped(spread.minimum))..\(grouped(spread.maximum))"
                        : "\(fixed(spread.minimum, 2))..\(fixed(spread.maximum, 2))"
                } ?? "-",
                row.target,
            ]
        }
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max() ?? 0
        }
        func line(_ values: [String]) -> String {
            values.indices.map { column in
                let value = values[column]
                let padding = String(repeating: " ", count: widths[column] - value.count)
                return column == 0 || column >= 4 ? value + padding : padding + value
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        var lines = [
            "redux-bench: \(machine)",
            "per run: \(grouped(Double(config.operations))) dispatches (P5: \(config.threads) threads x \(grouped(Double(config.perThread))); P7: \(grouped(Double(config.memoryDispatches))); P8: one burst of \(grouped(Double(config.burstActions))); P8-run, P8-naive-pool, P8-naive-main, P8-task-floor, P8-cancel: \(grouped(Double(config.effects))) effects; P3: \(grouped(Double(config.wideOperations))); SUB10, SUB10-floor, P3b, P3b-whole: \(grouped(Double(config.observedOperations))); P7-observed: \(config.observedMemoryRuns) runs; P9, P9-closure: \(grouped(Double(config.wideOperations))); P14-encode: \(grouped(Double(encoding.appEncodes))) app-state and \(encoding.rowsEncodes) 10,000-row encodes; P10-reflected: \(grouped(Double(config.operations / 10))) dispatches; P13-big: \(grouped(Double(recording.bigOperations))); P11-save: \(persistence.saveRuns) saves; P14-inspect: one \(grouped(Double(inspector.entryCount)))-entry recording, \(inspector.html.values.count) renders\(browserLoadsNote)); median of \(config.runs) runs after a warm-up",
            "",
            line(header),
            line(widths.map { String(repeating: "-", count: $0) }),
        ]
        lines += cells.map(line)
        return lines.joined(separator: "\n")
    }
}

extension BenchResults {
    /// P14-inspect's browser loads per run, for the table's header.
    fileprivate var browserLoadsNote: String {
        guard case .measured(_, let page, _) = inspector.browser else { return ", no browser" }
        return ", \(page.values.count) browser loads of the page and of a blank page"
    }
}

private func megabytes(_ bytes: Double?) -> String {
    guard let bytes else { return "n/a" }
    return "\(fixed(bytes / 1_048_576, 1)) MB"
}

private func verdict(_ target: String, met: Bool, figure: String) -> String {
    "\(target): \(figure) \(met ? "MET" : "MISSED")"
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = Int(rounded / scale)
    let fraction = Int(rounded) - whole * Int(scale)
    let sign = value < 0 && rounded != 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    let fractionText = String(fraction)
    return "\(sign)\(whole).\(String(repeating: "0", count: digits - fractionText.count))\(fractionText)"
}

/// `value` rounded to an integer, with thousands separators.
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let rounded = Int(value.rounded())
    let digits = String(rounded.magnitude)
    var result = ""
    for (offset, character) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return rounded < 0 ? "-" + result : result
}

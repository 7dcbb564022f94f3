import Redux

/// The adapter between the library's public log and outcome types and the fuzzer's vocabulary:
/// the only file that would change when those types change.
///
/// `LogEvent.Kind` is switched over with a `default:` branch (its hidden case demands one, so a new
/// kind compiles); every payload enum that may grow (`DispatchOutcome`, `LoggedExit`, `Recovery`,
/// `EffectErrorResolution`, `ErrorOrigin`) is read through its `String(describing:)` text form, so
/// the fuzzer builds against a tree without `refused`/`dropped` and works once they exist. A kind
/// it does not know is reported by the checks, never silently dropped; any kind whose text says
/// "refused" is the new `.refused(reason, site)` event.
enum FuzzText {
    static func kind(_ kind: LogEvent<FuzzAction>.Kind) -> FKind {
        switch kind {
        case .enqueued(let site): return .enqueued(mainActor: site.onMainActor)
        case let .middleware(step, exit): return .middleware(step.position, self.exit(exit))
        case let .resumed(step, exit): return .resumed(step.position, self.exit(exit))
        case let .resolver(step, exit): return .resolver(step.position, self.exit(exit))
        case let .reducer(step, exit): return .reducer(step.position, exit)
        case .terminal(let outcome): return .terminal(self.outcome(outcome))
        case .effectStarted(let origin): return .effectStarted(self.origin(origin))
        case let .effectFailed(origin, error): return .effectFailed(self.origin(origin), errorID: (error as? FuzzError)?.id ?? -1)
        case .effectErrorResolved(let resolution): return .effectResolved(self.resolution(resolution))
        case .queueHighWaterMark: return .highWater
        default:
            let text = String(describing: kind)
            if text.lowercased().contains("refused") { return .refused(refusal(text)) }
            return .unknown(text)
        }
    }

    static func outcome(_ outcome: DispatchOutcome<FuzzAction>) -> FOutcome {
        Self.outcome(text: String(describing: outcome))
    }

    static func outcome(text: String) -> FOutcome {
        switch text {
        case "reduced": return .reduced
        case "consumed": return .consumed
        case "unhandled": return .unhandled
        case "cancelled": return .cancelled
        default: break
        }
        if text.hasPrefix("refused") { return .refused(refusal(text)) }
        guard let (name, argument) = call(text) else { return .unparsed(text) }
        switch name {
        case "failed":
            if let id = number(argument, prefix: "e") { return .failed(id) }
        case "recovered":
            guard let split = argument.range(of: ", reduced: ", options: .backwards) else { break }
            let reduced = argument[split.upperBound...]
            guard reduced == "true" || reduced == "false" else { break }
            let recovery = String(argument[..<split.lowerBound])
            if recovery == "reduce" { return .recovered(.reduce, reduced: reduced == "true") }
            if recovery == "done" { return .recovered(.done, reduced: reduced == "true") }
            if let (inner, action) = call(recovery), inner == "reduceAs", let id = number(action, prefix: "a") {
                return .recovered(.reduceAs(id), reduced: reduced == "true")
            }
        default: break
        }
        return .unparsed(text)
    }

    static func exit(_ exit: LoggedExit<FuzzAction>) -> FExit {
        let text = String(describing: exit)
        switch text {
        case "next": return .next
        case "defaultNext": return .defaultNext
        case "reduce": return .reduce
        case "done": return .done
        case "task": return .task
        case "deferred": return .deferred
        default: break
        }
        guard let (name, argument) = call(text) else { return .unparsed(text) }
        switch name {
        case "nextAs": if let id = number(argument, prefix: "a") { return .nextAs(id) }
        case "reduceAs": if let id = number(argument, prefix: "a") { return .reduceAs(id) }
        case "resolve": if let id = number(argument, prefix: "e") { return .resolve(id) }
        case "fail": if let id = number(argument, prefix: "e") { return .fail(id) }
        default: break
        }
        return .unparsed(text)
    }

    static func resolution(_ resolution: EffectErrorResolution<FuzzAction>) -> FResolution {
        let text = String(describing: resolution)
        switch text {
        case "done": return .done
        case "ignoredReduce": return .ignoredReduce
        default: break
        }
        if text.hasPrefix("dropped") { return .dropped }
        guard let (name, argument) = call(text) else { return .unparsed(text) }
        if name == "enqueued", let id = number(argument, prefix: "a") { return .enqueued(id) }
        if name == "failed", let id = number(argument, prefix: "e") { return .failed(id) }
        return .unparsed(text)
    }

    /// `middleware m1#1`, `effect of middleware m1#1` or `effect of reducer r0#0`.
    static func origin(_ origin: ErrorOrigin) -> FOrigin {
        let text = String(describing: origin)
        guard let hash = text.lastIndex(of: "#"), let position = Int(text[text.index(after: hash)...]) else {
            return .unparsed(text)
        }
        if text.hasPrefix("effect of reducer ") { return .reducer(position) }
        return text.contains("effect") ? .effect(position) : .middleware(position)
    }

    static func refusal(_ text: String) -> FRefusal {
        let lowered = text.lowercased()
        if lowered.contains("released") { return .storeReleased }
        if lowered.contains("invalidated") { return .invalidated }
        return .unknown
    }

    /// `name(argument)` split in two, the argument possibly holding parentheses itself.
    private static func call(_ text: String) -> (String, String)? {
        guard text.hasSuffix(")"), let open = text.firstIndex(of: "(") else { return nil }
        let name = String(text[..<open])
        let argument = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        return (name, argument)
    }

    /// `a12` → 12 with prefix `a`.
    private static func number(_ text: String, prefix: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        return Int(text.dropFirst(prefix.count))
    }
}

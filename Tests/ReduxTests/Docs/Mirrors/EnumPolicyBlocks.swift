// Sources/Redux/Redux.docc/EnumPolicy.md's Swift block, verbatim (DocBlocksCompiledTests keeps it
// so; DocExamplesTests runs it).
import Redux

func summary<Action: Sendable>(of outcome: DispatchOutcome<Action>) -> String {
    switch outcome {
    case .reduced: "reduced"
    case .failed(let error): "failed: \(error)"
    default: "other"    // also every outcome added later
    }
}

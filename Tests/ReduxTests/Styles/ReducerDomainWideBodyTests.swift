import Testing
import Redux

/// A ReducerDomain body of 30 children (issue 9): plain reducers of three shapes, an `if`, an
/// `if let`, a `for`, a `switch` and a nested domain; it builds, and its 30 reducers run in
/// declaration order. (Scripts/check-builder-typecheck.sh measures how its type-check time grows.)
struct WideTrail: Equatable, Sendable {
    var ran: [Int] = []
}

enum WideAction: Equatable, Sendable {
    case go
}

enum WideMode: Sendable { case short, long }

struct WidePair: ReducerDomain {
    var first: Int
    var body: [Reducer<WideTrail, WideAction>] {
        Reducer(id: "w\(first)") { state, _ in state.ran.append(first); return .next }
        Reducer(id: "w\(first + 1)") { state, _ in state.ran.append(first + 1); return .next }
    }
}

struct WideDomain: ReducerDomain {
    var flag = true
    var label: String? = "x"
    var ids = [12, 13, 14]
    var mode = WideMode.long

    var body: [Reducer<WideTrail, WideAction>] {
        Reducer(id: "w0") { state, _ in state.ran.append(0); return .next }
        Reducer(id: "w1", handlingAll: { state, _ in state.ran.append(1) })
        Reducer(id: "w2", reduction: { state, _ in state.ran.append(2); return .next() })
        Reducer(id: "w3") { state, _ in state.ran.append(3); return .next }
        Reducer(id: "w4", handlingAll: { state, _ in state.ran.append(4) })
        Reducer(id: "w5", reduction: { state, _ in state.ran.append(5); return .next() })
        Reducer(id: "w6") { state, _ in state.ran.append(6); return .next }
        Reducer(id: "w7", handlingAll: { state, _ in state.ran.append(7) })
        Reducer(id: "w8") { state, _ in state.ran.append(8); return .next }
        Reducer(id: "w9") { state, _ in state.ran.append(9); return .next }
        if flag {
            Reducer(id: "w10") { state, _ in state.ran.append(10); return .next }
        }
        if let label {
            Reducer(id: "w11 \(label)") { state, _ in state.ran.append(11); return .next }
        }
        for id in ids {
            Reducer(id: "w\(id)") { state, _ in state.ran.append(id); return .next }
        }
        switch mode {
        case .short:
            Reducer(id: "w15") { state, _ in state.ran.append(-1); return .next }
        case .long:
            Reducer(id: "w15") { state, _ in state.ran.append(15); return .next }
            Reducer(id: "w16") { state, _ in state.ran.append(16); return .next }
        }
        Reducer(id: "w17", handlingAll: { state, _ in state.ran.append(17) })
        Reducer(id: "w18") { state, _ in state.ran.append(18); return .next }
        Reducer(id: "w19", reduction: { state, _ in state.ran.append(19); return .next() })
        WidePair(first: 20)
        Reducer(id: "w22") { state, _ in state.ran.append(22); return .next }
        Reducer(id: "w23", handlingAll: { state, _ in state.ran.append(23) })
        Reducer(id: "w24") { state, _ in state.ran.append(24); return .next }
        Reducer(id: "w25", reduction: { state, _ in state.ran.append(25); return .next() })
        Reducer(id: "w26") { state, _ in state.ran.append(26); return .next }
        Reducer(id: "w27", handlingAll: { state, _ in state.ran.append(27) })
        Reducer(id: "w28") { state, _ in state.ran.append(28); return .next }
        Reducer(id: "w29") { state, _ in state.ran.append(29); return .next }
    }
}

@MainActor
@Suite struct ReducerDomainWideBodyTests {
    @Test func aBodyOfThirtyChildrenBuildsAndRunsInDeclarationOrder() {
        let domain = WideDomain()
        #expect(domain.reducers.count == 30)
        let store = Store(initialState: WideTrail(), domain: domain)
        store.dispatch(.go)
        #expect(store.ran == Array(0..<30))
    }
}

import Redux
struct AmbS: Sendable { var n = 0 }
enum AmbA: Sendable { case a, b }
let amb_r1 = Reducer<AmbS, AmbA>(id: "x") { state, action in
    state.n += 1
    return .none
}
let amb_r2 = Reducer<AmbS, AmbA>(id: "y") { state, action in
    switch action {
    case .a: state.n += 1; return .run { send in send(.b) }
    case .b: return .none
    }
}
let amb_r3 = Reducer<AmbS, AmbA>(id: "z") { state, action in .next }
let amb_r4 = Reducer<AmbS, AmbA>(id: "w") { state, action in .send(.b) }

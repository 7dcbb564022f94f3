import Testing

@testable import ReduxMacroImplementations

/// The generated `actionIdentity`: one branch per case, shaped after the case's associated values.
extension ReduxActionMacroTests {
    /// The expanded `actionIdentity` member of `source`'s enum, from its first line to its
    /// closing brace.
    private func identityMember(of source: String) -> String {
        let expanded = expand(source).source
        guard let start = expanded.range(of: "    var actionIdentity"),
              let end = expanded.range(of: "\n    }\n", range: start.upperBound..<expanded.endIndex)
        else { return expanded }
        return String(expanded[start.lowerBound..<end.upperBound])
    }

    @Test func severalValuesAreAllPassedSoTheLastContributingOneNamesTheCase() {
        #expect(identityMember(of: """
            @ReduxAction
            enum A {
                case element(id: Int, action: RowAction)
                case move(Int, Int, String)
            }
            """) == """
                var actionIdentity: ActionIdentity {
                    switch self {
                    case .element(let payload0, let payload1):
                        ActionIdentity(case: "element", payloads: payload0, payload1)
                    case .move(let payload0, let payload1, let payload2):
                        ActionIdentity(case: "move", payloads: payload0, payload1, payload2)
                    }
                }

            """)
    }

    @Test func aSingleUnlabeledValueWrittenAsATupleIsPassedAsItsElements() {
        #expect(identityMember(of: """
            @ReduxAction
            enum A {
                case pair((Int, Mode))
                case named((id: Int, mode: Mode))
                case wrapped(((Int, Mode, String)))
                case underscored(_ pair: (Int, Mode))
            }
            """) == """
                var actionIdentity: ActionIdentity {
                    switch self {
                    case .pair(let payload):
                        ActionIdentity(case: "pair", payloads: payload.0, payload.1)
                    case .named(let payload):
                        ActionIdentity(case: "named", payloads: payload.0, payload.1)
                    case .wrapped(let payload):
                        ActionIdentity(case: "wrapped", payloads: payload.0, payload.1, payload.2)
                    case .underscored(let payload):
                        ActionIdentity(case: "underscored", payloads: payload.0, payload.1)
                    }
                }

            """)
    }

    @Test func aSingleUnlabeledValueOfAnotherTypeIsPassedWhole() {
        #expect(identityMember(of: """
            @ReduxAction
            enum A {
                case counter(CounterAction)
                case pair(Pair)
                case optional(Mode?)
                case empty(())
            }
            """) == """
                var actionIdentity: ActionIdentity {
                    switch self {
                    case .counter(let payload):
                        ActionIdentity(case: "counter", payload: payload)
                    case .pair(let payload):
                        ActionIdentity(case: "pair", payload: payload)
                    case .optional(let payload):
                        ActionIdentity(case: "optional", payload: payload)
                    case .empty(let payload):
                        ActionIdentity(case: "empty", payload: payload)
                    }
                }

            """)
    }

    @Test func aSingleLabeledValueIsPassedAsOneOfSeveralEvenWhenATuple() {
        #expect(identityMember(of: """
            @ReduxAction
            enum A {
                case select(id: Int)
                case pick(pair: (Int, Mode))
                case `default`
            }
            """) == """
                var actionIdentity: ActionIdentity {
                    switch self {
                    case .select(let payload):
                        ActionIdentity(case: "select", payloads: payload)
                    case .pick(let payload):
                        ActionIdentity(case: "pick", payloads: payload)
                    case .`default`:
                        "default"
                    }
                }

            """)
    }
}

import Redux
import Testing

/// The State Frames article's examples do what their comments say.
@Suite("State frames article examples", .timeLimit(.minutes(5)))
@MainActor
struct StateFramesDocExamplesTests {
    typealias Blocks = StateFramesBlocks

    func makeStore() -> Store<Blocks.Counter, Blocks.CounterAction> {
        Store(initialState: Blocks.Counter()) { state, action in
            switch action {
            case .add(let amount): state.total += amount
            case .annotate(let note): state.note = note
            }
        }
    }

    @Test func theOneShotExampleAnswersTheTotalItsActionLeft() async {
        #expect(await Blocks().totalAfterAdding(makeStore()) == #"{"total":2}"#)
    }

    @Test func theTicketExampleAnswersTheTotalItsActionLeft() async throws {
        let ticket = Blocks().ticketForTotal(makeStore())
        #expect(try await ticket.result.get().text == #"{"total":2}"#)
    }

    @Test func theStreamExampleReadsOneThenTwoAndFinishes() async throws {
        #expect(try await Blocks().firstTwoTotals(makeStore()) == [1, 2])
    }
}

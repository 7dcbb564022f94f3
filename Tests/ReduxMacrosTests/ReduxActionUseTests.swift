import ReduxMacros
import Testing

@ReduxAction
enum UseRowAction: Sendable, Equatable {
    case save
    case rename(String)
}

@ReduxAction
enum UseCounterAction: Sendable, Equatable {
    case increment
    case x
}

@ReduxAction
enum UseAppAction: Sendable, Equatable {
    case increment
    case counter(UseCounterAction)
    case rows(ElementAction<Int, UseRowAction>)
    case select(id: Int)
    case move(from: Int, to: Int)
    case `default`(Int)
}

@ReduxAction
public enum UsePublicAction: Sendable, Equatable {
    case tick
    case count(Int)
    case pair(Int, String)
}

@ReduxAction
enum UseWrapper<Payload: Sendable>: Sendable {
    case value(Payload)
    case none
}

@ReduxAction
enum UseNoAction {}

@ReduxAction
enum UseHandWritten: Sendable {
    case counter(UseCounterAction)
    case label(String)

    var actionIdentity: ActionIdentity { "custom" }
    var label: Int { 7 }
}

struct ReduxActionUseTests {
    @Test func theIdentityOfANestedConformingPayloadEqualsTheReflectedOne() {
        let action = UseAppAction.rows(.element(id: 3, action: .save))
        #expect(action.actionIdentity == "rows.element.save")
        #expect(action.actionIdentity == ActionIdentity(reflecting: action))
        let counter = UseAppAction.counter(.increment)
        #expect(counter.actionIdentity == "counter.increment")
        #expect(counter.actionIdentity == ActionIdentity(reflecting: counter))
        #expect(UseAppAction.increment.actionIdentity == ActionIdentity(reflecting: UseAppAction.increment))
    }

    @Test func aPayloadThatIsNotAnActionAddsNothingToTheIdentity() {
        #expect(UseAppAction.select(id: 4).actionIdentity == "select")
        #expect(UseAppAction.move(from: 1, to: 2).actionIdentity == "move")
        #expect(UseAppAction.default(1).actionIdentity == "default")
    }

    @Test func extractorsReturnThePayloadOrNil() {
        #expect(UseAppAction.counter(.x).counter == .x)
        #expect(UseAppAction.increment.counter == nil)
        #expect(UseAppAction.select(id: 5).select == 5)
        #expect(UseAppAction.counter(.x).select == nil)
        let move = UseAppAction.move(from: 1, to: 2).move
        #expect(move?.from == 1 && move?.to == 2)
        #expect(UseAppAction.increment.move == nil)
        #expect(UseAppAction.default(9).default == 9)
    }

    @Test func embeddingsEmbedAndExtractTheirCase() {
        #expect(UseAppAction.embeddings.counter.embed(.x) == .counter(.x))
        #expect(UseAppAction.embeddings.counter.extract(.counter(.increment)) == .increment)
        #expect(UseAppAction.embeddings.counter.extract(.increment) == nil)
        #expect(UseAppAction.embeddings.select.embed(3) == .select(id: 3))
        #expect(Embedding(\UseAppAction.Embeddings.rows).extract(.rows(.element(id: 1, action: .save))) == .element(id: 1, action: .save))
    }

    @Test func aPublicEnumsMembersAreUsable() {
        #expect(UsePublicAction.count(2).count == 2)
        #expect(UsePublicAction.pair(1, "a").pair?.1 == "a")
        #expect(UsePublicAction.tick.actionIdentity == "tick")
        #expect(UsePublicAction.embeddings.count.embed(4) == .count(4))
    }

    @Test func aGenericEnumEmbedsItsParameter() {
        let embedding: Embedding<UseWrapper<String>, String> = UseWrapper<String>.embeddings.value
        #expect(embedding.extract(.value("a")) == "a")
        #expect(embedding.extract(.none) == nil)
        #expect(embedding.embed("b").value == "b")
        #expect(UseWrapper<UseCounterAction>.value(.x).actionIdentity == "value.x")
    }

    @Test func anEnumWithoutCasesConforms() {
        let identity: KeyPath<UseNoAction, ActionIdentity> = \.actionIdentity
        #expect(identity == \UseNoAction.actionIdentity)
        _ = UseNoAction.embeddings
    }

    @Test func aHandWrittenIdentityAndExtractorNameAreKept() {
        #expect(UseHandWritten.counter(.x).actionIdentity == "custom")
        #expect(UseHandWritten.label("a").label == 7)
        #expect(UseHandWritten.embeddings.label.extract(.label("a")) == "a")
        #expect(UseHandWritten.counter(.x).counter == .x)
    }
}

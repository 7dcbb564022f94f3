import Observation
import Redux
import Testing

/// A member of ``MemberState``, how to write it with an equal value and how to change it.
struct ObservedMember: Sendable, CustomTestStringConvertible {
    let name: String
    /// Brings the initial state to where the member has a value worth writing again.
    let prepare: @Sendable (inout MemberState) -> Void
    let read: @MainActor @Sendable (MemberStore) -> Void
    let equalWrite: @Sendable (inout MemberState) -> Void
    let change: @Sendable (inout MemberState) -> Void

    init(
        _ name: String,
        prepare: @escaping @Sendable (inout MemberState) -> Void = { _ in },
        read: @escaping @MainActor @Sendable (MemberStore) -> Void,
        equalWrite: @escaping @Sendable (inout MemberState) -> Void = { _ in },
        change: @escaping @Sendable (inout MemberState) -> Void
    ) {
        self.name = name
        self.prepare = prepare
        self.read = read
        self.equalWrite = equalWrite
        self.change = change
    }

    var testDescription: String { name }

    /// A store whose state went through ``prepare``.
    @MainActor
    func makeStore() -> MemberStore {
        var initial = MemberState()
        prepare(&initial)
        return makeEditStore(initial)
    }

    /// Value-compared members: `Equatable` and reference-free, `String`, and optionals and enums
    /// whose payloads are of this class.
    static let valueCompared: [ObservedMember] = [
        ObservedMember("Int", read: { _ = $0.a }, equalWrite: { $0.a = 0 }, change: { $0.a = 1 }),
        ObservedMember("Bool", read: { _ = $0.flag }, equalWrite: { $0.flag = false }, change: { $0.flag = true }),
        ObservedMember("Double", read: { _ = $0.ratio }, equalWrite: { $0.ratio = 0 }, change: { $0.ratio = 0.5 }),
        ObservedMember(
            "String", prepare: { $0.name = "Ada" }, read: { _ = $0.name },
            equalWrite: { $0.name = "Ada" }, change: { $0.name += "!" }),
        ObservedMember(
            "struct of Int", read: { _ = $0.point }, equalWrite: { $0.point = MemberPoint() }, change: { $0.point.y = 1 }),
        ObservedMember(
            "enum with payloads", prepare: { $0.phase = .loaded("x") }, read: { _ = $0.phase },
            equalWrite: { $0.phase = .loaded("x") }, change: { $0.phase = .count(1) }),
        ObservedMember(
            "optional Int", prepare: { $0.maybe = 3 }, read: { _ = $0.maybe },
            equalWrite: { $0.maybe = 3 }, change: { $0.maybe = nil }),
        ObservedMember(
            "optional String", prepare: { $0.maybeName = "Ada" }, read: { _ = $0.maybeName },
            equalWrite: { $0.maybeName = "Ada" }, change: { $0.maybeName = "Grace" }),
    ]

    /// Members no cheap exact test exists for: they fire on every handled action.
    static let overFiring: [ObservedMember] = [
        ObservedMember("Array", read: { _ = $0.list }, change: { $0.list.append(1) }),
        ObservedMember("Dictionary", read: { _ = $0.table }, change: { $0.table["a"] = 1 }),
        ObservedMember("Set", read: { _ = $0.set }, change: { $0.set.insert(1) }),
        ObservedMember("class", read: { _ = $0.box }, change: { $0.box = MemberBox(1) }),
        ObservedMember("not Equatable", read: { _ = $0.opaque }, change: { $0.opaque.number = 1 }),
    ]
}

/// What a member read tracks: reading `store.a` tracks `a`; a value-compared member fires once
/// when it changes and never for an equal write or another member's change; other members fire on
/// every handled action; `store.state` fires once per handled action.
@Suite("Exact observation: members", .timeLimit(.minutes(5)))
@MainActor
struct MemberObservationTests {
    @Test func aDispatchThatChangesOnlyBDoesNotFireAReaderOfA() {
        let store = makeEditStore(MemberState())
        let readerOfA = MemberObserver { store.a }
        let readerOfB = MemberObserver { store.b }
        store.dispatch(.write { $0.b += 1 })
        #expect(readerOfA.fired == 0)
        #expect(readerOfB.fired == 1)
    }

    @Test func aDispatchThatChangesAFiresAReaderOfAExactlyOnceAndItReadsTheNewValue() {
        let store = makeEditStore(MemberState())
        let readerOfA = MemberObserver { store.a }
        store.dispatch(.write { $0.a += 1; $0.a += 1 })
        #expect(readerOfA.fired == 1, "two writes in one action, one notification")
        store.dispatch(.write { $0.a += 1 })
        #expect(readerOfA.fired == 2)
        #expect(readerOfA.readings == [0, 2, 3], "each onChange read the value the reducer wrote")
    }

    @Test func aReaderOfSeveralMembersFiresOnceWhenTheyAllChangeInOneAction() {
        let store = makeEditStore(MemberState())
        let reader = MemberObserver { (store.a, store.b, store.flag) }
        store.dispatch(.write { $0.a = 1; $0.b = 2; $0.flag = true })
        #expect(reader.fired == 1)
    }

    @Test(arguments: ObservedMember.valueCompared)
    func aValueComparedMemberChangedByADispatchFiresItsReaderOnce(member: ObservedMember) {
        let store = member.makeStore()
        let reader = MemberObserver { member.read(store) }
        store.dispatch(.write(member.change))
        #expect(reader.fired == 1)
    }

    @Test(arguments: ObservedMember.valueCompared)
    func aValueComparedMemberWrittenWithAnEqualValueFiresNothing(member: ObservedMember) {
        let store = member.makeStore()
        let reader = MemberObserver { member.read(store) }
        store.dispatch(.write(member.equalWrite))
        #expect(reader.fired == 0)
    }

    @Test(arguments: ObservedMember.valueCompared)
    func aValueComparedMemberIsNotFiredByAChangeToAnotherMember(member: ObservedMember) {
        let store = member.makeStore()
        let reader = MemberObserver { member.read(store) }
        store.dispatch(.write { $0.b += 1 })
        store.dispatch(.write { $0.list.append(1) })
        #expect(reader.fired == 0)
    }

    @Test func aValueComparedMemberChangedAndChangedBackInOneActionFiresNothing() {
        let store = makeEditStore(MemberState())
        let readerOfA = MemberObserver { store.a }
        store.dispatch(.write { $0.a = 5; $0.a = 0 })
        #expect(readerOfA.fired == 0, "compared after the reducers: it ends equal")
    }

    @Test(arguments: ObservedMember.overFiring)
    func aMemberWithoutACheapExactTestFiresOnEveryHandledAction(member: ObservedMember) {
        let store = member.makeStore()
        let reader = MemberObserver { member.read(store) }
        store.dispatch(.write { $0.b += 1 })
        store.dispatch(.write { _ in })
        #expect(reader.fired == 2, "over-fires for actions that do not touch it")
        store.dispatch(.write(member.change))
        #expect(reader.fired == 3, "and fires for a change, never missing one")
        store.dispatch(.declined)
        #expect(reader.fired == 3, "an action every reducer declines fires nothing")
    }

    @Test func readingANestedMemberTracksItsTopMember() {
        let store = makeEditStore(MemberState())
        let readerOfAge = MemberObserver { store.profile.age }
        store.dispatch(.write { $0.b += 1 })
        #expect(readerOfAge.fired == 0, "profile did not change")
        store.dispatch(.write { $0.profile.level = 1 })
        #expect(readerOfAge.fired == 1, "store.profile.age tracks profile, so a change of its level fires it")
    }

    @Test func aComputedMemberFiresOnEveryHandledAction() {
        let store = makeEditStore(MemberState())
        let reader = MemberObserver { store.firstItem }
        store.dispatch(.write { $0.b += 1 })
        store.dispatch(.write { _ in })
        #expect(reader.fired == 2)
        store.dispatch(.declined)
        #expect(reader.fired == 2)
    }

    /// `firstItem` is `items[0]`: if the store evaluated it after a reducer emptied `items` (to
    /// compare it), the test process would stop.
    @Test func aComputedMemberIsNeverEvaluatedByTheStoreAfterAReduce() {
        let store = makeEditStore(MemberState())
        let reader = MemberObserver(renewing: false) { store.firstItem }
        store.dispatch(.write { $0.items = [] })
        #expect(reader.fired == 1)
        store.dispatch(.write { $0.b += 1 })
        #expect(store.items.isEmpty)
    }

    @Test func aStoredMemberWithAnObserverCountsAsComputedAndFiresOnEveryHandledAction() {
        let store = makeEditStore(MemberState())
        let reader = MemberObserver { store.watched }
        store.dispatch(.write { $0.b += 1 })
        store.dispatch(.write { _ in })
        #expect(reader.fired == 2)
        store.dispatch(.write { $0.watched = 1 })
        #expect(reader.fired == 3)
        #expect(reader.readings.last == 1)
    }

    @Test func readingTheWholeStateFiresOncePerHandledActionEvenWhenNothingChanged() {
        let store = makeEditStore(MemberState())
        let reader = MemberObserver { _ = store.state }
        store.dispatch(.write { _ in })
        #expect(reader.fired == 1)
        store.dispatch(.write { $0.a += 1; $0.b += 1 })
        #expect(reader.fired == 2)
        store.dispatch(.declined)
        #expect(reader.fired == 2, "an action every reducer declines fires nothing")
    }

    @Test func anActionEveryReducerDeclinesFiresNoReader() {
        let store = makeEditStore(MemberState())
        let readers = [
            MemberObserver { _ = store.a },
            MemberObserver { _ = store.list },
            MemberObserver { _ = store.firstItem },
            MemberObserver { _ = store.state },
        ]
        store.dispatch(.declined)
        #expect(readers.firedCounts() == [0, 0, 0, 0])
    }
}

@testable import Redux
import Testing

// A child holding 1,000,000 integers, lifted into parents in every form; its reducer writes one
// element and records the buffer's base address before and after the write, from inside the
// reducer (reading `store.state` would copy). A copy anywhere on the lift's path would show as a
// new base address after the write.

private let bigCount = 1_000_000

private struct Big: Equatable, Sendable, Identifiable {
    var id = 1
    var values: [Int] = [0]
    /// The child under test holds the 1,000,000 integers; the others stay small.
    static var large: Big { Big(values: [Int](repeating: 0, count: bigCount)) }
}

private enum BigAction: Equatable, Sendable { case write(Int) }

private final class Addresses: Sendable {
    let before = SharedValue<UInt>(0)
    let after = SharedValue<UInt>(0)
}

private func address(_ values: [Int]) -> UInt {
    values.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
}

private func bigReducer(_ addresses: Addresses) -> Reducer<Big, BigAction> {
    Reducer<Big, BigAction>(id: "big") { state, action in
        switch action {
        case .write(let index):
            addresses.before.value = address(state.values)
            state.values[index] += 1
            addresses.after.value = address(state.values)
        }
        return .next
    }
}

private enum Place: Equatable, Sendable { case big(Big), other }

private struct Level1: Equatable, Sendable { var big = Big() }
private struct Level2: Equatable, Sendable { var level1 = Level1() }
private struct Level3: Equatable, Sendable { var level2 = Level2() }

private struct Holder: Equatable, Sendable {
    var stored = Big()
    var nested = Level3()
    var optional: Big? = Big()
    var presented: Presented<Big>? = Presented(Big())
    var place: Place? = .big(Big())
    var presentedPlace: Presented<Place>? = Presented(.big(Big()))
    var rows: IdentifiedArray<Big> = {
        var rows = IdentifiedArray<Big>()
        rows.append(Big(id: 1))
        return rows
    }()

    /// A holder whose child reached by `action` is the large one.
    init(large action: HolderAction) {
        switch action {
        case .stored: stored = .large
        case .nested: nested.level2.level1.big = .large
        case .optional: optional = .large
        case .presented: presented = Presented(.large)
        case .place: place = .big(.large)
        case .presentedPlace: presentedPlace = Presented(.big(.large))
        case .rows:
            rows = IdentifiedArray()
            rows.append(.large)
        }
    }
}

private enum HolderAction: Equatable, Sendable {
    case stored(BigAction)
    case nested(BigAction)
    case optional(BigAction)
    case presented(BigAction)
    case place(BigAction)
    case presentedPlace(BigAction)
    case rows(ElementAction<Int, BigAction>)
}

private func embedding(_ embed: @escaping @Sendable (BigAction) -> HolderAction) -> Embedding<HolderAction, BigAction> {
    Embedding(extract: { action in
        switch (action, embed(.write(0))) {
        case (.stored(let a), .stored), (.nested(let a), .nested), (.optional(let a), .optional),
             (.presented(let a), .presented), (.place(let a), .place), (.presentedPlace(let a), .presentedPlace):
            a
        default: nil
        }
    }, embed: embed)
}

private let bigCase = Embedding<Place, Big>(extract: { if case .big(let b) = $0 { b } else { nil } }, embed: Place.big)

@MainActor
private func holderStore(_ addresses: Addresses, large: HolderAction) -> Store<Holder, HolderAction> {
    let big = bigReducer(addresses)
    let level = Embedding<BigAction, BigAction>(extract: { $0 }, embed: { $0 })
    return Store(initialState: Holder(large: large), reducers: [
        big.lift(state: \Holder.stored, action: embedding(HolderAction.stored)),
        big.lift(state: \Level1.big, action: level)
            .lift(state: \Level2.level1, action: level)
            .lift(state: \Level3.level2, action: level)
            .lift(state: \Holder.nested, action: embedding(HolderAction.nested)),
        big.lift(state: \Holder.optional, action: embedding(HolderAction.optional)),
        big.lift(state: \Holder.presented, action: embedding(HolderAction.presented)),
        big.lift(state: \Holder.place, case: bigCase, action: embedding(HolderAction.place)),
        big.lift(state: \Holder.presentedPlace, case: bigCase, action: embedding(HolderAction.presentedPlace)),
        big.lift(state: \Holder.rows, action: Embedding(extract: { if case .rows(let a) = $0 { a } else { nil } }, embed: HolderAction.rows)),
    ])
}

/// Issue 7: a lifted reducer writes the child state in place — a child reducer writing one
/// element of a 1,000,000-element array inside the parent copies nothing. Every form holds in
/// debug builds (the plain test run) as well as in release: stored property (by offset), three
/// nested stored lifts, optional, `Presented`, enum case, presented enum case, collection element.
@Suite("Lift in place", .timeLimit(.minutes(5)))
@MainActor
struct LiftInPlaceTests {
    /// Writes element `index` through `action`, checks the base address the reducer saw before
    /// and after the write against the one in the store's storage before the dispatch.
    private func expectInPlace(_ action: HolderAction, storedAddress: (Holder) -> UInt, _ form: String) {
        let addresses = Addresses()
        let store = holderStore(addresses, large: action)
        let original = storedAddress(store.storage)
        #expect(original != 0)
        store.dispatch(action)
        #expect(addresses.before.value == original, "\(form): the child reached its reducer as a copy")
        #expect(addresses.after.value == original, "\(form): writing one element copied the array")
        #expect(storedAddress(store.storage) == original, "\(form): the store holds another buffer")
    }

    @Test func aStoredLiftWritesTheChildInPlace() {
        expectInPlace(.stored(.write(7)), storedAddress: { address($0.stored.values) }, "stored")
    }

    @Test func threeNestedStoredLiftsWriteTheChildInPlace() {
        expectInPlace(.nested(.write(7)), storedAddress: { address($0.nested.level2.level1.big.values) }, "3 nested stored")
    }

    @Test func anOptionalChildIsWrittenInPlace() {
        expectInPlace(.optional(.write(7)), storedAddress: { address($0.optional!.values) }, "optional")
    }

    @Test func aPresentedChildIsWrittenInPlace() {
        expectInPlace(.presented(.write(7)), storedAddress: { address($0.presented!.value.values) }, "presented")
    }

    @Test func anEnumCaseChildIsWrittenInPlace() {
        expectInPlace(.place(.write(7)), storedAddress: { holder in
            guard case .big(let big) = holder.place else { return 0 }
            return address(big.values)
        }, "enum case")
    }

    @Test func aPresentedEnumCaseChildIsWrittenInPlace() {
        expectInPlace(.presentedPlace(.write(7)), storedAddress: { holder in
            guard case .big(let big) = holder.presentedPlace?.value else { return 0 }
            return address(big.values)
        }, "presented enum case")
    }

    @Test func aCollectionElementIsWrittenInPlace() {
        expectInPlace(.rows(.element(id: 1, action: .write(7))), storedAddress: { address($0.rows[id: 1]!.values) }, "collection element")
    }

    @Test func theWriteLandsInTheChild() {
        let store = holderStore(Addresses(), large: .stored(.write(0)))
        store.dispatch(contentsOf: [.stored(.write(3)), .nested(.write(0)), .place(.write(0)), .rows(.element(id: 1, action: .write(0)))])
        #expect(store.state.stored.values[3] == 1)
        #expect(store.state.nested.level2.level1.big.values == [1])
        guard case .big(let big) = store.state.place else { Issue.record("not the big case"); return }
        #expect(big.values == [1])
        #expect(store.state.rows[id: 1]?.values == [1])
    }
}

import Redux
import Testing

/// Select subscriptions: what is delivered, and when a value counts as changed (the comparison
/// classes of key-path selections, `==` for closure selections, a custom comparator).
@Suite("Select subscriptions: delivery and deduplication", .timeLimit(.minutes(5)))
@MainActor
struct SelectSubscriptionTests {
    @Test func theCurrentValueIsDeliveredOnSubscribe() {
        var state = FeedState()
        state.balance = 7
        state.note = "n"
        let store = makeFeedStore(state)
        var byKeyPath: [Int] = []
        var byClosure: [String?] = []
        var byComparator: [Int] = []
        var byComputed: [Int] = []
        let a = store.subscribe(select: \.balance) { byKeyPath.append($0) }
        let b = store.subscribe(select: { $0.note }) { byClosure.append($0) }
        let c = store.subscribe(select: \.balance, isDuplicate: { _, _ in true }) { byComparator.append($0) }
        let d = store.subscribe(select: \.doubled) { byComputed.append($0) }
        #expect(byKeyPath == [7], "delivered synchronously, before subscribe returns")
        #expect(byClosure == ["n"])
        #expect(byComparator == [7], "the initial delivery is not subject to the comparator")
        #expect(byComputed == [14])
        withExtendedLifetime((a, b, c, d)) {}
    }

    @Test func intBoolStringAndSmallStructKeyPathsAreComparedByValueAndNeverRepeatAValue() {
        let store = makeFeedStore()
        var balances: [Int] = []
        var flags: [Bool] = []
        var labels: [String] = []
        var points: [FeedPoint] = []
        var titles: [FeedTitle] = []
        let tokens = [
            store.subscribe(select: \.balance) { balances.append($0) },
            store.subscribe(select: \.flag) { flags.append($0) },
            store.subscribe(select: \.label) { labels.append($0) },
            store.subscribe(select: \.point) { points.append($0) },
            store.subscribe(select: \.title) { titles.append($0) },
        ]
        let long = "a label long enough to live in a heap buffer"
        store.dispatch(.set(0))
        store.dispatch(.flag(false))
        store.dispatch(.label("a"))
        store.dispatch(.point(FeedPoint()))
        store.dispatch(.title(FeedTitle()))
        store.dispatch(.touch)
        store.dispatch(.set(3))
        store.dispatch(.set(3))
        store.dispatch(.flag(true))
        store.dispatch(.flag(true))
        store.dispatch(.label(long))
        store.dispatch(.label(String(long.reversed().reversed())))
        store.dispatch(.point(FeedPoint(x: 1, y: 2)))
        store.dispatch(.point(FeedPoint(x: 1, y: 2)))
        store.dispatch(.title(FeedTitle(text: long, level: 1)))
        store.dispatch(.title(FeedTitle(text: String(long.reversed().reversed()), level: 1)))
        #expect(balances == [0, 3])
        #expect(flags == [false, true])
        #expect(labels == ["a", long], "an equal string in another buffer is the same value")
        #expect(points == [FeedPoint(), FeedPoint(x: 1, y: 2)])
        #expect(titles == [FeedTitle(), FeedTitle(text: long, level: 1)])
        withExtendedLifetime(tokens) {}
    }

    @Test func anIdentifiedArrayKeyPathIsComparedByStampSoAnEqualRewriteFiresAgain() {
        let store = makeFeedStore()
        var deliveries: [[String]] = []
        let token = store.subscribe(select: \.rows) { rows in deliveries.append(rows.map(\.title)) }
        store.dispatch(.assignEqualRow)
        #expect(deliveries.count == 1, "an equal element assigned through the comparing setter keeps the stamp")
        store.dispatch(.rewriteRowInPlace)
        #expect(deliveries == [["one", "two"], ["one", "two"]], "an in-place write of an equal value moves the stamp: an equal array is delivered again")
        store.dispatch(.renameRow(2, "deux"))
        #expect(deliveries.last == ["one", "deux"])
        store.dispatch(.touch)
        store.dispatch(.set(9))
        #expect(deliveries.count == 3, "a handled action that leaves the rows alone delivers nothing")
        withExtendedLifetime(token) {}
    }

    @Test func aComputedPropertyKeyPathFiresOnEveryHandledAction() {
        let store = makeFeedStore()
        var doubled: [Int] = []
        let token = store.subscribe(select: \.doubled) { doubled.append($0) }
        store.dispatch(.touch)
        store.dispatch(.label("x"))
        store.dispatch(.deposit(2))
        #expect(doubled == [0, 0, 0, 4], "an unchanged computed value repeats: it is delivered after every handled action")
        withExtendedLifetime(token) {}
    }

    @Test func aNonEquatableKeyPathFiresOnEveryHandledAction() {
        let store = makeFeedStore()
        var sizes: [Int] = []
        let token = store.subscribe(select: \.payload) { sizes.append($0.size) }
        store.dispatch(.touch)
        store.dispatch(.payload(0))
        store.dispatch(.payload(5))
        #expect(sizes == [0, 0, 0, 5])
        withExtendedLifetime(token) {}
    }

    @Test func aClosureSelectionOfAnEquatableTypeIsComparedByEquality() {
        let store = makeFeedStore()
        var parities: [Bool] = []
        var sums: [Int] = []
        let a = store.subscribe(select: { $0.balance % 2 == 0 }) { parities.append($0) }
        let b = store.subscribe(select: { $0.point.x + $0.point.y }) { sums.append($0) }
        store.dispatch(.set(2))
        store.dispatch(.set(4))
        store.dispatch(.set(5))
        store.dispatch(.point(FeedPoint(x: 1, y: 1)))
        store.dispatch(.point(FeedPoint(x: 2, y: 0)))
        store.dispatch(.touch)
        #expect(parities == [true, false])
        #expect(sums == [0, 2])
        withExtendedLifetime((a, b)) {}
    }

    @Test func aNonEquatableClosureSelectionFiresOnEveryHandledAction() {
        let store = makeFeedStore()
        var sizes: [Int] = []
        let token = store.subscribe(select: { $0.payload }) { sizes.append($0.size) }
        store.dispatch(.touch)
        store.dispatch(.set(1))
        #expect(sizes == [0, 0, 0])
        withExtendedLifetime(token) {}
    }

    @Test func aCustomComparatorAloneDecidesEvenForAnEquatableValue() {
        let store = makeFeedStore()
        var never: [Int] = []
        var always: [Int] = []
        var tens: [Int] = []
        var closureAlways: [Int] = []
        let tokens = [
            store.subscribe(select: \.balance, isDuplicate: { _, _ in true }) { never.append($0) },
            store.subscribe(select: \.balance, isDuplicate: { _, _ in false }) { always.append($0) },
            store.subscribe(select: \.balance, isDuplicate: { $0 / 10 == $1 / 10 }) { tens.append($0) },
            store.subscribe(select: { $0.balance }, isDuplicate: { _, _ in false }) { closureAlways.append($0) },
        ]
        store.dispatch(.set(3))
        store.dispatch(.touch)
        store.dispatch(.set(12))
        store.dispatch(.set(15))
        store.dispatch(.set(21))
        #expect(never == [0], "a comparator that calls everything a duplicate is never delivered again, though the value changed")
        #expect(always == [0, 3, 3, 12, 15, 21], "a comparator that calls nothing a duplicate fires on every handled action, equal values included")
        #expect(tens == [0, 12, 21])
        #expect(closureAlways == [0, 3, 3, 12, 15, 21])
        withExtendedLifetime(tokens) {}
    }

    @Test func anOptionalSelectionGoingBackToNilIsDelivered() {
        let store = makeFeedStore()
        var byKeyPath: [String?] = []
        var byClosure: [String?] = []
        let a = store.subscribe(select: \.note) { byKeyPath.append($0) }
        let b = store.subscribe(select: { $0.note }) { byClosure.append($0) }
        store.dispatch(.note("hello"))
        store.dispatch(.note(nil))
        store.dispatch(.note(nil))
        #expect(byKeyPath == [nil, "hello", nil])
        #expect(byClosure == [nil, "hello", nil])
        withExtendedLifetime((a, b)) {}
    }

    @Test func anActionNoReducerHandlesDeliversNothing() {
        let store = makeFeedStore()
        var calls = 0
        let tokens = [
            store.subscribe(select: \.balance) { _ in calls += 1 },
            store.subscribe(select: \.doubled) { _ in calls += 1 },
            store.subscribe(select: \.payload) { _ in calls += 1 },
            store.subscribe(select: \.rows) { _ in calls += 1 },
            store.subscribe(select: { $0.payload }) { _ in calls += 1 },
            store.subscribe(select: \.balance, isDuplicate: { _, _ in false }) { _ in calls += 1 },
        ]
        #expect(calls == 6)
        store.dispatch(.ignored)
        store.dispatch(.ignored)
        #expect(calls == 6, "a declined action is not a handled action")
        withExtendedLifetime(tokens) {}
    }
}

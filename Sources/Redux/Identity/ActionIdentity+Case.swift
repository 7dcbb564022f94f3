// The identity of one enum case from its name and associated values, computed as the reflected
// default computes it: what `@ReduxAction` generates.

extension ActionIdentity {
    /// The identity of an enum case with associated values, as the reflected default
    /// (``init(reflecting:)``) gives it: `name`, then, after a dot, the contribution of the last
    /// value that contributes one.
    ///
    /// A value's contribution: its own identity when it conforms to ``ActionIdentifiable``; its
    /// case path when it is an enum that does not (`Result.failure(.timeout)` gives
    /// `failure.timeout`); an optional is looked through, and `nil` contributes, with no text;
    /// anything else (a `String`, an `Int`, a struct, a tuple) contributes nothing. So
    /// `ActionIdentity(case: "element", payloads: 3, RowAction.save)` is `element.save`, and
    /// `ActionIdentity(case: "select", payloads: 4)` is `select`.
    ///
    /// Pass the case's associated values in order, as the case declares them. For a case with a
    /// single unlabeled value, use ``init(case:payload:)``: the reflected default follows a tuple
    /// there into its elements, since it cannot tell it from several values.
    ///
    /// `@ReduxAction` generates calls to it (`case .element(let payload0, let payload1):
    /// ActionIdentity(case: "element", payloads: payload0, payload1)`); a hand-written
    /// ``ActionIdentifiable`` conformance may call it to agree with the default.
    ///
    /// Cost: inlinable. A value whose type conforms costs a cast, which folds away when the call
    /// is specialized for that type, and a call of its `actionIdentity`; a value that cannot be an
    /// enum is ruled out from its type's metadata. Only the contributing enum or optional that is
    /// not ``ActionIdentifiable`` is reflected on with `Mirror`. Any isolation.
    ///
    /// - Parameters:
    ///   - name: the case name, without backticks.
    ///   - payloads: the case's associated values, in order.
    @inlinable
    public init<each Payload>(case name: String, payloads: repeat each Payload) {
        // Two passes: find the last value that contributes (casts and metadata reads), then
        // compute only its contribution.
        var last = 0
        var index = 0
        for payload in repeat each payloads {
            index += 1
            if payload is any ActionIdentifiable || Self.contributesByReflection(payload) {
                last = index
            }
        }
        var tail = ""
        if last > 0 {
            index = 0
            for payload in repeat each payloads {
                index += 1
                if index == last {
                    tail = Self.contribution(of: payload, followsTuples: false)
                    break
                }
            }
        }
        self.init(tail.isEmpty ? name : name + "." + tail)
    }

    /// The identity of an enum case with a single unlabeled associated value, as the reflected
    /// default (``init(reflecting:)``) gives it: `name`, then, after a dot, the value's
    /// contribution (see ``init(case:payloads:)``), where a tuple contributes its last element
    /// that contributes (`ActionIdentity(case: "pick", payload: (3, Mode.fast))` is
    /// `pick.fast`), as several values would.
    ///
    /// `@ReduxAction` generates calls to it (`case .counter(let payload): ActionIdentity(case:
    /// "counter", payload: payload)`); a hand-written ``ActionIdentifiable`` conformance may
    /// call it to agree with the default. For a labeled value (`case select(id: Int)`), use
    /// ``init(case:payloads:)``, which does not follow a tuple, as the default does not.
    ///
    /// Cost: inlinable; a conforming value costs a cast that folds away when specialized and a
    /// call of its `actionIdentity`; a value that is not an enum, optional or tuple is ruled out
    /// from its type's metadata; others are reflected on with `Mirror`. Any isolation.
    ///
    /// - Parameters:
    ///   - name: the case name, without backticks.
    ///   - payload: the case's associated value.
    @inlinable
    public init<Payload>(case name: String, payload: Payload) {
        let tail = Self.contribution(of: payload, followsTuples: true)
        self.init(tail.isEmpty ? name : name + "." + tail)
    }

    /// One associated value's contribution: its conformance's identity, else what reflection
    /// finds (empty when nothing).
    @inlinable
    static func contribution<Payload>(of payload: Payload, followsTuples: Bool) -> String {
        if let identifiable = payload as? any ActionIdentifiable {
            return identifiable.actionIdentity.path
        }
        return reflectedContribution(of: payload, followsTuples: followsTuples) ?? ""
    }
}

/// The store's side of exact observation: which members of the state were read since they last
/// changed, what each was when read, and how to tell, after a handled action, which of them
/// changed — without copying a buffer and without evaluating a computed member.
///
/// Members are registered on first read (one entry per distinct key path, kept for the store's
/// life) and *armed* on every read that finds them unarmed: the member's old value (its bits, a
/// stamp, a case name, or a held reference-free value) is taken then. After a handled action the
/// store compares the armed members; a changed one is disarmed and its observers are told (one
/// `withMutation` of its registrar path). A member is compared only while armed, so the work
/// per dispatch is proportional to the members read since their last change, never to the size
/// of the state. Element members are armed under their collection's *group*, which is compared
/// first by the collection's content stamp, so rows of an unchanged collection cost one compare
/// together.
///
/// Isolation: main actor (owned by a store; touched by its reads and after its reducers).
@usableFromInline
final class MemberObservation {
    /// One armed member, laid out for the compare loop: the kind and where to look are inline,
    /// so the common kinds (bits, stamps) need no other memory.
    @usableFromInline
    struct Armed {
        var member: Int32
        var kind: ArmedKind
        /// For `.bits`: the member's size in bytes (1...16).
        var size: UInt8
        /// For `.bits`, `.stamp` and `.group`: where to read in the state, in bytes.
        var offset: Int
        var old0: UInt64
        var old1: UInt64
    }

    @usableFromInline
    enum ArmedKind: UInt8 {
        /// Compare `size` bytes at `offset` with `old0`/`old1`; differing bits are confirmed
        /// with the member's `==` when it has one.
        case bits
        /// Compare the `UInt64` at `offset` (an `IdentifiedArray` stamp) with `old0`.
        case stamp
        /// Ask the member's probe (a held value, a case name, a stamp reached through a key path).
        case probe
        /// An element group: compare the collection's content stamp (at `offset`, or through
        /// the probe when the collection is not stored), then its armed elements.
        case group
        /// Fires on every handled action.
        case always
    }

    /// A registered member.
    @usableFromInline
    struct Member {
        @usableFromInline let probe: Probe
        @usableFromInline var isArmed = false
        /// For an element member: its group's member index.
        @usableFromInline var group: Int32 = -1
        /// For an element member: its key, so that it can leave the table once told.
        @usableFromInline var key: Key?
        /// For a group: its index in ``groupRows``.
        @usableFromInline var rows: Int32 = -1

        @inlinable
        init(probe: Probe) {
            self.probe = probe
        }
    }

    /// An armed row of a group: the element member and the stamp it was armed with.
    @usableFromInline
    struct Row {
        @usableFromInline var member: Int32
        @usableFromInline var old: UInt64
        /// Where the element was when last seen: checked first, without hashing its id.
        @usableFromInline var index: Int

        @inlinable
        init(member: Int32, old: UInt64, index: Int) {
            self.member = member
            self.old = old
            self.index = index
        }
    }

    /// How a member's old value is taken and compared.
    @usableFromInline
    enum Probe {
        /// A stored member whose bits are its value (reference-free, at most 16 bytes);
        /// `equal` confirms a bit difference with the type's `==` (old bytes, new bytes).
        case bits(offset: Int, size: Int, equal: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?)
        /// A stamp stored at `offset` (an `IdentifiedArray`'s content or structure stamp).
        case stamp(offset: Int)
        /// A member compared through closures: `arm` takes the old value (answering `false`
        /// when it cannot be held without holding a buffer: the member then fires on the next
        /// handled action), `changed` compares it with the state's.
        case held(arm: (UnsafeRawPointer) -> Bool, changed: (UnsafeRawPointer) -> Bool)
        /// A number read from the state (a case name's address, an element's stamp; 0 when
        /// there is none), compared with the one read when armed.
        case number((UnsafeRawPointer) -> UInt64, same: (UInt64, UInt64) -> Bool)
        /// A collection's rows: `offset` of its content stamp (`nil` for a computed collection,
        /// whose rows are told after every handled action); `at` answers the stamp of the element at an index (0 past the end), for the rows'
        /// first check.
        case group(offset: Int?, at: (UnsafeRawPointer, Int) -> UInt64)
        /// One element of a collection: `at` answers the stamp of the element at an index (0
        /// past the end), `find` the index and stamp of the member's id (`stamp` 0 when absent).
        /// Stamps are unique to one version of one element, so the same stamp at the index the
        /// element was last seen at means the element is unchanged.
        case element(at: (UnsafeRawPointer, Int) -> UInt64, find: (UnsafeRawPointer) -> (index: Int, stamp: UInt64))
        /// Fires on every handled action (computed members, over-firing types).
        case always
    }

    /// What identifies a member: the key path read (after `prefix`, for a slice's reads), and
    /// what of it is tracked.
    @usableFromInline
    struct Key: Hashable {
        @usableFromInline let path: AnyKeyPath
        @usableFromInline let prefix: AnyKeyPath?
        @usableFromInline let variant: Variant
        @usableFromInline let id: AnyHashable?

        @inlinable
        init(path: AnyKeyPath, prefix: AnyKeyPath? = nil, variant: Variant, id: AnyHashable? = nil) {
            self.path = path
            self.prefix = prefix
            self.variant = variant
            self.id = id
        }
    }

    @usableFromInline
    enum Variant: UInt8, Hashable {
        case value, caseName, structure, group, element
    }

    @exclusivity(unchecked) @usableFromInline var members: ContiguousArray<Member> = []
    @exclusivity(unchecked) @usableFromInline var table: [Key: Int32] = [:]
    /// Armed members (elements excepted: they wait in their group's list).
    @exclusivity(unchecked) @usableFromInline var armed: ContiguousArray<Armed> = []
    /// By group (``Member/rows``): its armed rows.
    @exclusivity(unchecked) @usableFromInline var groupRows: ContiguousArray<RowList> = []
    /// A direct-mapped cache from a key path object to its value member: a key path literal is
    /// one object for the life of the process, so a repeated read finds its member without
    /// hashing the key path. The cache retains the key paths it holds, so an address it
    /// compares with is never reused by another key path.
    @exclusivity(unchecked) @usableFromInline var cacheKeys = ContiguousArray<AnyKeyPath?>(repeating: nil, count: 64)
    @exclusivity(unchecked) @usableFromInline var cacheMembers = ContiguousArray<Int32>(repeating: 0, count: 64)
    /// Indices of released element members, reused by the next members registered.
    @exclusivity(unchecked) @usableFromInline var freeMembers: ContiguousArray<Int32> = []
    /// Members that changed in the current compare, reused from pass to pass.
    @exclusivity(unchecked) @usableFromInline var fired: ContiguousArray<Int32> = []

    @usableFromInline
    init() {}

    @usableFromInline var hasArmed: Bool { !armed.isEmpty }

    // MARK: Registering

    /// The member for `keyPath` read as a value, registered on first use.
    @inlinable
    func valueMember<State, Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 63
        if cacheKeys[slot] === keyPath { return cacheMembers[slot] }
        let member = registerValue(keyPath)
        cacheKeys[slot] = keyPath
        cacheMembers[slot] = member
        return member
    }

    @usableFromInline
    func registerValue<State, Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let key = Key(path: keyPath, variant: .value)
        if let existing = table[key] { return existing }
        return add(key, probe: valueProbe(keyPath))
    }

    /// The member for `local` read through a slice whose local state is at `prefix`: tracked as
    /// the root path `prefix` + `local` (built once, when first read).
    @usableFromInline
    func prefixedMember<State, Local, Value>(_ prefix: KeyPath<State, Local>, _ local: KeyPath<Local, Value>) -> Int32 {
        let key = Key(path: local, prefix: prefix, variant: .value)
        if let existing = table[key] { return existing }
        return add(key, probe: valueProbe(prefix.appending(path: local)))
    }

    /// The member for a root path known only as a partial key path (a scattered field's
    /// binding, an optional child's field): its value type is opened at run time.
    func partialMember<State>(_ keyPath: PartialKeyPath<State>) -> Int32 {
        let key = Key(path: keyPath, variant: .value)
        if let existing = table[key] { return existing }
        func open<Value>(_: Value.Type) -> Probe {
            guard let typed = keyPath as? KeyPath<State, Value> else { return .always }
            return valueProbe(typed)
        }
        return add(key, probe: _openExistential(type(of: keyPath).valueType, do: open))
    }

    func caseMember<State, Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let key = Key(path: keyPath, variant: .caseName)
        if let existing = table[key] { return existing }
        // A computed member is never evaluated after a reduce: it fires on every handled action.
        guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return add(key, probe: .always) }
        let probe = Probe.number({ base in
            caseAddress(of: base.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }, same: { old, new in old != 0 && old == new })
        return add(key, probe: probe)
    }

    func structureMember<State, Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) -> Int32 {
        let key = Key(path: keyPath, variant: .structure)
        if let existing = table[key] { return existing }
        // A computed collection is never evaluated after a reduce: told after every handled action.
        guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return add(key, probe: .always) }
        return add(key, probe: .stamp(offset: offset + IdentifiedArray<Element>.structureStampOffset))
    }

    /// The member for the element with `id` of the collection at `keyPath`, with its group.
    /// Inlinable, so that the element's stamp is looked up by code specialized for its id.
    @inlinable
    func elementMember<State, Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID) -> Int32 {
        let key = Key(path: keyPath, variant: .element, id: AnyHashable(id))
        if let existing = table[key] { return existing }
        let group = groupMember(keyPath)
        let offset = MemoryLayout<State>.offset(of: keyPath)
        // Read in place (a borrow of the state's collection, no copy of it).
        let at: (UnsafeRawPointer, Int) -> UInt64 = if let offset {
            { base, index in base.advanced(by: offset).assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee.stampIfPresent(at: index) }
        } else {
            { base, index in base.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath].stampIfPresent(at: index) }
        }
        let find: (UnsafeRawPointer) -> (index: Int, stamp: UInt64) = if let offset {
            { base in base.advanced(by: offset).assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee.indexAndStamp(of: id) }
        } else {
            { base in base.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath].indexAndStamp(of: id) }
        }
        let member = add(key, probe: .element(at: at, find: find))
        members[Int(member)].group = group
        members[Int(member)].key = key
        return member
    }

    @inlinable
    func groupMember<State, Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) -> Int32 {
        let key = Key(path: keyPath, variant: .group)
        if let existing = table[key] { return existing }
        let offset = MemoryLayout<State>.offset(of: keyPath).map { $0 + MemoryLayout<IdentifiedArray<Element>>.offset(of: \IdentifiedArray<Element>.stamp)! }
        // A computed collection is never evaluated after a reduce: its rows are told after every
        // handled action (`at` and `find` run only where the collection is stored).
        let at: (UnsafeRawPointer, Int) -> UInt64 = if let offset = MemoryLayout<State>.offset(of: keyPath) {
            { base, index in base.advanced(by: offset).assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee.stampIfPresent(at: index) }
        } else {
            { _, _ in 0 }
        }
        let member = add(key, probe: .group(offset: offset, at: at))
        members[Int(member)].rows = Int32(groupRows.count)
        groupRows.append(RowList())
        return member
    }

    @usableFromInline
    func add(_ key: Key, probe: Probe) -> Int32 {
        let index: Int32
        if let free = freeMembers.popLast() {
            index = free
            members[Int(index)] = Member(probe: probe)
        } else {
            index = Int32(members.count)
            members.append(Member(probe: probe))
        }
        table[key] = index
        return index
    }

    /// Disarms `member`; an element member also leaves the table and its index is reused, so
    /// that rows read once and told of a change cost nothing after (an app that shows thousands
    /// of rows over its life keeps members only for the rows read since their last change). Its
    /// observers are told under its index (the store keeps the paths); a reader that reads the
    /// row again gets a new member.
    @usableFromInline
    func release(_ member: Int32) {
        let index = Int(member)
        members[index].isArmed = false
        guard let key = members[index].key else { return }
        table[key] = nil
        members[index] = Member(probe: .always)
        freeMembers.append(member)
    }

    /// How the member at `keyPath` is compared: see the comparison classes in <doc:Observation>.
    func valueProbe<State, Value>(_ keyPath: KeyPath<State, Value>) -> Probe {
        // Computed (or observed with `didSet`, or reached through a class or an optional):
        // never re-evaluated after a reduce; fires on every handled action.
        guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return .always }
        if let stamped = Value.self as? any StampedCollection.Type {
            return .stamp(offset: offset + stamped.stampOffset)
        }
        guard let equatable = Value.self as? any Equatable.Type else { return .always }
        func equality<T: Equatable>(_: T.Type) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
            { old, new in old.assumingMemoryBound(to: T.self).pointee == new.assumingMemoryBound(to: T.self).pointee }
        }
        let equal = _openExistential(equatable, do: equality)
        let size = MemoryLayout<Value>.size
        if _isPOD(Value.self) && size <= 16 {
            // For integers and Booleans, different bits are a different value: no `==` needed.
            return .bits(offset: offset, size: size, equal: Value.self is any FixedWidthInteger.Type || Value.self == Bool.self ? nil : equal)
        }
        let held = HeldValue<Value>()
        return .held(arm: { base in
            let value = base.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
            guard isValueCompared(value) else {
                held.value = nil
                return false
            }
            held.value = value
            return true
        }, changed: { base in
            guard var old = held.value else { return true }
            let changed = withUnsafePointer(to: &old) { !equal(UnsafeRawPointer($0), base.advanced(by: offset)) }
            if changed { held.value = nil }  // let go of the old value (a string's buffer) at once
            return changed
        })
    }
}

/// The armed rows of one group, in a box of their own so that the compare loop updates them
/// in place (no copy-on-write check of an array nested in an array).
@usableFromInline
final class RowList {
    @exclusivity(unchecked) @usableFromInline var rows: ContiguousArray<MemberObservation.Row> = []

    @inlinable
    init() {}
}

/// The old value of a held member.
final class HeldValue<Value> {
    var value: Value?
}

/// A collection that carries change stamps at fixed offsets (``IdentifiedArray``).
protocol StampedCollection {
    /// The byte offset of the content stamp in a value of the type.
    static var stampOffset: Int { get }
    /// The byte offset of the structure stamp (ids and order).
    static var structureStampOffset: Int { get }
}

extension IdentifiedArray: StampedCollection {
    static var stampOffset: Int { MemoryLayout<Self>.offset(of: \Self.stamp)! }
    static var structureStampOffset: Int { MemoryLayout<Self>.offset(of: \Self.structureStamp)! }
}

// MARK: - Arming and comparing

extension MemberObservation {
    /// Arms `member` (if it is not armed) with its value in the state at `base`.
    @usableFromInline
    func arm(_ member: Int32, base: UnsafeRawPointer) {
        let index = Int(member)
        guard !members[index].isArmed else { return }
        members[index].isArmed = true
        let group = members[index].group
        if group >= 0 {
            guard case .element(_, let find) = members[index].probe else { return }
            let (at, stamp) = find(base)
            groupRows[Int(members[Int(group)].rows)].rows.append(Row(member: member, old: stamp, index: at))
            armGroup(group, base: base)
            return
        }
        armed.append(armedEntry(member, base: base))
    }

    private func armGroup(_ group: Int32, base: UnsafeRawPointer) {
        guard !members[Int(group)].isArmed else { return }
        members[Int(group)].isArmed = true
        armed.append(armedEntry(group, base: base))
    }

    private func armedEntry(_ member: Int32, base: UnsafeRawPointer) -> Armed {
        var entry = Armed(member: member, kind: .always, size: 0, offset: 0, old0: 0, old1: 0)
        switch members[Int(member)].probe {
        case .bits(let offset, let size, _):
            entry.kind = .bits
            entry.size = UInt8(size)
            entry.offset = offset
            (entry.old0, entry.old1) = loadBits(base.advanced(by: offset), size: size)
        case .stamp(let offset):
            entry.kind = .stamp
            entry.offset = offset
            entry.old0 = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        case .held(let arm, _):
            if arm(base) { entry.kind = .probe }
        case .number(let read, _):
            entry.kind = .probe
            entry.old0 = read(base)
        case .group(let offset, _):
            entry.kind = .group
            entry.offset = offset ?? -1
            entry.old0 = offset.map { base.loadUnaligned(fromByteOffset: $0, as: UInt64.self) } ?? 0
        case .element, .always:
            break
        }
        return entry
    }

    /// Compares every armed member with the state at `base`: the changed ones are disarmed
    /// (their entries replaced by the last ones) and listed in ``fired``; the rest stay armed.
    @usableFromInline
    func collectChanged(_ base: UnsafeRawPointer) {
        if !fired.isEmpty { fired.removeAll(keepingCapacity: true) }
        let total = armed.count
        let kept = armed.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let entries = buffer.baseAddress else { return 0 }
            var count = total
            var index = 0
            while index < count {
                let entry = entries + index
                // The common case first: an 8-byte value (an `Int`) that did not change.
                if entry.pointee.kind == .bits, entry.pointee.size == 8,
                   base.loadUnaligned(fromByteOffset: entry.pointee.offset, as: UInt64.self) == entry.pointee.old0 {
                    index += 1
                } else if keeps(&entry.pointee, base) {
                    index += 1
                } else {
                    count -= 1
                    entry.pointee = entries[count]
                }
            }
            return count
        }
        if kept < total { armed.removeLast(total - kept) }
    }

    /// ``collectChanged(_:)`` on `state` (the store's state, borrowed in place). A generic
    /// shell, so that the pointer is taken outside any actor-isolated closure.
    @inlinable
    func collectChanged<State>(in state: inout State) {
        withUnsafeMutablePointer(to: &state) { collectChanged(UnsafeRawPointer($0)) }
    }

    /// ``arm(_:base:)`` on `state` (the store's state, borrowed in place).
    @inlinable
    func arm<State>(_ member: Int32, in state: inout State) {
        withUnsafeMutablePointer(to: &state) { arm(member, base: UnsafeRawPointer($0)) }
    }

    /// Whether the armed `entry` stays armed (unchanged, or a group with rows left); a changed
    /// member is disarmed and listed in ``fired``.
    @inline(__always)
    private func keeps(_ entry: inout Armed, _ base: UnsafeRawPointer) -> Bool {
        switch entry.kind {
        case .bits:
            let current = base.advanced(by: entry.offset)
            let (new0, new1) = entry.size == 8
                ? (current.loadUnaligned(as: UInt64.self), 0)
                : loadBits(current, size: Int(entry.size))
            if new0 == entry.old0 && new1 == entry.old1 { return true }
            if case .bits(_, _, let equal?) = members[Int(entry.member)].probe {
                var old = (entry.old0, entry.old1)
                if withUnsafeBytes(of: &old, { equal($0.baseAddress!, current) }) {
                    // Equal by `==` (padding, -0.0): keep the new bits, stay armed.
                    (entry.old0, entry.old1) = (new0, new1)
                    return true
                }
            }
        case .stamp:
            if base.loadUnaligned(fromByteOffset: entry.offset, as: UInt64.self) == entry.old0 { return true }
        case .probe:
            switch members[Int(entry.member)].probe {
            case .held(_, let changed):
                if !changed(base) { return true }
            case .number(let read, let same):
                if same(entry.old0, read(base)) { return true }
            default:
                break
            }
        case .group:
            return keepsGroup(&entry, base)
        case .always:
            break
        }
        members[Int(entry.member)].isArmed = false
        fired.append(entry.member)
        return false
    }

    /// A group: unchanged collection → every armed row is unchanged; otherwise each row is
    /// compared, the changed ones fire, and the group stays armed while rows are left.
    private func keepsGroup(_ entry: inout Armed, _ base: UnsafeRawPointer) -> Bool {
        let stored = entry.offset >= 0
        if stored {
            let stamp = base.loadUnaligned(fromByteOffset: entry.offset, as: UInt64.self)
            if stamp == entry.old0 { return true }
            entry.old0 = stamp
        }
        guard case .group(_, let at) = members[Int(entry.member)].probe else { return true }
        let list = groupRows[Int(members[Int(entry.member)].rows)]
        let total = list.rows.count
        let count = list.rows.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let rows = buffer.baseAddress else { return 0 }
            var count = total
            var index = 0
            while index < count {
                let row = rows + index
                // The element where it was last seen, with the same stamp: unchanged.
                if stored && at(base, row.pointee.index) == row.pointee.old {
                    index += 1
                } else if !stored || rowChanged(&row.pointee, base) {
                    fired.append(row.pointee.member)
                    release(row.pointee.member)
                    count -= 1
                    row.pointee = rows[count]
                } else {
                    index += 1
                }
            }
            return count
        }
        if count < total { list.rows.removeLast(total - count) }
        if count == 0 {
            members[Int(entry.member)].isArmed = false
            return false
        }
        return true
    }

    /// Whether an armed row's element changed: its stamp at the index it was last seen at
    /// (no hashing), else its stamp wherever its id is now (a move keeps it; 0 when absent).
    @inline(__always)
    private func rowChanged(_ row: inout Row, _ base: UnsafeRawPointer) -> Bool {
        guard case .element(let at, let find) = members[Int(row.member)].probe else { return true }
        if at(base, row.index) == row.old { return false }
        let (index, stamp) = find(base)
        guard stamp == row.old else { return true }
        row.index = index
        return false
    }
}

/// The `size` bytes at `pointer` (1...16), zero-extended into two words.
@inline(__always)
func loadBits(_ pointer: UnsafeRawPointer, size: Int) -> (UInt64, UInt64) {
    switch size {
    case 1: return (UInt64(pointer.load(as: UInt8.self)), 0)
    case 2: return (UInt64(pointer.loadUnaligned(as: UInt16.self)), 0)
    case 4: return (UInt64(pointer.loadUnaligned(as: UInt32.self)), 0)
    case 8: return (pointer.loadUnaligned(as: UInt64.self), 0)
    case 16: return (pointer.loadUnaligned(as: UInt64.self), pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    default:
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.baseAddress!.copyMemory(from: pointer, byteCount: size) }
        return words
    }
}

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
final class MemberObservation<State> {
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
        let probe: Probe
        var isArmed = false
        /// For an element member: its group's member index.
        var group: Int32 = -1
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
        /// A collection's rows: `offset` of its content stamp, or `stamp` when not stored.
        case group(offset: Int?, stamp: (UnsafeRawPointer) -> UInt64)
        /// Fires on every handled action (computed members, over-firing types).
        case always
    }

    /// What identifies a member: the key path read (after `prefix`, for a slice's reads), and
    /// what of it is tracked.
    @usableFromInline
    struct Key: Hashable {
        let path: AnyKeyPath
        let prefix: AnyKeyPath?
        let variant: Variant
        let id: AnyHashable?
    }

    @usableFromInline
    enum Variant: UInt8, Hashable {
        case value, caseName, structure, group, element
    }

    @usableFromInline var members: ContiguousArray<Member> = []
    @usableFromInline var table: [Key: Int32] = [:]
    /// Armed members (elements excepted: they wait in their group's list).
    @usableFromInline var armed: ContiguousArray<Armed> = []
    /// By group member index: its armed elements and the stamp each was armed with.
    @usableFromInline var groupElements: [Int32: ContiguousArray<(member: Int32, old: UInt64)>] = [:]
    /// A direct-mapped cache from a key path object to its value member: a key path literal is
    /// one object for the life of the process, so a repeated read finds its member without
    /// hashing the key path. The cache retains the key paths it holds, so an address it
    /// compares with is never reused by another key path.
    @usableFromInline var cacheKeys = ContiguousArray<AnyKeyPath?>(repeating: nil, count: 64)
    @usableFromInline var cacheMembers = ContiguousArray<Int32>(repeating: 0, count: 64)
    /// Members that changed in the current compare, reused from pass to pass.
    @usableFromInline var fired: ContiguousArray<Int32> = []

    @usableFromInline
    init() {}

    var hasArmed: Bool { !armed.isEmpty }

    // MARK: Registering

    /// The member for `keyPath` read as a value, registered on first use.
    @inlinable
    func valueMember<Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 63
        if cacheKeys[slot] === keyPath { return cacheMembers[slot] }
        let member = registerValue(keyPath)
        cacheKeys[slot] = keyPath
        cacheMembers[slot] = member
        return member
    }

    @usableFromInline
    func registerValue<Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .value, id: nil)
        if let existing = table[key] { return existing }
        return add(key, probe: valueProbe(keyPath))
    }

    /// The member for `local` read through a slice whose local state is at `prefix`: tracked as
    /// the root path `prefix` + `local` (built once, when first read).
    func prefixedMember<Local, Value>(_ prefix: KeyPath<State, Local>, _ local: KeyPath<Local, Value>) -> Int32 {
        let key = Key(path: local, prefix: prefix, variant: .value, id: nil)
        if let existing = table[key] { return existing }
        return add(key, probe: valueProbe(prefix.appending(path: local)))
    }

    /// The member for a root path known only as a partial key path (a scattered field's
    /// binding, an optional child's field): its value type is opened at run time.
    func partialMember(_ keyPath: PartialKeyPath<State>) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .value, id: nil)
        if let existing = table[key] { return existing }
        func open<Value>(_: Value.Type) -> Probe {
            guard let typed = keyPath as? KeyPath<State, Value> else { return .always }
            return valueProbe(typed)
        }
        return add(key, probe: _openExistential(type(of: keyPath).valueType, do: open))
    }

    func caseMember<Value>(_ keyPath: KeyPath<State, Value>) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .caseName, id: nil)
        if let existing = table[key] { return existing }
        // A computed member is never evaluated after a reduce: it fires on every handled action.
        guard let offset = MemoryLayout<State>.offset(of: keyPath) else { return add(key, probe: .always) }
        let probe = Probe.number({ base in
            caseAddress(of: base.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }, same: { old, new in old != 0 && old == new })
        return add(key, probe: probe)
    }

    func structureMember<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .structure, id: nil)
        if let existing = table[key] { return existing }
        if let offset = MemoryLayout<State>.offset(of: keyPath) {
            return add(key, probe: .stamp(offset: offset + IdentifiedArray<Element>.structureStampOffset))
        }
        return add(key, probe: .number({ base in
            base.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath].structureStamp
        }, same: ==))
    }

    /// The member for the element with `id` of the collection at `keyPath`, with its group.
    func elementMember<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>, id: Element.ID) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .element, id: AnyHashable(id))
        if let existing = table[key] { return existing }
        let group = groupMember(keyPath)
        let offset = MemoryLayout<State>.offset(of: keyPath)
        let read: (UnsafeRawPointer) -> UInt64 = if let offset {
            { base in base.advanced(by: offset).assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee.stamp(of: id) ?? 0 }
        } else {
            { base in base.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath].stamp(of: id) ?? 0 }
        }
        let member = add(key, probe: .number(read, same: ==))
        members[Int(member)].group = group
        return member
    }

    func groupMember<Element: Identifiable>(_ keyPath: KeyPath<State, IdentifiedArray<Element>>) -> Int32 {
        let key = Key(path: keyPath, prefix: nil, variant: .group, id: nil)
        if let existing = table[key] { return existing }
        let offset = MemoryLayout<State>.offset(of: keyPath).map { $0 + IdentifiedArray<Element>.stampOffset }
        return add(key, probe: .group(offset: offset, stamp: { base in
            base.assumingMemoryBound(to: State.self).pointee[keyPath: keyPath].stamp
        }))
    }

    private func add(_ key: Key, probe: Probe) -> Int32 {
        let index = Int32(members.count)
        members.append(Member(probe: probe))
        table[key] = index
        return index
    }

    /// How the member at `keyPath` is compared: see the comparison classes in <doc:Observation>.
    func valueProbe<Value>(_ keyPath: KeyPath<State, Value>) -> Probe {
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
            return .bits(offset: offset, size: size, equal: equal)
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
            guard case .number(let read, _) = members[index].probe else { return }
            groupElements[group, default: []].append((member, read(base)))
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
        case .group(let offset, let stamp):
            entry.kind = .group
            entry.offset = offset ?? -1
            entry.old0 = offset.map { base.loadUnaligned(fromByteOffset: $0, as: UInt64.self) } ?? stamp(base)
        case .always:
            break
        }
        return entry
    }

    /// Compares every armed member with the state at `base`: the changed ones are disarmed and
    /// listed in ``fired``, in the order they were armed; the rest stay armed.
    @usableFromInline
    func collectChanged(_ base: UnsafeRawPointer) {
        fired.removeAll(keepingCapacity: true)
        let count = armed.count
        let kept = armed.withUnsafeMutableBufferPointer { entries in
            var write = 0
            for read in 0..<count {
                if keeps(&entries[read], base) {
                    if write != read { entries[write] = entries[read] }
                    write += 1
                }
            }
            return write
        }
        armed.removeLast(count - kept)
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
        let stamp: UInt64
        if entry.offset >= 0 {
            stamp = base.loadUnaligned(fromByteOffset: entry.offset, as: UInt64.self)
        } else if case .group(_, let read) = members[Int(entry.member)].probe {
            stamp = read(base)
        } else {
            stamp = 0
        }
        if stamp == entry.old0 { return true }
        entry.old0 = stamp
        var rows = groupElements.removeValue(forKey: entry.member) ?? []
        rows.removeAll { row in
            guard case .number(let read, let same) = members[Int(row.member)].probe, !same(row.old, read(base)) else { return false }
            members[Int(row.member)].isArmed = false
            fired.append(row.member)
            return true
        }
        if rows.isEmpty {
            members[Int(entry.member)].isArmed = false
            return false
        }
        groupElements[entry.member] = rows
        return true
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

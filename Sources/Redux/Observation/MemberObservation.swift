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

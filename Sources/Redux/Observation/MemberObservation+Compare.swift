// Arming and comparing: what a read takes as a member's old value, and the compare after a
// handled action (see MemberObservation).

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

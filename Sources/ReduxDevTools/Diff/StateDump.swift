/// A structural rendering of a value, built from its `Mirror`: the tree that the TestStore prints
/// and that ``structuralDiff(expected:actual:)`` compares.
///
/// Every node is one of: a leaf (a string, a number, a `Bool`, a payload-less enum case, `nil`,
/// a `Date`, a `UUID`, `<cycle>` …, already rendered as text), a structure (a struct or class:
/// its type name and labelled stored properties), an enum case with a payload, a tuple, a
/// collection (indexed children `[0]`, `[1]` …), a set (elements sorted by their one-line text)
/// or a dictionary (entries labelled by their key's one-line text, sorted by it). Optionals are
/// transparent: a wrapped value dumps as itself, an empty one as the leaf `nil`. How a value
/// becomes a tree is described at ``init(of:)``.
///
/// The tree is deterministic: two equal trees render the same text, and building one from the
/// same value twice gives equal trees (children are in declaration order; sets and dictionaries
/// are sorted). It is a value (`Hashable`, `Sendable`) and holds nothing of the value it came from.
///
/// The idea of a structural dump with a diff over it comes from Point-Free's swift-custom-dump
/// (used by The Composable Architecture's `TestStore`); this type and its format are written for
/// this library.
package struct StateDump: Hashable, Sendable {
    /// What a node is; it decides the node's brackets and how its children are compared.
    package enum Kind: Hashable, Sendable {
        /// Already-rendered text (``StateDump/head``), no children.
        case leaf
        /// A struct or a class: `Head(` labelled children `)`.
        case structure
        /// An enum case with a payload: `.name(` children `)`.
        case enumCase
        /// A tuple: `(` children, labelled or not, `)`.
        case tuple
        /// An ordered collection: `[` children labelled `[index]` `]`.
        case collection
        /// A set: `Set([` elements in the order of their one-line text `])`.
        case set
        /// A dictionary: `[` entries labelled by their key's one-line text, in that order `]`.
        case dictionary
    }

    /// A child of a node: its label (a property name, `[index]`, a key's text; `nil` for a set's
    /// element or an unlabelled tuple or payload element) and its dump.
    package struct Child: Hashable, Sendable {
        /// The label, rendered before the value as `label: value`.
        package var label: String?
        /// The child's dump.
        package var value: StateDump

        /// A child labelled `label`.
        package init(label: String?, value: StateDump) {
            self.label = label
            self.value = value
        }
    }

    /// What the node is.
    package var kind: Kind
    /// A leaf's text; a structure's type name; an enum case's `.name`; empty for the others.
    package var head: String
    /// The children, in rendering order (empty for a leaf).
    package var children: [Child]

    /// A node of `kind` with `head` and `children`.
    package init(kind: Kind, head: String, children: [Child] = []) {
        self.kind = kind
        self.head = head
        self.children = children
    }

    /// A leaf showing `text`.
    package static func leaf(_ text: String) -> StateDump {
        StateDump(kind: .leaf, head: text)
    }

    /// The widest one-line form that a tuple or an enum payload of leaves is printed in, and the
    /// widest one-line summary of an unchanged node in a diff (in UTF-8 bytes).
    package static let inlineWidth = 60

    // MARK: Rendering

    /// The multi-line rendering, two spaces of indentation per level, no trailing newline.
    ///
    /// Structures, collections, sets and dictionaries put each child on its own line (an empty
    /// one is a single line: `Name()`, `[]`, `Set([])`, `[:]`); tuples and enum payloads whose
    /// children are all leaves stay on one line when it fits ``inlineWidth``.
    package var text: String {
        var lines: [String] = []
        appendLines(label: nil, depth: 0) { depth, text in
            lines.append(String(repeating: "  ", count: depth) + text)
        }
        return lines.joined(separator: "\n")
    }

    /// The one-line rendering (`Row(id: 1, title: "a")`, `[1, 2]`, `["k": 1]`, `.loaded(5)`),
    /// used for set order, dictionary keys and short summaries. Collections omit their indices.
    package var line: String {
        var out = ""
        _ = writeLine(into: &out, limit: nil)
        return out
    }

    /// The one-line rendering if it is at most `limit` UTF-8 bytes long, `nil` otherwise (stops
    /// as soon as the limit is passed, so it is cheap on large trees).
    package func line(limit: Int) -> String? {
        var out = ""
        return writeLine(into: &out, limit: limit) ? out : nil
    }

    /// The one-line rendering when it fits ``inlineWidth``, otherwise the brackets around an
    /// ellipsis (`Row(…)`, `[…]`, `.loaded(…)`): how a diff shows an unchanged node.
    package var summary: String {
        if let short = line(limit: Self.inlineWidth) { return short }
        if kind == .leaf {
            // A long string (or other leaf) is cut, not printed whole beside a change.
            return String(head.prefix(Self.inlineWidth)) + "…"
        }
        let (open, close) = brackets
        return open + "…" + close
    }

    /// Whether this node is printed on one line in ``text`` (leaves, empty nodes, and tuples and
    /// enum payloads of leaves that fit ``inlineWidth``).
    package var isInline: Bool {
        switch kind {
        case .leaf: return true
        case .structure, .collection, .set, .dictionary: return children.isEmpty
        case .tuple, .enumCase:
            return children.allSatisfy { $0.value.kind == .leaf } && line(limit: Self.inlineWidth) != nil
        }
    }

    /// The opening and closing text of a node with children.
    package var brackets: (open: String, close: String) {
        switch kind {
        case .leaf: return (head, "")
        case .structure, .enumCase: return (head + "(", ")")
        case .tuple: return ("(", ")")
        case .collection, .dictionary: return ("[", "]")
        case .set: return ("Set([", "])")
        }
    }

    /// Calls `emit(depth, text)` for each line of this node rendered under `label`, starting
    /// at `depth`.
    package func appendLines(label: String?, depth: Int, _ emit: (Int, String) -> Void) {
        let prefix = label.map { $0 + ": " } ?? ""
        if isInline {
            emit(depth, prefix + line)
            return
        }
        let (open, close) = brackets
        emit(depth, prefix + open)
        for child in children {
            child.value.appendLines(label: child.label, depth: depth + 1, emit)
        }
        emit(depth, close)
    }

    /// Appends the one-line rendering to `out`; `false` as soon as `out` exceeds `limit`.
    private func writeLine(into out: inout String, limit: Int?) -> Bool {
        func fits() -> Bool { limit.map { out.utf8.count <= $0 } ?? true }
        switch kind {
        case .leaf:
            out += head
            return fits()
        case .dictionary where children.isEmpty:
            out += "[:]"
            return fits()
        default:
            break
        }
        let (open, close) = brackets
        out += open
        for (index, child) in children.enumerated() {
            if index > 0 { out += ", " }
            if let label = child.label, kind != .collection { out += label + ": " }
            guard fits(), child.value.writeLine(into: &out, limit: limit) else { return false }
        }
        out += close
        return fits()
    }
}

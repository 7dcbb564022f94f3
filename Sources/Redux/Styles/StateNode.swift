/// A node of a state tree that reduces itself and hands each action down to its children:
/// SwiftUIRedux's "waterfall" reducer style.
///
/// Every node of one tree takes the root's action type, so a child sees every action and picks
/// what concerns it. The library cannot enumerate a struct's children; a node hands the action
/// down itself, in place — `child.reduce(action)` for a stored child, `reduceEach(&children, action)` for an
/// array or an ``IdentifiedArray`` of children:
///
/// ```swift
/// struct Library: StateNode {
///     var shelves: [Shelf]
///     mutating func reduce(_ action: LibraryAction) {
///         reduceEach(&shelves, action)
///     }
/// }
/// ```
///
/// The requirement is `mutating`, so the store reduces its state where it lives: nothing is
/// copied, in debug builds too. (The seed's borrowed `func reduce(_:) -> Self` shape copies the
/// whole tree at every action; it is not offered.) A node cannot decline an action: the
/// reducer built from it always answers ``ReducerExit/next``.
///
/// Build a store from a root node with ``Store/init(initialState:options:onLog:)``, or a
/// reducer for a chain (and for lifting) with ``Reducer/init(id:node:)``. Isolation: called on
/// the main actor, like every reducer.
public protocol StateNode<Action> {
    /// The root action type of the tree this node belongs to.
    associatedtype Action: Sendable
    /// Reduces `action` into this node, in place, then hands it down to the node's children.
    mutating func reduce(_ action: Action)
}

/// Hands `action` down to every node of `nodes`, in order, in place (no element is copied).
@inlinable
public func reduceEach<Node: StateNode>(_ nodes: inout [Node], _ action: Node.Action) {
    for index in nodes.indices { nodes[index].reduce(action) }
}

/// Hands `action` down to every element of `nodes`, in order, in place. An element whose id
/// changes keeps its place and its identity, as with any in-place mutation of the collection.
@inlinable
public func reduceEach<Node: StateNode & Identifiable>(_ nodes: inout IdentifiedArray<Node>, _ action: Node.Action) {
    for index in nodes.indices { nodes.withElement(at: index) { $0.reduce(action) } }
}

/// Hands `action` down to `node` when it is present.
@inlinable
public func reduceEach<Node: StateNode>(_ node: inout Node?, _ action: Node.Action) {
    guard node != nil else { return }
    node!.reduce(action)
}

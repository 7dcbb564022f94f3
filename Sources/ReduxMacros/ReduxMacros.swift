@_exported import Redux

/// Makes an action enum an ``ActionIdentifiable`` and ``CaseEmbeddable`` one. (Skeleton.)
@attached(member, names: named(actionIdentity), named(Embeddings), named(embeddings), arbitrary)
@attached(extension, conformances: ActionIdentifiable, CaseEmbeddable)
public macro ReduxAction() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxActionMacro")

/// A state struct's memberwise initializer, `Sendable` and `Equatable`. (Skeleton.)
@attached(member, names: named(init), named(fields))
@attached(extension, conformances: Sendable, Equatable)
public macro ReduxState() = #externalMacro(module: "ReduxMacrosPlugin", type: "ReduxStateMacro")

/// Binds a stored property of a `@ReduxState` module state to a root state field. (Skeleton.)
@attached(peer)
public macro Field<Root, Value>(_ root: WritableKeyPath<Root, Value>) = #externalMacro(module: "ReduxMacrosPlugin", type: "FieldMacro")

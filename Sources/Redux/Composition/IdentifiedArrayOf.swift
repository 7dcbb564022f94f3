/// ``IdentifiedArray`` of `Element`, under the name The Composable Architecture gives its
/// identified arrays (`IdentifiedArrayOf<Row>`), so state written against that name reads the
/// same here. The same type, not a wrapper: everything ``IdentifiedArray`` documents applies.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element>

extension IdentifiedArray {
    var stamp: UInt64 { 0 }
    var structureStamp: UInt64 { 0 }
    func stamp(of id: Element.ID) -> UInt64? { nil }
}

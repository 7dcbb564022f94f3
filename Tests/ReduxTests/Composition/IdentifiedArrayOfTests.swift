import Redux
import Testing

/// `IdentifiedArrayOf` is `IdentifiedArray`, under The Composable Architecture's name.
@Suite("IdentifiedArrayOf")
struct IdentifiedArrayOfTests {
    private struct Row: Identifiable, Equatable, Sendable {
        let id: Int
        var title: String
    }

    @Test func identifiedArrayOfIsAnIdentifiedArrayOfItsElement() {
        var rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
        rows[id: 2]?.title = "c"
        let plain: IdentifiedArray<Row> = rows
        #expect(plain[id: 2] == Row(id: 2, title: "c"))
        #expect(plain.ids == [1, 2])
    }
}

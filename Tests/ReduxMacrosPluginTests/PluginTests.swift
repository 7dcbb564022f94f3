import Testing
@testable import ReduxMacrosPlugin

struct PluginTests {
    @Test func thePluginProvidesEachDeclaredMacro() {
        #expect(Set(providedMacros.keys) == ["ReduxActionMacro", "ReduxStateMacro", "FieldMacro"])
    }
}

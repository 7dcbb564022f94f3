import ReduxMacros
import Testing

struct SkeletonTests {
    @Test func reduxMacrosReexportsRedux() {
        let identity: ActionIdentity = "a.b"
        #expect(identity.path == "a.b")
    }
}

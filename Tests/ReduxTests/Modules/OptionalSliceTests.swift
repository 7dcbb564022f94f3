import Redux
import Testing

/// An optional slice exists only while its child does (an optional field that is not `nil`, the
/// enum case that is current); it reads and writes that child instance, and once the instance is
/// gone it is detached for good: it reads its last value, dispatches nothing and logs a warning.
@Suite("Optional slices follow one child instance", .timeLimit(.minutes(5)))
@MainActor
struct OptionalSliceTests {
    @Test func noSliceWhileTheOptionalChildIsNil() {
        let store = makeSliceStore()
        #expect(store.slice(SliceMaps.editor) == nil)
    }

    @Test func noSliceWhileTheEnumIsNilOrAnotherCase() {
        let store = makeSliceStore()
        #expect(store.slice(SliceMaps.screen) == nil, "nil")
        store.dispatch(.showAbout)
        #expect(store.slice(SliceMaps.screen) == nil, "another case")
    }

    @Test func aPresentOptionalChildIsReadAndWrittenInTheRoot() throws {
        let store = makeSliceStore()
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(SliceMaps.editor))
        #expect(editor.name == "editing 1")
        editor.dispatch(.rename("Grace"))
        #expect(store.state.editor?.name == "Grace")
        #expect(editor.name == "Grace")
        #expect(editor.isDetached == false)
    }

    @Test func theCurrentEnumCaseIsReadAndWrittenInTheRoot() throws {
        let store = makeSliceStore()
        store.dispatch(.showScreen(id: 4))
        let screen = try #require(store.slice(SliceMaps.screen))
        #expect(screen.name == "screen 4")
        screen.dispatch(.setNotifications(true))
        #expect(store.state.screen == .profile(SliceProfile(id: 4, name: "screen 4", notifications: true)))
    }

    @Test func afterTheChildIsDismissedTheSliceIsDetached() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(SliceMaps.editor))
        editor.dispatch(.rename("last name"))
        #expect(editor.name == "last name")
        store.dispatch(.closeEditor)
        #expect(editor.isDetached)
        #expect(editor.name == "last name", "the value it last read")
        let enqueuedBefore = log.enqueuedActions
        editor.dispatch(.rename("too late")); let line: UInt = #line
        #expect(log.enqueuedActions == enqueuedBefore, "nothing dispatched")
        #expect(store.state.editor == nil)
        let warnings = log.events.compactMap { event -> (SliceAppAction, ChildPath, CallSite)? in
            if case let .detachedSlice(path, site) = event.kind { return (event.action, path, site) }
            return nil
        }
        #expect(warnings.map(\.0) == [.editor(.rename("too late"))], "the root action not dispatched")
        #expect(warnings.map(\.1.description) == ["editor"])
        #expect(warnings.first?.2.line == line)
    }

    @Test func anEnumCaseSliceIsDetachedWhenAnotherCaseIsShown() throws {
        let log = LogRecorder<SliceAppAction>()
        let store = makeSliceStore(onLog: log.handler)
        store.dispatch(.showScreen(id: 1))
        let screen = try #require(store.slice(SliceMaps.screen))
        store.dispatch(.showAbout)
        #expect(screen.isDetached)
        #expect(screen.name == "screen 1")
        screen.dispatch(.rename("lost"))
        #expect(store.state.screen == .about)
        #expect(log.detachedSliceWarnings.map { $0.hasSuffix(" screen") } == [true])
    }

    @Test func aChildShownAgainWithAnotherIdIsANewInstance() throws {
        let diagnostics = DiagnosticLines()
        let store = diagnostics.capturing { makeSliceStore() }
        store.dispatch(.showScreen(id: 1))
        let old = try #require(store.slice(SliceMaps.screen))
        store.dispatch(.showScreen(id: 2))
        #expect(old.isDetached, "an Identifiable child is told apart by its id")
        #expect(old.name == "screen 1")
        old.dispatch(.rename("lost"))
        #expect(store.state.screen == .profile(SliceProfile(id: 2, name: "screen 2")), "the new instance is not reached")
        let new = try #require(store.slice(SliceMaps.screen))
        new.dispatch(.rename("found"))
        #expect(new.name == "found")
        diagnostics.expect(["the slice of screen is detached"])
    }

    @Test func detachedIsForGoodEvenWhenTheChildComesBack() throws {
        let diagnostics = DiagnosticLines()
        let store = diagnostics.capturing { makeSliceStore() }
        store.dispatch(.openEditor(id: 1))
        let editor = try #require(store.slice(SliceMaps.editor))
        store.dispatch(.closeEditor)
        #expect(editor.isDetached)
        store.dispatch(.openEditor(id: 1))
        #expect(editor.isDetached, "once seen gone, gone: a slice never re-attaches")
        editor.dispatch(.rename("lost"))
        #expect(store.state.editor?.name == "editing 1")
        diagnostics.expect(["the slice of editor is detached"])
    }
}

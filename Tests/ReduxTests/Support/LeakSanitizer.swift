// LeakSanitizer settings for `swift test --sanitize=address` (the ASan step of `.ci/run`).
//
// On Linux `swift test` runs the test binary twice: once through XCTest, which finds no tests
// here, and once through swift-testing. XCTest's own runner leaks its suite and run objects when
// it runs an empty set of tests (swift-corelibs-xctest issue #521, open), so without this the
// XCTest pass exits non-zero with ~368 bytes leaked, all allocated inside libXCTest.so.
//
// The sanitizer runtime calls this function, when the binary defines it, for suppressions to add
// to any given in LSAN_OPTIONS. The one rule drops only leaks whose allocation stack runs through
// libXCTest.so; no frame of this package's code or of swift-testing matches it, so any leak in
// the library or in a test is still reported and still fails the run.

@_cdecl("__lsan_default_suppressions")
func leakSanitizerDefaultSuppressions() -> UnsafePointer<CChar> {
    UnsafeRawPointer(StaticString("leak:libXCTest.so\n").utf8Start).assumingMemoryBound(to: CChar.self)
}

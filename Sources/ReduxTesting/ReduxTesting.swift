// The ReduxTesting product: tools for test targets — the TestStore, the middleware and resolver
// harnesses, and the virtual clocks (`TestClock`, `ImmediateClock`, from the ReduxClocks target,
// re-exported here). It links Swift Testing and XCTest, so apps and executables that only need
// a virtual clock (the demo) depend on ReduxClocks instead.
@_exported import Redux
@_exported import ReduxClocks

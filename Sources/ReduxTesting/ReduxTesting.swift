// The ReduxTesting product: tools for test targets — the TestStore, the middleware and resolver
// harnesses — with the virtual clocks (`TestClock`, `ImmediateClock`, from the ReduxClocks target)
// and the state dump and structural diff the TestStore prints (from the ReduxDevTools target)
// re-exported here. It links Swift Testing and XCTest, so apps and executables that only need a
// virtual clock or the diff (the demo) depend on ReduxClocks or ReduxDevTools instead.
@_exported import Redux
@_exported import ReduxClocks
@_exported import ReduxDevTools

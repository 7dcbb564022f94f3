// The ReduxTesting product: tools for test targets (virtual clocks; the TestStore comes later).
@_exported import Redux

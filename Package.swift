// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "swift-redux",
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Redux", targets: ["Redux"]),
        // For test targets: the TestStore, the harnesses, virtual clocks. `Redux` never depends on it.
        .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
        // The virtual clocks alone (`TestClock`, `ImmediateClock`), for targets that must not link
        // the test frameworks: an app's previews, a demo that replays on virtual time.
        .library(name: "ReduxClocks", targets: ["ReduxClocks"]),
        .executable(name: "redux-demo", targets: ["ReduxDemo"]),
        .executable(name: "redux-bench", targets: ["ReduxBench"]),
        .executable(name: "todos", targets: ["Todos"]),
    ],
    targets: [
        .target(name: "Redux"),
        // The virtual clocks, without Swift Testing or XCTest: ReduxTesting re-exports them, and
        // the demo (an executable, which must not link the test frameworks) uses them alone.
        .target(name: "ReduxClocks", dependencies: ["Redux"]),
        .target(name: "ReduxTesting", dependencies: ["Redux", "ReduxClocks"]),
        // An example feature module: written against its own state and actions, it depends on
        // `Redux` only and never on the app (CI builds it alone); the demo composes it.
        .target(name: "ReduxProfile", dependencies: ["Redux"], path: "Examples/Profile"),
        // The demo replays sessions on the TestClock (virtual time).
        .executableTarget(name: "ReduxDemo", dependencies: ["Redux", "ReduxClocks", "ReduxProfile"], path: "Examples/Demo"),
        // A command-line todo list kept in a file, on the public API of `Redux` only.
        .executableTarget(name: "Todos", dependencies: ["Redux"], path: "Examples/Todos"),
        // The persistence cases (P11) drive their flood on a `TestClock`.
        .executableTarget(name: "ReduxBench", dependencies: ["Redux", "ReduxClocks"], path: "Benchmarks/ReduxBench"),
        // A child process for the test that checks the real standard error (not a product).
        .executableTarget(name: "DiagnosticsProbe", dependencies: ["Redux"], path: "Tests/DiagnosticsProbe"),
        // A child process for the codec tests: a state's encoding under another hash seed, and
        // dates under another `TZ` (not a product).
        .executableTarget(name: "CodecProbe", dependencies: ["Redux"], path: "Tests/CodecProbe"),
        // A child process for the persistence tests: a save cut off by SIGKILL, the lock between
        // processes, dates under another `TZ` (not a product).
        .executableTarget(name: "PersistenceProbe", dependencies: ["Redux"], path: "Tests/PersistenceProbe"),
        // ReduxDemo: the example tests (Tests/ReduxTests/Examples) drive the demo's own features;
        // ReduxProfile: they run the example feature module standalone too. CodecProbe: built
        // next to the tests, which run it and share its fixture state. PersistenceProbe: built next to
        // the tests, which run it. Todos: built next to the tests, which run it as a process.
        .testTarget(name: "ReduxTests", dependencies: ["Redux", "ReduxTesting", "DiagnosticsProbe", "CodecProbe", "PersistenceProbe", "ReduxDemo", "ReduxProfile", "Todos"]),
    ],
    swiftLanguageModes: [.v6]
)

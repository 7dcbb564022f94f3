// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "swift-redux",
    platforms: [
        .macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2),
    ],
    products: [
        .library(name: "Redux", targets: ["Redux"]),
        // For test targets: virtual clocks (and, later, the TestStore). `Redux` never depends on it.
        .library(name: "ReduxTesting", targets: ["ReduxTesting"]),
        .executable(name: "redux-demo", targets: ["ReduxDemo"]),
        .executable(name: "redux-bench", targets: ["ReduxBench"]),
    ],
    targets: [
        .target(name: "Redux"),
        .target(name: "ReduxTesting", dependencies: ["Redux"]),
        // The demo replays sessions on ReduxTesting's TestClock (virtual time).
        .executableTarget(name: "ReduxDemo", dependencies: ["Redux", "ReduxTesting"], path: "Examples/Demo"),
        .executableTarget(name: "ReduxBench", dependencies: ["Redux"], path: "Benchmarks/ReduxBench"),
        // A child process for the test that checks the real standard error (not a product).
        .executableTarget(name: "DiagnosticsProbe", dependencies: ["Redux"], path: "Tests/DiagnosticsProbe"),
        .testTarget(name: "ReduxTests", dependencies: ["Redux", "ReduxTesting", "DiagnosticsProbe"]),
    ],
    swiftLanguageModes: [.v6]
)

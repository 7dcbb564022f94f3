// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

// MARK: - How the macros are built
//
// `REDUX_MACROS` picks the route (SwiftPM evaluates this manifest again when it changes):
// - `toolchain` (the default when the host modules are found): the swift-syntax modules the
//   toolchain ships prebuilt in `<toolchain>/usr/lib/swift/host`, reached through unsafe flags on
//   the macro targets only. No package dependency, no network.
// - `package` (the default otherwise: macOS with Xcode, a Linux toolchain without host modules):
//   the swift-syntax package, resolved from its repository.
// - `off`: no macro targets, no `ReduxMacros` product, no tests that use them.
// `REDUX_SWIFT_SYNTAX_HOST=<directory>` names the host directory when it cannot be found.

/// The first directory holding the toolchain's prebuilt `SwiftSyntaxMacros` module: the
/// override, then the toolchain running this manifest (its libraries, as mapped into this
/// process on Linux), then the `swift` on `PATH`.
func swiftSyntaxHostDirectory() -> String? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let override = environment["REDUX_SWIFT_SYNTAX_HOST"], !override.isEmpty {
        candidates.append(override)
    }
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            if let lib = path.range(of: "/lib/swift/") {
                candidates.append(String(path[..<lib.lowerBound]) + "/lib/swift/host")
            }
        }
    }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
        let usr = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(usr.appendingPathComponent("lib/swift/host").path)
    }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/SwiftSyntaxMacros.swiftmodule") }
}

enum MacroRoute {
    case toolchain(host: String)
    case package
    case off
}

let macroRoute: MacroRoute = {
    let requested = ProcessInfo.processInfo.environment["REDUX_MACROS"] ?? ""
    switch requested {
    case "off":
        return .off
    case "package":
        return .package
    case "toolchain":
        guard let host = swiftSyntaxHostDirectory() else {
            fatalError("REDUX_MACROS=toolchain, but no directory holding SwiftSyntaxMacros.swiftmodule was found: set REDUX_SWIFT_SYNTAX_HOST to <toolchain>/usr/lib/swift/host")
        }
        return .toolchain(host: host)
    case "":
        return swiftSyntaxHostDirectory().map { .toolchain(host: $0) } ?? .package
    default:
        fatalError("REDUX_MACROS=\(requested) is not a route: use toolchain, package or off")
    }
}()

/// The swift-syntax modules a macro target or its tests import, by route.
func swiftSyntax(_ modules: [String]) -> (dependencies: [Target.Dependency], swiftSettings: [SwiftSetting], linkerSettings: [LinkerSetting]) {
    switch macroRoute {
    case .toolchain(let host):
        return ([], [.unsafeFlags(["-I", host])], [.unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host])])
    case .package:
        return (modules.map { .product(name: $0, package: "swift-syntax") }, [], [])
    case .off:
        return ([], [], [])
    }
}

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
        // The state dump, the structural diff and the recording replay check, without the test
        // frameworks either: ReduxTesting re-exports it, and the demo checks its replays with it.
        .library(name: "ReduxDevTools", targets: ["ReduxDevTools"]),
        .executable(name: "redux-demo", targets: ["ReduxDemo"]),
        .executable(name: "redux-bench", targets: ["ReduxBench"]),
        // Renders a recording to one self-contained HTML page (ReduxDevTools' InspectorPage).
        .executable(name: "redux-inspect", targets: ["ReduxInspect"]),
        .executable(name: "todos", targets: ["Todos"]),
    ],
    targets: [
        .target(name: "Redux"),
        // The virtual clocks, without Swift Testing or XCTest: ReduxTesting re-exports them, and
        // the demo (an executable, which must not link the test frameworks) uses them alone.
        .target(name: "ReduxClocks", dependencies: ["Redux"]),
        // The state dump and the structural diff (what the TestStore prints, and what a replay
        // reports when it diverges), and the replay check that runs on the virtual clocks. No
        // test framework: ReduxTesting re-exports it, and the demo depends on it alone.
        .target(name: "ReduxDevTools", dependencies: ["Redux", "ReduxClocks"]),
        .target(name: "ReduxTesting", dependencies: ["Redux", "ReduxClocks", "ReduxDevTools"]),
        // The `redux-inspect` command: reads a recording file and writes its inspector page.
        .executableTarget(name: "ReduxInspect", dependencies: ["Redux", "ReduxDevTools"]),
        // An example feature module: written against its own state and actions, it depends on
        // `Redux` only and never on the app (CI builds it alone); the demo composes it.
        .target(name: "ReduxProfile", dependencies: ["Redux"], path: "Examples/Profile"),
        // The demo replays sessions on the TestClock (virtual time) and checks them with
        // ReduxDevTools; it links no test framework.
        .executableTarget(name: "ReduxDemo", dependencies: ["Redux", "ReduxClocks", "ReduxDevTools", "ReduxProfile"], path: "Examples/Demo"),
        // A command-line todo list kept in a file, on the public API of `Redux` only.
        .executableTarget(name: "Todos", dependencies: ["Redux"], path: "Examples/Todos"),
        // The persistence cases (P11) drive their flood on a `TestClock` (ReduxClocks); the
        // inspector cases (P14-inspect) render an `InspectorPage` (ReduxDevTools).
        .executableTarget(name: "ReduxBench", dependencies: ["Redux", "ReduxClocks", "ReduxDevTools"], path: "Benchmarks/ReduxBench"),
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
        // Recording/Golden: the recording tests' golden files, read from the source tree.
        .testTarget(
            name: "ReduxTests",
            dependencies: ["Redux", "ReduxTesting", "DiagnosticsProbe", "CodecProbe", "PersistenceProbe", "ReduxDemo", "ReduxProfile", "Todos"],
            exclude: ["Recording/Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - Macros

if case .off = macroRoute {} else {
    let implementations = swiftSyntax(["SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics"])
    let plugin = swiftSyntax(["SwiftSyntaxMacros", "SwiftCompilerPlugin"])
    let expansion = swiftSyntax(["SwiftSyntax", "SwiftSyntaxMacros", "SwiftSyntaxBuilder", "SwiftDiagnostics", "SwiftParser", "SwiftSyntaxMacroExpansion"])
    if case .package = macroRoute {
        package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-syntax.git", "600.0.0"..<"700.0.0"))
    }
    package.products.append(
        // `Redux` re-exported, plus `@ReduxAction`, `@ReduxState` and `@Field`.
        .library(name: "ReduxMacros", targets: ["ReduxMacros"])
    )
    package.targets += [
        // The macros' implementations: a plain library, so the expansion tests import it without
        // depending on the plugin executable (a test depending on a macro target is built for the
        // host with every other test target, executables' modules included).
        .target(
            name: "ReduxMacroImplementations",
            dependencies: implementations.dependencies,
            swiftSettings: implementations.swiftSettings,
            linkerSettings: implementations.linkerSettings
        ),
        // The compiler plugin (a host executable): its entry point over the implementations. With
        // the implementations, the only targets with unsafe flags on the toolchain route, reached
        // through the `ReduxMacros` product only.
        .macro(
            name: "ReduxMacrosPlugin",
            dependencies: ["ReduxMacroImplementations"] + plugin.dependencies,
            swiftSettings: plugin.swiftSettings,
            linkerSettings: plugin.linkerSettings
        ),
        // The macros' declarations, and `Redux` re-exported.
        .target(name: "ReduxMacros", dependencies: ["Redux", "ReduxMacrosPlugin"]),
        // The exact expanded source and the diagnostics of each macro, through the toolchain's
        // `SwiftSyntaxMacroExpansion`.
        .testTarget(
            name: "ReduxMacroImplementationsTests",
            dependencies: ["ReduxMacroImplementations"] + expansion.dependencies,
            swiftSettings: expansion.swiftSettings,
            linkerSettings: expansion.linkerSettings
        ),
        // The macros at their use sites: features written with them behave like the hand-written ones.
        .testTarget(name: "ReduxMacrosTests", dependencies: ["ReduxMacros", "ReduxTesting"]),
    ]
    // The demo spells its actions with `@ReduxAction` when the macros are on; `REDUX_MACROS`
    // (a compilation condition, not `canImport`, which a module left in the build folder by an
    // earlier build with the macros on would satisfy) picks that declaration.
    if let demo = package.targets.first(where: { $0.name == "ReduxDemo" }) {
        demo.dependencies.append("ReduxMacros")
        demo.swiftSettings = (demo.swiftSettings ?? []) + [.define("REDUX_MACROS")]
    }
}

import Foundation
import Synchronization

/// Keeps results alive: a value handed here is observably used, so the work producing it cannot
/// be optimised away.
enum Blackhole {
    static let sink = Atomic<Int>(0)

    @inline(never)
    static func consume(_ value: Int) {
        sink.wrappingAdd(value, ordering: .relaxed)
    }
}

/// A failed self-check: the bench measured something other than what it claims.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

/// Several timed runs of one case.
struct Samples {
    /// One figure per run, in the case's unit.
    let values: [Double]

    /// The middle run (the runs count is odd).
    var median: Double { values.sorted()[values.count / 2] }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
}

extension Duration {
    var nanoseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) * 1e-9
    }
}

/// Times a per-dispatch case: one warm-up run, then `runs` timed runs of `operations` iterations,
/// each reported as nanoseconds per operation. `loop` runs the whole loop for the count it gets.
@MainActor
func nanosecondsPerOperation(operations: Int, warmUp: Int, runs: Int, _ loop: (Int) throws -> Void) rethrows -> Samples {
    let clock = ContinuousClock()
    try loop(warmUp)
    var values: [Double] = []
    for _ in 0..<runs {
        let start = clock.now
        try loop(operations)
        let elapsed = start.duration(to: clock.now)
        values.append(elapsed.nanoseconds / Double(operations))
    }
    return Samples(values: values)
}

/// The process's resident set size in bytes, or `nil` where it cannot be read.
func residentBytes() -> Int? {
    #if os(Linux)
    // /proc/self/statm: size resident shared text lib data dt, in pages.
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #elseif canImport(Darwin)
    var info = mach_task_basic_info()
    var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
    let result = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) { raw in
            task_info(task_self_trap(), task_flavor_t(MACH_TASK_BASIC_INFO), raw, &count)
        }
    }
    return result == KERN_SUCCESS ? Int(info.resident_size) : nil
    #else
    return nil
    #endif
}

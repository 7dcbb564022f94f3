// The `unimplemented` test values: dependencies a test must not reach without overriding them.
// The idea is The Composable Architecture's `unimplemented`; every call here reports and goes
// on (a placeholder or an error), never stopping the process. A closure cannot see where it is
// called from, so every report names the place the value was declared unimplemented (the
// caller of `unimplemented`), which is also where the test's override belongs.

/// A value for a dependency the test must override: reading it reports a test failure and gives
/// `placeholder`.
///
/// Write it as a key's `testValue` (`static var testValue: Int { unimplemented("Limit",
/// placeholder: 0) }`): each read of the key in a test container that holds no value for it
/// reports, through ``UnimplementedReporting``, a failure naming `description` at this call's
/// place (the declaration), then returns `placeholder`. Never stops the process.
///
/// - Parameters:
///   - description: the dependency's name, for the report (`"ContactsClient.limit"`).
///   - placeholder: what the read gives after reporting.
///   - fileID: the declaration's file, for the report; the caller's by default.
///   - filePath: the declaration's full path; the caller's by default.
///   - line: the declaration's line; the caller's by default.
///   - column: the declaration's column; the caller's by default.
/// - Returns: `placeholder`.
public func unimplemented<Value>(
    _ description: String,
    placeholder: Value,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Value {
    UnimplementedReporting.report(unimplementedCall(description, fileID, filePath, line, column))
    return placeholder
}

/// A closure for a dependency's endpoint the test must override: each call reports a test failure
/// and returns `placeholder`.
///
/// The report names the place this closure was made (a closure cannot know its caller's), which
/// is the declaration the test overrides. For a client's non-throwing endpoint, of any number of arguments:
/// `var count: @Sendable (String) -> Int = unimplemented("Client.count", placeholder: 0)`.
/// Each call reports, through ``UnimplementedReporting``, a failure naming `description` at the
/// place this closure was made, then returns `placeholder` (evaluated at each call). The closure
/// converts to an `async` function type. Never stops the process.
///
/// - Parameters:
///   - description: the endpoint's name, for the report.
///   - placeholder: what each call returns after reporting.
///   - fileID: the declaration's file, for the report; the caller's by default.
///   - filePath: the declaration's full path; the caller's by default.
///   - line: the declaration's line; the caller's by default.
///   - column: the declaration's column; the caller's by default.
/// - Returns: a closure that reports and returns `placeholder`, whatever its arguments.
public func unimplemented<each Argument, Result>(
    _ description: String,
    placeholder: @autoclosure @escaping @Sendable () -> Result,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
    let call = unimplementedCall(description, fileID, filePath, line, column)
    return { (_: repeat each Argument) in
        UnimplementedReporting.report(call)
        return placeholder()
    }
}

/// A throwing closure for a dependency's endpoint the test must override: each call reports a
/// test failure and throws ``UnimplementedDependencyError``.
///
/// For a client's throwing endpoint, of any number of arguments:
/// `var search: @Sendable (String) async throws -> [Contact] = unimplemented("Client.search")`
/// (the closure converts to an `async` function type). Each call reports, through
/// ``UnimplementedReporting``, a failure naming `description` at the place this closure was made,
/// then throws. Never stops the process.
///
/// - Parameters:
///   - description: the endpoint's name, for the report and the error.
///   - fileID: the declaration's file, for the report; the caller's by default.
///   - filePath: the declaration's full path; the caller's by default.
///   - line: the declaration's line; the caller's by default.
///   - column: the declaration's column; the caller's by default.
/// - Returns: a closure that reports and throws, whatever its arguments.
public func unimplemented<each Argument, Result>(
    _ description: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
    let call = unimplementedCall(description, fileID, filePath, line, column)
    return { (_: repeat each Argument) throws -> Result in
        UnimplementedReporting.report(call)
        throw call
    }
}

/// A non-throwing closure returning nothing, for a dependency's endpoint the test must
/// override: each call reports a test failure and returns.
///
/// For a client's endpoint that returns `Void`, of any number of arguments:
/// `var track: @Sendable (String) -> Void = unimplemented("Analytics.track")` — no placeholder
/// needed. The closure converts to an `async` function type. Where the context asks for a
/// throwing closure, the throwing form wins (``unimplemented(_:fileID:filePath:line:column:)-1csmu``):
/// it reports and throws. Each call reports, through ``UnimplementedReporting``, a failure
/// naming `description` at the place this closure was made. Never stops the process.
///
/// - Parameters:
///   - description: the endpoint's name, for the report.
///   - fileID: the declaration's file, for the report; the caller's by default.
///   - filePath: the declaration's full path; the caller's by default.
///   - line: the declaration's line; the caller's by default.
///   - column: the declaration's column; the caller's by default.
/// - Returns: a closure that reports and returns, whatever its arguments.
@_disfavoredOverload
public func unimplemented<each Argument>(
    _ description: String,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
    unimplemented(description, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The report of a call of `description`, declared at the given place.
private func unimplementedCall(
    _ description: String, _ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt
) -> UnimplementedDependencyError {
    UnimplementedDependencyError(dependency: description, fileID: fileID, filePath: filePath, line: line, column: column)
}

import Foundation

/// A call of a dependency declared with ``unimplemented(_:placeholder:fileID:filePath:line:column:)->Value``
/// or one of its closure forms: what was called, and where it was declared unimplemented.
///
/// It is both the report given to ``UnimplementedReporting/reporter`` for every such call and the
/// error a throwing unimplemented closure throws after reporting. Its ``description`` names the
/// dependency and the declaration site.
///
/// Isolation: `Sendable`, a value.
public struct UnimplementedDependencyError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// What the declaration called the dependency (`"ContactsClient.search"`).
    public let dependency: String
    /// The declaration's file, as `#fileID` gives it (`Module/File.swift`).
    public let fileID: String
    /// The declaration's file, as `#filePath` gives it (a full path).
    public let filePath: String
    /// The declaration's line.
    public let line: Int
    /// The declaration's column.
    public let column: Int

    /// The declaration's place as the compiler gave it, for reporters that take a `StaticString`
    /// (`XCTFail(_:file:line:)`); `nil` for a report made with the public initializer.
    package let staticFilePath: StaticString?

    /// A report for `dependency`, declared unimplemented at the given place.
    public init(dependency: String, fileID: String, filePath: String, line: Int, column: Int) {
        self.dependency = dependency
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        self.staticFilePath = nil
    }

    /// A report for `dependency`, declared at the place the compiler gave.
    init(dependency: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.dependency = dependency
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        self.line = Int(line)
        self.column = Int(column)
        self.staticFilePath = filePath
    }

    /// One sentence: the dependency, that it was used, and where it was declared unimplemented.
    public var description: String {
        "Unimplemented dependency \(dependency) was called (declared unimplemented at \(fileID):\(line)); give the test a value for it."
    }

    /// ``description``, for `localizedDescription`.
    public var errorDescription: String? { description }
}

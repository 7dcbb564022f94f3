/// A call of a dependency declared with ``unimplemented(_:placeholder:fileID:filePath:line:column:)->Value``
/// or one of its closure forms: what was called, and where it was declared unimplemented.
///
/// It is both the report given to ``UnimplementedReporting/reporter`` for every such call and the
/// error a throwing unimplemented closure throws after reporting. Its ``description`` names the
/// dependency and the declaration site.
///
/// Isolation: `Sendable`, a value.
public struct UnimplementedDependencyError: Error, Sendable, CustomStringConvertible {
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

    /// A report for `dependency`, declared unimplemented at the given place.
    public init(dependency: String, fileID: String, filePath: String, line: Int, column: Int) {
        self.dependency = dependency
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// One sentence: the dependency, that it was used, and where it was declared unimplemented.
    public var description: String {
        "Unimplemented dependency \(dependency) was called (declared unimplemented at \(fileID):\(line)); give the test a value for it."
    }
}

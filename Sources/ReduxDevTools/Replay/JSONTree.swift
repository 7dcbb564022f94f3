import Foundation

/// A JSON document as plain Swift values — `[String: Any]`, `[Any]`, `String`, `Int`, `Double`,
/// `Bool`, `nil` — for the structural diff, which reads values through `Mirror`.
struct JSONTree {
    let value: Any

    /// Parses `data`; `nil` when it is not JSON.
    init?(parsing data: Data) {
        guard let node = try? JSONDecoder().decode(Node.self, from: data) else { return nil }
        value = node.value
    }

    /// One JSON value, decoded by kind.
    private enum Node: Decodable {
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([Node])
        case object([String: Node])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let array = try? container.decode([Node].self) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: Node].self))
            }
        }

        var value: Any {
            switch self {
            case .null: Optional<Int>.none as Any
            case .bool(let bool): bool
            case .integer(let integer): integer
            case .number(let number): number
            case .string(let string): string
            case .array(let array): array.map(\.value)
            case .object(let object): object.mapValues(\.value)
            }
        }
    }
}

import Foundation

/// Any JSON value, read loosely so that one field of the wrong type costs that field, not the
/// document (a typed `Decodable` JSON Feed model would reject the whole feed).
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a document with `JSONSerialization`: decoding this enum through `JSONDecoder` tries
    /// each case in turn and throws on every miss, which measured four times slower.
    init(parsing data: Data) throws {
        self.init(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    init(_ object: Any) {
        switch object {
        case let text as String: self = .string(text)
        case let array as [Any]: self = .array(array.map(JSONValue.init))
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues(JSONValue.init))
        case let number as NSNumber:
            // Booleans arrive as NSNumber too; JSONSerialization makes them the only "char" ones.
            if number.objCType.pointee == CChar(UInt8(ascii: "c")) {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        default: self = .null
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// A string, or a number written as one (ids are often numbers in practice).
    var string: String? {
        switch self {
        case .string(let value): value
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let value): Double(value)
        default: nil
        }
    }

    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var isObject: Bool {
        if case .object = self { return true }
        return false
    }
}

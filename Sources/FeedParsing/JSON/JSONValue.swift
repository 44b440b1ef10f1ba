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
    /// each case in turn and throws on every miss, which measured four times slower. Strings lose
    /// the characters XML 1.0 forbids (`"\u0000"` escapes: PostgreSQL refuses NUL in text); `dropped`
    /// is set when there were some.
    init(parsing data: Data, dropped: inout Bool) throws {
        self.init(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]), dropped: &dropped)
    }

    init(_ object: Any, dropped: inout Bool) {
        switch object {
        case let text as String: self = .string(Self.xmlCharacters(text, dropped: &dropped))
        case let array as [Any]: self = .array(array.map { JSONValue($0, dropped: &dropped) })
        case let dictionary as [String: Any]: self = .object(dictionary.mapValues { JSONValue($0, dropped: &dropped) })
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

    /// `text` without the characters XML 1.0 forbids: C0 controls other than tab, line feed and
    /// carriage return, U+FFFE and U+FFFF.
    static func xmlCharacters(_ text: String, dropped: inout Bool) -> String {
        // Only a control byte or 0xEF (the lead byte of U+FFFE and U+FFFF) can start one.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return text }
        let kept = text.unicodeScalars.filter { !HTMLEntities.isForbiddenInXML($0.value) }
        guard kept.count != text.unicodeScalars.count else { return text }
        dropped = true
        return String(String.UnicodeScalarView(kept))
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

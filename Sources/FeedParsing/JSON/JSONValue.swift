/// Any JSON value, read loosely so that one field of the wrong type costs that field, not the
/// document (a typed `Decodable` JSON Feed model would reject the whole feed).
enum JSONValue {
    case null
    case bool(Bool)
    case number(Double)
    /// A string of up to 15 bytes: a small `String`, made without allocating.
    case string(String)
    /// A longer string, as UTF-8 (see ``JSONParser/stringValue()``); ``string`` makes it a `String`.
    case utf8([UInt8])
    case array([JSONValue])
    /// Members in document order. A feed object has a dozen keys looked up a few times each: a
    /// linear search over them costs less than hashing every key into a dictionary.
    case object([(key: String, value: JSONValue)])

    /// Parses a UTF-8 document with ``JSONParser``. Strings lose the characters XML 1.0 forbids
    /// (`"\u0000"` escapes: PostgreSQL refuses NUL in text); `dropped` is set when there were some.
    init(parsing text: [UInt8], dropped: inout Bool) throws(JSONSyntaxError) {
        self = try text.withUnsafeBufferPointer { (bytes) throws(JSONSyntaxError) -> JSONValue in
            let scratch = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            defer { scratch.deallocate() }
            var parser = JSONParser(bytes, scratch: scratch)
            let root = try parser.document()
            dropped = dropped || parser.dropped
            return root
        }
    }

    /// The member named `key`; the last one when the key repeats, as JSON parsers usually do.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// A string, or a number written as one (ids are often numbers in practice).
    var string: String? {
        switch self {
        case .string(let value): value
        case .utf8(let value): String(decoding: value, as: UTF8.self)
        case .number(let value) where value.isFinite:
            value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    var number: Double? {
        switch self {
        case .number(let value): value
        case .string(let value): Double(value)
        case .utf8: string.flatMap { Double($0) }
        default: nil
        }
    }

    /// `body` over the UTF-8 of a string, without making a `String` of a long one; nil for
    /// anything else.
    func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        switch self {
        case .string(var value): value.withUTF8(body)
        case .utf8(let value): value.withUnsafeBufferPointer(body)
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

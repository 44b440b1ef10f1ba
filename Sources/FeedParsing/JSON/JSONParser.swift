/// Why a document is not JSON, and where: the byte offset of the problem.
struct JSONSyntaxError: Error, Equatable {
    let problem: String
    let offset: Int

    /// The problem with its line and column in `text` (columns count characters, from 1), for the
    /// `invalidJSON` reason: one line a person can act on.
    func reason(in text: [UInt8]) -> String {
        var line = 1
        var column = 1
        for byte in text.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "\(problem) at line \(line), column \(column)"
    }
}

/// A JSON reader over UTF-8 bytes that builds ``JSONValue`` directly. `JSONSerialization` and the
/// walk converting its `Any` tree cost more than the rest of the feed reading together.
///
/// It accepts what `JSONSerialization` accepted, so feeds read as before: one trailing comma
/// before `]` or `}`, any value at the top, a leading byte-order mark, 512 levels of nesting.
/// Where that refused a whole document over one string, it is lenient per string instead: a lone
/// surrogate escape becomes U+FFFD and raw control characters are taken as text (the ones XML
/// forbids dropped with the rest, see ``stringValue()``).
struct JSONParser {
    /// `JSONSerialization`'s limit; it also keeps the recursion far from the end of the stack.
    static let maxDepth = 512

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Whether a string lost characters XML forbids.
    var dropped = false
    /// Where a string with escapes is written, as long as the document: unescaping never makes a
    /// string longer (`\n` is two bytes for one, `\uD83D\uDE00` twelve for four), so appending
    /// is a plain copy, with no growing and no check. `Array.append` cost ~100 instructions a run.
    let scratch: UnsafeMutableBufferPointer<UInt8>
    /// How much of ``scratch`` the current string has written.
    var written = 0

    /// A parser of `bytes`; `scratch` holds at least `bytes.count` bytes.
    init(_ bytes: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutableBufferPointer<UInt8>) {
        precondition(scratch.count >= bytes.count)
        self.bytes = bytes
        self.scratch = scratch
    }

    /// The string last unescaped into ``scratch``.
    var unescaped: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: scratch.baseAddress, count: written)
    }

    /// The one value the document holds, with nothing but whitespace after it.
    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        let root = try value(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw failure("unexpected \(found) after the JSON value") }
        return root
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw failure("the document ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            index += 1
            return try stringValue()
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("expected a value, found \(found)")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("more than \(Self.maxDepth) nested arrays and objects") }
        index += 1
        var elements: [JSONValue] = []
        if try closes(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            elements.append(try value(depth: depth))
            if try nextMember(closing: UInt8(ascii: "]"), in: "an array") { return .array(elements) }
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure("more than \(Self.maxDepth) nested arrays and objects") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        if try closes(UInt8(ascii: "}")) { return .object(members) }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key in quotes, found \(found)")
            }
            index += 1
            let key = try key()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after the key \"\(key.prefix(40))\", found \(found)")
            }
            index += 1
            members.append((key, try value(depth: depth)))
            if try nextMember(closing: UInt8(ascii: "}"), in: "an object") { return .object(members) }
        }
    }

    /// Skips the space after an opening bracket; true when `closer` follows at once (and is read).
    private mutating func closes(_ closer: UInt8) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        return true
    }

    /// Reads the "," between members, or the closing bracket: true when the container closed.
    /// A comma right before the bracket is allowed, as `JSONSerialization` allowed it.
    private mutating func nextMember(closing closer: UInt8, in container: String) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw failure("the document ends inside \(container)") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return try closes(closer)
        case closer:
            index += 1
            return true
        default:
            throw failure("expected ',' or '\(Character(Unicode.Scalar(closer)))' in \(container), found \(found)")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count - index >= expected.count, expected.indices.allSatisfy({ bytes[index + $0] == expected[$0] })
        else { throw failure("expected a value, found \(found)") }
        index += expected.count
    }

    mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            // Space, tab, line feed and carriage return: JSON's whitespace, and only that.
            guard byte <= 0x20, (1 &<< UInt64(byte)) & 0x1_0000_2600 != 0 else { return }
            index += 1
        }
    }

    /// The byte at `index` as a reader would name it.
    var found: String {
        guard index < bytes.count else { return "the end of the document" }
        let byte = bytes[index]
        return byte >= 0x21 && byte < 0x7F
            ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    func failure(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: index)
    }
}

/// Strings: made once from their UTF-8 bytes, dropping what XML 1.0 forbids on the way.
extension JSONParser {
    /// A string value whose opening quote was just read, the characters XML 1.0 forbids dropped
    /// (see ``scan(filtering:)``). Longer than a small `String` (15 bytes), it stays bytes: making
    /// a `String` validates the UTF-8 once more, which cost more than all the parsing, and the
    /// longest strings (`content_html`) go on to the sanitizer as bytes.
    mutating func stringValue() throws(JSONSyntaxError) -> JSONValue {
        if let plain = try scan(filtering: true) {
            let text = UnsafeBufferPointer(rebasing: bytes[plain])
            return text.count <= 15 ? .string(String(decoding: text, as: UTF8.self)) : .utf8(Array(text))
        }
        return written <= 15 ? .string(String(decoding: unescaped, as: UTF8.self)) : .utf8(Array(unescaped))
    }

    /// A key whose opening quote was just read, kept as written: only values are text that leaves
    /// the parser.
    mutating func key() throws(JSONSyntaxError) -> String {
        if let plain = try scan(filtering: false) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[plain]), as: UTF8.self)
        }
        return String(decoding: unescaped, as: UTF8.self)
    }

    /// Reads a string up to and including its closing quote: the range of its bytes when they are
    /// its text as written, else nil with the text in ``unescaped``. With `filtering`, the
    /// characters XML 1.0 forbids are dropped and ``dropped`` is set: C0 controls other than tab,
    /// line feed and carriage return (raw or escaped, `\u0000` included), U+FFFE and U+FFFF.
    ///
    /// The document is valid UTF-8 (``FeedTextDecoder`` made it so), so a string without escapes
    /// or forbidden characters needs no more than finding its end.
    private mutating func scan(filtering: Bool) throws(JSONSyntaxError) -> Range<Int>? {
        let start = index
        while true {
            skipPlain()
            guard index < bytes.count else { throw failure("the document ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<index - 1
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || isNonCharacter(at: index) {
                try unescape(from: start, filtering: filtering)
                return nil
            }
            index += 1
        }
    }

    /// Reads the rest of a string that needs unescaping or filtering into ``unescaped``, its first
    /// `index - start` bytes plain.
    private mutating func unescape(from start: Int, filtering: Bool) throws(JSONSyntaxError) {
        written = 0
        var run = start
        while true {
            skipPlain()
            guard index < bytes.count else { throw failure("the document ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                copy(from: run)
                index += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                copy(from: run)
                try escape(filtering: filtering)
                run = index
            } else if filtering, byte < 0x20 || byte == 0xEF, forbidden(at: index) {
                copy(from: run)
                index += byte < 0x20 ? 1 : 3
                run = index
                dropped = true
            } else {
                index += 1
            }
        }
    }

    /// Advances `index` to the next byte that may need more than copying: a quote, a backslash,
    /// a C0 control, or 0xEF (which leads U+FFFE and U+FFFF, among others). Eight bytes at a
    /// time (`ByteScan`), as a string's text is most of a feed.
    private mutating func skipPlain() {
        index = ByteScan.first(
            bytes, from: index, to: bytes.count,
            flags: {
                ByteScan.equal($0, UInt8(ascii: "\"")) | ByteScan.equal($0, UInt8(ascii: "\\"))
                    | ByteScan.equal($0, 0xEF) | ByteScan.below($0, 0x20)
            },
            matches: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 || $0 == 0xEF })
    }

    /// Whether the raw character at `offset` is one XML forbids.
    private func forbidden(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte < 0x20 { return byte != 0x09 && byte != 0x0A && byte != 0x0D }
        return isNonCharacter(at: offset)
    }

    /// Whether the bytes at `offset` are U+FFFE or U+FFFF (EF BF BE, EF BF BF).
    private func isNonCharacter(at offset: Int) -> Bool {
        bytes[offset] == 0xEF && offset + 2 < bytes.count && bytes[offset + 1] == 0xBF
            && bytes[offset + 2] & 0xFE == 0xBE
    }

    /// Reads the escape at `index` (a backslash) into ``unescaped``.
    private mutating func escape(filtering: Bool) throws(JSONSyntaxError) {
        index += 1
        guard index < bytes.count else { throw failure("the document ends inside a string") }
        let letter = bytes[index]
        index += 1
        let scalar: UInt32
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = UInt32(letter)
        case UInt8(ascii: "n"): scalar = 0x0A
        case UInt8(ascii: "t"): scalar = 0x09
        case UInt8(ascii: "r"): scalar = 0x0D
        case UInt8(ascii: "b"): scalar = 0x08
        case UInt8(ascii: "f"): scalar = 0x0C
        case UInt8(ascii: "u"): scalar = try unicodeEscape()
        default:
            index -= 1
            throw failure("unknown escape '\\\(Character(Unicode.Scalar(letter)))' in a string")
        }
        if filtering, HTMLEntities.isForbiddenInXML(scalar) {
            dropped = true
        } else {
            appendUTF8(scalar)
        }
    }

    /// The character of a `\uXXXX` escape whose "u" was just read, joining a surrogate pair. A
    /// surrogate without its other half becomes U+FFFD rather than costing the document.
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
        let unit = try hex4()
        switch unit {
        case 0xD800...0xDBFF:
            let after = index
            if bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                index += 2
                let low = try hex4()
                if (0xDC00...0xDFFF).contains(low) { return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00) }
            }
            // Not a low surrogate: read whatever follows as itself.
            index = after
            return 0xFFFD
        case 0xDC00...0xDFFF: return 0xFFFD
        default: return unit
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("the document ends inside a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected a hexadecimal digit in a \\u escape, found \(found)")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Appends the bytes from `run` to `index` to ``unescaped``.
    private mutating func copy(from run: Int) {
        guard index > run, let source = bytes.baseAddress, let target = scratch.baseAddress else { return }
        (target + written).initialize(from: source + run, count: index - run)
        written += index - run
    }

    private mutating func put(_ byte: UInt8) {
        scratch[written] = byte
        written += 1
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            put(UInt8(scalar))
        case ..<0x800:
            put(UInt8(0xC0 | scalar >> 6))
            put(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            put(UInt8(0xE0 | scalar >> 12))
            put(UInt8(0x80 | scalar >> 6 & 0x3F))
            put(UInt8(0x80 | scalar & 0x3F))
        default:
            put(UInt8(0xF0 | scalar >> 18))
            put(UInt8(0x80 | scalar >> 12 & 0x3F))
            put(UInt8(0x80 | scalar >> 6 & 0x3F))
            put(UInt8(0x80 | scalar & 0x3F))
        }
    }
}

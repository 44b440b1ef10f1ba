/// The HTML Standard's "prescan a byte stream to determine its encoding": the `<meta charset>` or
/// `<meta http-equiv="content-type" content="…; charset=…">` a page declares in its first 1,024
/// bytes, found the way browsers find it, so an article page is read in the encoding its author saw.
///
/// The scan follows the standard step by step (comments skipped, other tags' attributes read and
/// passed over, so a `charset=` inside a `title="…"` declares nothing, the first of repeated
/// attributes counted) over bytes, without building a String until a label is found. Two
/// departures: running out of bytes anywhere ends the scan with nothing, as the standard's
/// 1,024-byte end condition does; and a label `FeedEncoding` cannot read is passed over like an
/// unknown one (the scan goes on to the next `<meta>`), since the decoder could not use it.
package enum HTMLCharsetPrescan {
    /// How far the scan reads: the first 1,024 bytes, as the standard advises.
    package static let window = 1024

    /// The label of the encoding a `<meta>` in the first 1,024 bytes of `bytes` declares, spelled as
    /// `FeedEncoding` spells it ("windows-1251"), or nil. UTF-16 labels give "utf-8" and
    /// `x-user-defined` gives "windows-1252", as the standard says: a page whose ASCII bytes were
    /// readable is not UTF-16, whatever it claims.
    package static func charset(in bytes: [UInt8]) -> String? {
        var scan = Scan(bytes: bytes, end: min(bytes.count, window))
        return scan.run()?.rawValue
    }
}

/// One pass over the window; `position` moves forward only, so the scan is linear.
private struct Scan {
    let bytes: [UInt8]
    let end: Int
    var position = 0

    /// What "get an attribute" found: an attribute (name and value as ranges of `bytes`, compared
    /// ASCII case-insensitively), none before the tag's `>`, or the end of the window.
    enum Attribute {
        case attribute(name: Range<Int>, value: Range<Int>)
        case tagEnd
        case inputEnd
    }

    /// The `charset` of a `<meta>` so far: none yet, a label the decoder cannot use, or an encoding.
    enum Charset {
        case unset
        case unusable
        case encoding(FeedEncoding)
    }

    mutating func run() -> FeedEncoding? {
        while position < end {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            if starts(with: "<!--") {
                // The "--" of "-->" may be the opening one's: "<!-->" is a whole comment.
                guard let close = find("-->", in: position + 2..<end) else { return nil }
                position = close + 2
            } else if startsMeta() {
                position += 6
                switch meta() {
                case .found(let encoding): return encoding
                case .nothing: break
                case .inputEnd: return nil
                }
            } else if isTagStart() {
                position += bytes[position + 1] == UInt8(ascii: "/") ? 2 : 1
                while position < end, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
                    position += 1
                }
                skipAttributes: while true {
                    switch attribute() {
                    case .attribute: continue
                    case .tagEnd: break skipAttributes
                    case .inputEnd: return nil
                    }
                }
            } else if starts(with: "<!") || starts(with: "</") || starts(with: "<?") {
                guard let close = find(">", in: position + 1..<end) else { return nil }
                position = close
            }
            position += 1
        }
        return nil
    }

    /// What a `<meta>` declared.
    enum Meta {
        case found(FeedEncoding)
        case nothing
        case inputEnd
    }

    /// Reads a `<meta>`'s attributes, from just past `<meta` and its space or slash.
    mutating func meta() -> Meta {
        var seenHTTPEquiv = false
        var seenContent = false
        var seenCharset = false
        var gotPragma = false
        var needPragma: Bool?
        var charset = Charset.unset
        attributes: while true {
            switch attribute() {
            case .inputEnd: return .inputEnd
            case .tagEnd: break attributes
            case .attribute(let name, let value):
                // Only the first of repeated attributes counts.
                if same(name, "http-equiv"), !seenHTTPEquiv {
                    seenHTTPEquiv = true
                    if same(value, "content-type") { gotPragma = true }
                } else if same(name, "content"), !seenContent {
                    seenContent = true
                    if case .unset = charset, let found = charsetInContent(value) {
                        charset = .encoding(found)
                        needPragma = true
                    }
                } else if same(name, "charset"), !seenCharset {
                    seenCharset = true
                    charset = encoding(value)
                    needPragma = false
                }
            }
        }
        // A `content` counts only beside http-equiv="content-type"; a `charset` counts alone.
        guard let needPragma, !needPragma || gotPragma, case .encoding(let encoding) = charset else { return .nothing }
        return .found(encoding)
    }

    /// The standard's "get an attribute", from `position`; leaves `position` after it.
    mutating func attribute() -> Attribute {
        while position < end, Self.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: "/") {
            position += 1
        }
        guard position < end else { return .inputEnd }
        guard bytes[position] != UInt8(ascii: ">") else { return .tagEnd }
        let nameStart = position
        while true {
            guard position < end else { return .inputEnd }
            let byte = bytes[position]
            // A leading "=" is part of the name.
            if byte == UInt8(ascii: "="), position > nameStart {
                position += 1
                return value(of: nameStart..<position - 1)
            }
            if Self.isSpace(byte) { break }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") {
                return .attribute(name: nameStart..<position, value: position..<position)
            }
            position += 1
        }
        let name = nameStart..<position
        while position < end, Self.isSpace(bytes[position]) { position += 1 }
        guard position < end else { return .inputEnd }
        guard bytes[position] == UInt8(ascii: "=") else { return .attribute(name: name, value: position..<position) }
        position += 1
        return value(of: name)
    }

    /// The value after an attribute's `=`: quoted, empty before a `>`, or unquoted up to a space or `>`.
    mutating func value(of name: Range<Int>) -> Attribute {
        while position < end, Self.isSpace(bytes[position]) { position += 1 }
        guard position < end else { return .inputEnd }
        let first = bytes[position]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let close = bytes[(position + 1)..<end].firstIndex(of: first) else { return .inputEnd }
            defer { position = close + 1 }
            return .attribute(name: name, value: (position + 1)..<close)
        }
        if first == UInt8(ascii: ">") { return .attribute(name: name, value: position..<position) }
        let start = position
        position += 1
        while position < end {
            if Self.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: ">") {
                return .attribute(name: name, value: start..<position)
            }
            position += 1
        }
        return .inputEnd
    }

    /// The standard's "extracting a character encoding from a meta element" over a `content`
    /// value: the label after the first `charset=`, quoted or up to a space or `;`. Nil when there
    /// is none or it is not an encoding (then a later `content` may still name one).
    func charsetInContent(_ value: Range<Int>) -> FeedEncoding? {
        var from = value.lowerBound
        while let at = find("charset", in: from..<value.upperBound) {
            var index = at + 7
            while index < value.upperBound, Self.isSpace(bytes[index]) { index += 1 }
            guard index < value.upperBound, bytes[index] == UInt8(ascii: "=") else {
                from = index
                continue
            }
            index += 1
            while index < value.upperBound, Self.isSpace(bytes[index]) { index += 1 }
            guard index < value.upperBound else { return nil }
            let first = bytes[index]
            let label: Range<Int>
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let close = bytes[(index + 1)..<value.upperBound].firstIndex(of: first) else { return nil }
                label = (index + 1)..<close
            } else {
                var stop = index
                while stop < value.upperBound, !Self.isSpace(bytes[stop]), bytes[stop] != UInt8(ascii: ";") {
                    stop += 1
                }
                label = index..<stop
            }
            guard case .encoding(let encoding) = encoding(label) else { return nil }
            return encoding
        }
        return nil
    }

    /// The standard's "get an encoding" over a label, with its two prescan substitutions.
    func encoding(_ label: Range<Int>) -> Charset {
        var label = label
        while let first = label.first, Self.isSpace(bytes[first]) { label = label.dropFirst() }
        while let last = label.last, Self.isSpace(bytes[last]) { label = label.dropLast() }
        // Real labels are short; a long value is not one, and need not become a String.
        guard !label.isEmpty, label.count <= 40 else { return .unusable }
        let text = String(decoding: bytes[label], as: UTF8.self)
        if Self.utf16Labels.contains(text.lowercased()) { return .encoding(.utf8) }
        guard let encoding = FeedEncoding(label: text) else { return .unusable }
        // `FeedEncoding` already reads x-user-defined as windows-1252, as the prescan must.
        switch encoding {
        case .utf16BigEndian, .utf16LittleEndian: return .encoding(.utf8)
        default: return .encoding(encoding)
        }
    }

    /// The Encoding Standard's labels of UTF-16LE and UTF-16BE, some of which `FeedEncoding` does
    /// not read; the prescan turns every one into UTF-8.
    static let utf16Labels: Set<String> = [
        "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "unicodefffe", "utf-16", "utf-16be",
        "utf-16le",
    ]

    /// `<meta` (any case) followed by a space or a slash.
    func startsMeta() -> Bool {
        guard position + 5 < end, same(position + 1..<position + 5, "meta") else { return false }
        let next = bytes[position + 5]
        return Self.isSpace(next) || next == UInt8(ascii: "/")
    }

    /// `<` or `</` followed by an ASCII letter.
    func isTagStart() -> Bool {
        var index = position + 1
        if index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
        guard index < end else { return false }
        let folded = bytes[index] | 0x20
        return folded >= UInt8(ascii: "a") && folded <= UInt8(ascii: "z")
    }

    func starts(with text: StaticString) -> Bool {
        position + text.utf8CodeUnitCount <= end && same(position..<position + text.utf8CodeUnitCount, text)
    }

    /// The index of the first `text` (lowercase ASCII) in `range`, ignoring the case of ASCII letters.
    func find(_ text: StaticString, in range: Range<Int>) -> Int? {
        let count = text.utf8CodeUnitCount
        var index = range.lowerBound
        while index + count <= range.upperBound {
            if same(index..<index + count, text) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes[range]` is `text` (lowercase ASCII), ignoring the case of ASCII letters.
    func same(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        var index = range.lowerBound
        var pointer = text.utf8Start
        while index < range.upperBound {
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
            guard byte == pointer.pointee else { return false }
            index += 1
            pointer += 1
        }
        return true
    }

    /// The HTML Standard's ASCII whitespace: tab, LF, FF, CR and space.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}

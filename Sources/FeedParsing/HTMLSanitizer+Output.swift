extension SanitizerPass {
    /// Writes `</name>` for the element with id `id`.
    mutating func writeEndTag(_ id: Int) {
        if plain != nil, tables.byID[id].block { plain!.blockBoundary() }
        output.append(UInt8(ascii: "<"))
        output.append(UInt8(ascii: "/"))
        output.append(tables.names[id])
        output.append(UInt8(ascii: ">"))
    }

    /// Writes the text from `start` to the next "<" with references decoded and `&`, `<`, `>`
    /// escaped; returns the index of that "<" (or the end).
    mutating func text(from start: Int) -> Int {
        var index = start
        var run = start
        while index < bytes.count {
            index = ByteScan.first(
                bytes, from: index, to: bytes.count,
                flags: {
                    ByteScan.below($0, 0x20) | ByteScan.equal($0, UInt8(ascii: "<"))
                        | ByteScan.equal($0, UInt8(ascii: "&")) | ByteScan.equal($0, UInt8(ascii: ">"))
                },
                matches: {
                    $0 < 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: ">")
                })
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">") || Self.isControl(byte) else {
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            if Self.isControl(byte) {
                // NUL and the other controls XML forbids are dropped; vertical tab and form feed,
                // which HTML reads as spaces, become spaces.
                if byte == 0x0B || byte == 0x0C { output.append(UInt8(ascii: " ")) }
                index += 1
                run = index
                continue
            }
            // Letting the reference run past the "<" that ends the text changes nothing: no name holds one.
            if byte == UInt8(ascii: "&"),
                let (character, end) = HTMLEntities.reference(bytes, at: index, end: bytes.count)
            {
                for decoded in character.utf8 { appendEscaped(decoded, quotes: false) }
                index = end
            } else {
                appendEscaped(byte, quotes: false)
                index += 1
            }
            run = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
        return index
    }

    /// Appends `value` with `&`, `<`, `>` and `"` escaped, and controls XML forbids dropped.
    mutating func appendEscaped(_ value: [UInt8]) {
        value.withUnsafeBufferPointer { value in
            var run = 0
            for index in 0..<value.count {
                let byte = value[index]
                guard
                    byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "<")
                        || byte == UInt8(ascii: ">") || Self.isControl(byte)
                else { continue }
                output.append(UnsafeBufferPointer(rebasing: value[run..<index]))
                if !Self.isControl(byte) { appendEscaped(byte, quotes: true) }
                run = index + 1
            }
            output.append(UnsafeBufferPointer(rebasing: value[run...]))
        }
    }

    /// Whether `byte` is a C0 control other than tab, line feed and carriage return.
    @inline(__always)
    static func isControl(_ byte: UInt8) -> Bool {
        byte < 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D
    }

    /// Appends `byte`, escaped when it is `&`, `<`, `>` (or `"` in attribute values).
    @inline(__always)
    mutating func appendEscaped(_ byte: UInt8, quotes: Bool) {
        switch byte {
        case UInt8(ascii: "&"): output.append("&amp;")
        case UInt8(ascii: "<"): output.append("&lt;")
        case UInt8(ascii: ">"): output.append("&gt;")
        case UInt8(ascii: "\"") where quotes: output.append("&quot;")
        default: output.append(byte)
        }
    }
}

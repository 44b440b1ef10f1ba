extension SanitizerPass {
    /// Writes `</name>` for the element with id `id`.
    mutating func writeEndTag(_ id: Int) {
        if plain != nil, tables.byID[id].block { plain!.blockBoundary() }
        output.append(tables.endTags[id])
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

    /// Writes what ``text(from:)`` writes and, in the same scan, its plain text: runs of characters
    /// go to both at once, and only whitespace, references, `>` and controls are looked at one by
    /// one. The caller makes sure that no cut can fall inside (an input byte writes at most five).
    mutating func textWithPlain(from start: Int) -> Int {
        let end = bytes.count
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") { break }
            let space = HTMLText.Writer.whitespaceLength(bytes, at: index, end: end)
            // A single space between words mid-line is written as it is in both: it starts the run.
            let leadingSpace =
                byte == 0x20 && plain!.continuesWithSpace && index + 1 < end && isRunByte(at: index + 1)
            if space > 0, !leadingSpace {
                // Vertical tab and form feed, which HTML reads as spaces, become spaces.
                if byte == 0x0B || byte == 0x0C {
                    output.append(UInt8(ascii: " "))
                } else {
                    output.append(UnsafeBufferPointer(rebasing: bytes[index..<index + space]))
                }
                plain!.space()
                index += space
                continue
            }
            if byte < 0x20 {  // the other controls XML forbids are dropped
                index += 1
                continue
            }
            if byte == UInt8(ascii: "&") || byte == UInt8(ascii: ">") {
                var character = ">"
                index += 1
                if byte == UInt8(ascii: "&") {
                    character = "&"
                    if let (decoded, after) = HTMLEntities.reference(bytes, at: index - 1, end: end) {
                        (character, index) = (decoded, after)
                    }
                }
                character.withUTF8 { decoded in
                    for byte in decoded { appendEscaped(byte, quotes: false) }
                    plain!.text(decoded, 0..<decoded.count, decoding: false)
                }
                continue
            }
            // A run of characters and single spaces between them: the same bytes in both.
            let run = index
            index += leadingSpace ? 2 : 1
            while index < end {
                index = ByteScan.first(
                    bytes, from: index, to: end,
                    flags: Self.mayEndRun,
                    matches: {
                        $0 <= 0x20 || $0 >= 0xC2 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<")
                            || $0 == UInt8(ascii: ">")
                    })
                guard index < end else { break }
                if isRunByte(at: index) {
                    index += 1
                } else if bytes[index] == 0x20, index + 1 < end, isRunByte(at: index + 1) {
                    index += 2
                } else {
                    break
                }
            }
            // A space that ends the text goes with the run to the output, and to the plain text as
            // the space it collapses into.
            if index < end, bytes[index] == 0x20, index + 1 == end || bytes[index + 1] == UInt8(ascii: "<") {
                output.append(UnsafeBufferPointer(rebasing: bytes[run..<index + 1]))
                plain!.run(bytes, run..<index)
                plain!.space()
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            plain!.run(bytes, run..<index)
        }
        return index
    }

    /// Lanes of `word` where a run of characters may end: what ``HTMLText/Writer`` stops at when
    /// decoding, and `<` and `>` (`>` is escaped); a space is flagged when one of those follows it.
    @inline(__always)
    private static func mayEndRun(_ word: UInt64) -> UInt64 {
        let spaces = ByteScan.equal(word, 0x20)
        let other =
            ByteScan.below(word, 0x21) | ByteScan.equal(word, 0xC2) | ByteScan.equal(word & 0xFCFC_FCFC_FCFC_FCFC, 0xE0)
            | ByteScan.equal(word, UInt8(ascii: "&")) | ByteScan.equal(word, UInt8(ascii: "<"))
            | ByteScan.equal(word, UInt8(ascii: ">"))
        return (other & ~spaces) | (spaces & (other >> 8)) | (spaces & 0x8000_0000_0000_0000)
    }

    /// Whether the byte at `index` continues a run of characters: not whitespace, a control, or
    /// one of `&`, `<`, `>`.
    @inline(__always)
    private func isRunByte(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte <= 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
            return false
        }
        return byte < 0xC2 || HTMLText.Writer.whitespaceLength(bytes, at: index, end: bytes.count) == 0
    }

    /// Appends `value` with `&`, `<`, `>` and `"` escaped, and controls XML forbids dropped.
    mutating func appendEscaped(_ value: [UInt8]) {
        value.withUnsafeBufferPointer { appendEscaped($0, 0..<$0.count) }
    }

    /// Appends `bytes[range]` as an attribute value: `&`, `<`, `>` and `"` escaped, controls XML
    /// forbids dropped. Most values (URLs, sizes, words) hold none, and are copied in one go.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var run = range.lowerBound
        var index = range.lowerBound
        while true {
            index = ByteScan.first(
                bytes, from: index, to: range.upperBound,
                flags: {
                    ByteScan.below($0, 0x20) | ByteScan.equal($0, UInt8(ascii: "&"))
                        | ByteScan.equal($0, UInt8(ascii: "\"")) | ByteScan.equal($0, UInt8(ascii: "<"))
                        | ByteScan.equal($0, UInt8(ascii: ">"))
                },
                matches: {
                    $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "<")
                        || $0 == UInt8(ascii: ">")
                })
            guard index < range.upperBound else { break }
            let byte = bytes[index]
            guard byte >= 0x20 || Self.isControl(byte) else {  // tab, line feed, carriage return stay
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            if !Self.isControl(byte) { appendEscaped(byte, quotes: true) }
            index += 1
            run = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[run..<range.upperBound]))
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

extension XMLWriter {
    enum Context {
        case text, attribute, html
    }

    /// Appends `text` escaped. `>` is always escaped so `]]>` never appears; in attribute values
    /// `"` and whitespace controls are escaped too (a parser would turn a raw newline into a space).
    /// Runs of ordinary bytes are copied whole.
    mutating func escape(_ text: String, _ context: Context) {
        var text = text
        text.withUTF8 { source in
            var start = 0
            var index = 0
            while index < source.count {
                let byte = source[index]
                // Letters and most of UTF-8 (not U+FFFE, U+FFFF, which start with EF).
                if byte > UInt8(ascii: ">"), byte != 0xEF {
                    index += 1
                    continue
                }
                var skip = 1
                let replacement: StaticString
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                    replacement = reference(byte, html: context == .html)
                case UInt8(ascii: "\"") where context == .attribute: replacement = "&quot;"
                case 0x09 where context == .attribute: replacement = "&#9;"
                case 0x0A where context == .attribute: replacement = "&#10;"
                case 0x0D: replacement = "&#13;"
                case 0xEF where index + 2 < source.count && source[index + 1] == 0xBF && source[index + 2] >= 0xBE:
                    (replacement, skip) = ("", 3)  // U+FFFE, U+FFFF
                case 0x09, 0x0A, 0x20...:
                    index += 1
                    continue
                default: replacement = ""  // C0 controls other than tab and newline
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
                bytes.append(
                    contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += skip
                start = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
        }
    }

    /// What `&`, `<` or `>` becomes; in plain text written as HTML, escaped twice (`&amp;amp;`).
    private func reference(_ byte: UInt8, html: Bool) -> StaticString {
        switch (byte, hexReferences, html) {
        case (UInt8(ascii: "&"), false, false): "&amp;"
        case (UInt8(ascii: "<"), false, false): "&lt;"
        case (_, false, false): "&gt;"
        case (UInt8(ascii: "&"), true, false): "&#x26;"
        case (UInt8(ascii: "<"), true, false): "&#x3C;"
        case (_, true, false): "&#x3E;"
        case (UInt8(ascii: "&"), false, true): "&amp;amp;"
        case (UInt8(ascii: "<"), false, true): "&amp;lt;"
        case (_, false, true): "&amp;gt;"
        case (UInt8(ascii: "&"), true, true): "&#x26;amp;"
        case (UInt8(ascii: "<"), true, true): "&#x26;lt;"
        case (_, true, true): "&#x26;gt;"
        }
    }
}

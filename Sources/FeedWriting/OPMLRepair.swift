/// Makes what OPML exporters write into XML: HTML entities become character references, a bare
/// `&` becomes `&amp;`, and control characters XML forbids (raw or as references) are dropped.
/// Comments and CDATA sections are copied as they are, less forbidden controls.
struct OPMLRepair {
    private let text: [UInt8]
    private var out: [UInt8] = []
    private var index = 0

    init(_ text: [UInt8]) {
        self.text = text
        out.reserveCapacity(text.count + 64)
    }

    mutating func run() -> [UInt8] {
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "<"), copy(from: "<!--", through: "-->") || copy(from: "<![CDATA[", through: "]]>")
            {
                continue
            }
            if byte == UInt8(ascii: "&") {
                reference()
            } else {
                if Self.allowed(byte) { out.append(byte) }
                index += 1
            }
        }
        return out
    }

    /// Copies a comment or CDATA section when one starts here.
    private mutating func copy(from start: String, through end: String) -> Bool {
        guard text[index...].starts(with: start.utf8) else { return false }
        let terminator = Array(end.utf8)
        var stop = index + start.utf8.count
        while stop < text.count, !text[stop...].starts(with: terminator) { stop += 1 }
        stop = min(text.count, stop + terminator.count)
        out.append(contentsOf: text[index..<stop].filter(Self.allowed))
        index = stop
        return true
    }

    /// An entity or character reference at `index`, repaired.
    private mutating func reference() {
        var end = index + 1
        while end < text.count, end - index <= 40, Self.isNameByte(text[end]) { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";"), end > index + 1 else {
            out.append(contentsOf: "&amp;".utf8)
            index += 1
            return
        }
        let name = String(decoding: text[(index + 1)..<end], as: UTF8.self)
        if let scalar = Self.numeric(name) {
            if Self.allowed(scalar) { out.append(contentsOf: text[index...end]) }
        } else if ["amp", "lt", "gt", "quot", "apos"].contains(name) {
            out.append(contentsOf: text[index...end])
        } else if let value = HTMLEntityNames.value(of: name) {
            out.append(contentsOf: "&#\(value);".utf8)
        } else {
            out.append(contentsOf: "&amp;".utf8)
            index += 1
            return
        }
        index = end + 1
    }

    /// The code point of `#123` or `#x7B`; nil for a name.
    private static func numeric(_ name: String) -> UInt32? {
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        if digits.first == "x" || digits.first == "X" { return UInt32(digits.dropFirst(), radix: 16) ?? 0 }
        return UInt32(digits) ?? 0
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "#")
    }

    private static func allowed(_ byte: UInt8) -> Bool { byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// XML 1.0's Char production.
    private static func allowed(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

/// One HTML tag read from bytes: its lower-case name and raw attributes. Quoted attribute values may
/// hold `>`; comments, doctypes, CDATA sections and processing instructions are `.other`.
enum Tag {
    case start(name: String, attributes: [(name: String, value: String)], selfClosing: Bool)
    case end(name: String)
    case other

    /// Reads a tag at the start of `bytes` (which begins with "<"), consuming it; nil (consuming
    /// nothing) when the "<" does not open a tag, as in "1 < 2".
    static func read(_ bytes: inout ArraySlice<UInt8>) -> Tag? {
        var i = bytes.startIndex + 1
        guard i < bytes.endIndex else { return nil }
        let c = bytes[i]
        if c == UInt8(ascii: "!") || c == UInt8(ascii: "?") {
            let comment = bytes[i...].starts(with: Array("!--".utf8))
            let terminator = comment ? Array("-->".utf8) : [UInt8(ascii: ">")]
            bytes = bytes[(find(terminator, in: bytes, from: i).map { $0 + terminator.count } ?? bytes.endIndex)...]
            return .other
        }
        let closing = c == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < bytes.endIndex, isNameByte(bytes[i]) { i += 1 }
        guard i > nameStart, isLetter(bytes[nameStart]) else { return nil }
        let name = String(decoding: bytes[nameStart..<i].map { $0 | (isLetter($0) ? 0x20 : 0) }, as: UTF8.self)
        var attributes: [(name: String, value: String)] = []
        var selfClosing = false
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") {
                bytes = bytes[(i + 1)...]
                return closing ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
            }
            if byte == UInt8(ascii: "/") {
                selfClosing = true
                i += 1
                continue
            }
            if byte <= 32 {
                i += 1
                continue
            }
            selfClosing = false
            let attributeStart = i
            while i < bytes.endIndex, bytes[i] > 32, bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                bytes[i] != UInt8(ascii: "/") || i == attributeStart
            { i += 1 }
            let attributeName = String(decoding: bytes[attributeStart..<i], as: UTF8.self).lowercased()
            var value = ""
            while i < bytes.endIndex, bytes[i] <= 32 { i += 1 }
            if i < bytes.endIndex, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < bytes.endIndex, bytes[i] <= 32 { i += 1 }
                if i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let valueStart = i + 1
                    i = bytes[valueStart...].firstIndex(of: quote) ?? bytes.endIndex
                    value = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                    if i < bytes.endIndex { i += 1 }
                } else {
                    let valueStart = i
                    while i < bytes.endIndex, bytes[i] > 32, bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = String(decoding: bytes[valueStart..<i], as: UTF8.self)
                }
            }
            attributes.append((attributeName, HTMLEntities.decode(value)))
        }
        // Unterminated tag: the rest of the input was inside it.
        bytes = bytes[bytes.endIndex...]
        return closing ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    static func isNameByte(_ c: UInt8) -> Bool {
        isLetter(c) || (c >= 48 && c <= 57) || c == UInt8(ascii: "-") || c == UInt8(ascii: ":")
    }

    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.endIndex {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// What happens to OPML bytes before `XMLParser` sees them. `XMLParser` expands entities, so any
/// entity declaration is refused (the "billion laughs" bomb hangs it otherwise); and OPML exporters
/// write HTML entities, bare `&` and control characters, which XML rejects, so those are repaired.
enum OPMLInput {
    static func prepare(_ bytes: [UInt8], limit: Int) throws(OPMLError) -> [UInt8] {
        guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count, limit: limit) }
        let text = validUTF8(utf8WithoutBOM(bytes))
        guard text.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) else { throw .empty }
        if declaresEntities(text) { throw .declaresEntities }
        var repair = OPMLRepair(text)
        // Last: the repair drops control characters, which can join "<", "?" into a new one.
        return withoutProcessingInstructions(repair.run())
    }

    /// UTF-8 stays as it is, less a byte order mark; UTF-16 becomes UTF-8 without its declaration
    /// (which would name the old encoding).
    static func utf8WithoutBOM(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let bigEndian: Bool
        switch (bytes.first, bytes.dropFirst().first) {
        case (0xFE, 0xFF), (0x00, 0x3C): bigEndian = true
        case (0xFF, 0xFE), (0x3C, 0x00): bigEndian = false
        default: return bytes
        }
        let (high, low) = bigEndian ? (0, 1) : (1, 0)
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { (index: Int) -> UInt16 in
            UInt16(bytes[index + high]) << 8 | UInt16(bytes[index + low])
        }
        var text = String(decoding: units, as: UTF16.self)
        if text.first == "\u{FEFF}" { text.removeFirst() }
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text.removeSubrange(..<end.upperBound) }
        return Array(text.utf8)
    }

    /// Invalid UTF-8 replaced by U+FFFD: FoundationXML traps making a String of an element name,
    /// comment or processing instruction that is not valid UTF-8 (found by `Fuzz/`).
    static func validUTF8(_ bytes: [UInt8]) -> [UInt8] {
        guard String(validating: bytes, as: UTF8.self) == nil else { return bytes }
        return Array(String(decoding: bytes, as: UTF8.self).utf8)
    }

    /// The text without processing instructions other than a leading XML declaration. OPML has no
    /// use for them, and FoundationXML crashes on one without data (`<?x?>`, found by `Fuzz/`).
    static func withoutProcessingInstructions(_ text: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            // A "?" right after a "<" already written starts one, including a "<" and a "?" that
            // the removal of an instruction between them has just joined ("<<??>?x?>").
            guard text[index] == UInt8(ascii: "?"), output.last == UInt8(ascii: "<") else {
                output.append(text[index])
                index += 1
                continue
            }
            var end = index + 1
            while end + 1 < text.count, !(text[end] == UInt8(ascii: "?") && text[end + 1] == UInt8(ascii: ">")) {
                end += 1
            }
            end = min(text.count, end + 2)
            let target = text[(index + 1)..<min(end, index + 5)]
            if output.count == 1, index == 1, target.starts(with: Array("xml".utf8)), target.count == 4,
                [0x20, 0x09, 0x0A, 0x0D].contains(target.last!), !text[index..<end].contains(UInt8(ascii: "<"))
            {
                output.append(contentsOf: text[index..<end])  // the XML declaration
            } else {
                output.removeLast()
            }
            index = end
        }
        return output
    }

    /// True for `<!ENTITY` anywhere, or a `<!DOCTYPE` with an internal subset (`[` outside quotes).
    static func declaresEntities(_ text: [UInt8]) -> Bool {
        if find("<!entity", in: text) != nil { return true }
        guard var index = find("<!doctype", in: text) else { return false }
        var quote: UInt8?
        while index < text.count {
            let byte = text[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                return true
            } else if byte == UInt8(ascii: ">") {
                return false
            }
            index += 1
        }
        return false
    }

    /// Where `needle` starts in `text`: its first byte exactly, the rest (lowercase ASCII) in any case.
    static func find(_ needle: String, in text: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        guard text.count >= pattern.count else { return nil }
        for index in 0...(text.count - pattern.count) where text[index] == pattern[0] {
            let rest = zip(text[(index + 1)...], pattern.dropFirst())
            if rest.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }) { return index }
        }
        return nil
    }
}

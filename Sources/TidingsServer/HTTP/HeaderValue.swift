/// Header values read on their bytes. Every response passes through the compression's type test
/// and every write through its body's, so these run on each request: Foundation's
/// `trimmingCharacters` and `lowercased` there cost more than the rest of the header work
/// (docs/benchmarks.md, single-event writes).
enum HeaderValue {
    /// The media type of a `Content-Type` value: the part before its parameters, without the
    /// spaces and tabs around it, in ASCII lower case ("application/json" for
    /// "Application/JSON; charset=utf-8").
    static func mediaType(_ value: String) -> String {
        var bytes = value.utf8[...]
        if let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")) { bytes = bytes[..<semicolon] }
        bytes = trimmed(bytes)
        guard bytes.contains(where: isUpper) else { return String(Substring(bytes)) }
        return String(decoding: bytes.map { isUpper($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The token after `scheme` and a space ("Bearer abc" → "abc"), the scheme in any case and the
    /// token without the spaces and tabs around it; nil for another scheme.
    static func credentials(_ value: String, scheme: String) -> String? {
        let bytes = value.utf8[...]
        let prefix = scheme.utf8
        guard bytes.count > prefix.count, bytes[bytes.index(bytes.startIndex, offsetBy: prefix.count)] == 0x20,
            zip(bytes, prefix).allSatisfy({ ($0 | 0x20) == ($1 | 0x20) })
        else { return nil }
        return String(Substring(trimmed(bytes.dropFirst(prefix.count + 1))))
    }

    static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
        var bytes = bytes
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
        return bytes
    }

    /// Whether `bytes` are `word` (ASCII, written in lower case) in any case.
    static func equalsIgnoringCase(_ bytes: Substring.UTF8View, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { word in
            bytes.count == word.count && zip(bytes, word).allSatisfy { ($0 | 0x20) == $1 }
        }
    }

    static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
}

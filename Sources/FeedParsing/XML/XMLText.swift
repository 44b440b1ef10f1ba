/// Decodes XML character data from UTF-8 bytes into UTF-8 bytes: the five XML entities, numeric
/// references and HTML's named references (feeds use `&nbsp;` and `&eacute;` without declaring
/// them), line ends normalised to "\n", and characters XML forbids (C0 controls other than tab and
/// line ends) dropped. Entities declared in a DTD are never expanded: they stay as written, which is
/// what keeps entity bombs linear.
enum XMLText {
    /// What decoding found that the caller may want to warn about.
    struct Findings: OptionSet {
        let rawValue: UInt8
        static let controlCharacters = Findings(rawValue: 1)
        static let undefinedEntity = Findings(rawValue: 2)
    }

    /// Appends the decoded form of `source[range]` to `output`. CDATA sections pass
    /// `entities: false`: their `&` is literal.
    @discardableResult
    static func append(
        _ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: Bool = true, to output: inout [UInt8]
    ) -> Findings {
        // Runs of ordinary bytes are copied in bulk; only "&", CR and controls are looked at one
        // by one (escaped HTML content is full of "&lt;", so this is the common path).
        var findings: Findings = []
        output.reserveCapacity(output.count + range.count)  // decoded text is almost never longer
        var runStart = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            i =
                entities
                ? ByteScan.first(
                    source, from: i, to: range.upperBound,
                    flags: { ByteScan.below($0, 0x20) | ByteScan.equal($0, UInt8(ascii: "&")) },
                    matches: { $0 < 0x20 || $0 == UInt8(ascii: "&") })
                : ByteScan.first(
                    source, from: i, to: range.upperBound, flags: { ByteScan.below($0, 0x20) },
                    matches: { $0 < 0x20 })
            guard i < range.upperBound else { break }
            let byte = source[i]
            guard byte != 0x0A, byte != 0x09 else {
                i += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<i]))
            if byte == UInt8(ascii: "&") {
                if let next = decodeReference(source, at: i, end: range.upperBound, into: &output, &findings) {
                    i = next
                } else {
                    findings.insert(.undefinedEntity)
                    output.append(byte)
                    i += 1
                }
            } else if byte == 0x0D {
                output.append(0x0A)
                i += i + 1 < range.upperBound && source[i + 1] == 0x0A ? 2 : 1
            } else {
                findings.insert(.controlCharacters)
                i += 1
            }
            runStart = i
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<range.upperBound]))
        return findings
    }

    /// The string `source[range]` decodes to.
    static func string(_ source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, entities: Bool = true) -> String {
        // Most values (URLs, names, types) have nothing to decode: made straight from the source.
        let special = ByteScan.first(
            source, from: range.lowerBound, to: range.upperBound,
            flags: { ByteScan.below($0, 0x20) | ByteScan.equal($0, UInt8(ascii: "&")) },
            matches: { $0 < 0x20 || $0 == UInt8(ascii: "&") })
        if special == range.upperBound {
            return String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        append(source, range, entities: entities, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes the reference at `start` ("&…;") into `output` and returns the index after it; nil
    /// (writing nothing) when it is not a reference we decode, which then stays as written. The
    /// five XML entities and decimal references, most of escaped HTML, are written as bytes directly.
    private static func decodeReference(
        _ source: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, into output: inout [UInt8],
        _ findings: inout Findings
    ) -> Int? {
        let limit = min(end, start + 34)
        var semicolon = start + 1
        while semicolon < limit, source[semicolon] != UInt8(ascii: ";") {
            let byte = source[semicolon]
            // Names and numbers only: anything else means a bare "&" (as in "AT&T").
            guard Tag.isNameByte(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "_") else { return nil }
            semicolon += 1
        }
        guard semicolon < limit, semicolon > start + 1 else { return nil }
        let name = UnsafeBufferPointer(rebasing: source[(start + 1)..<semicolon])
        switch name.count {
        case 2 where name[0] == UInt8(ascii: "l") && name[1] == UInt8(ascii: "t"): output.append(UInt8(ascii: "<"))
        case 2 where name[0] == UInt8(ascii: "g") && name[1] == UInt8(ascii: "t"): output.append(UInt8(ascii: ">"))
        case 3 where name[0] == UInt8(ascii: "a") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p"):
            output.append(UInt8(ascii: "&"))
        case 4 where is4(name, "quot"): output.append(UInt8(ascii: "\""))
        case 4 where is4(name, "apos"): output.append(UInt8(ascii: "'"))
        case 4 where is4(name, "nbsp"): output.append(contentsOf: [0xC2, 0xA0])
        default:
            if name[0] == UInt8(ascii: "#"), name.count > 1, name.count <= 8,
                let scalar = HTMLEntities.referenceNumber(UnsafeBufferPointer(rebasing: name.dropFirst())),
                scalar >= 0x20, scalar != 0x7F, !(0x80...0x9F).contains(scalar), scalar != 0xFFFE, scalar != 0xFFFF,
                let character = Unicode.Scalar(scalar)
            {
                // The common case (`&#8217;`) without building a String to look up.
                UTF8.encode(character) { output.append($0) }
                return semicolon + 1
            }
            guard let decoded = HTMLEntities.character(bytes: name) else { return nil }
            // XML forbids C0 controls, U+FFFE and U+FFFF even as references: dropped like literal ones.
            if decoded.isEmpty { findings.insert(.controlCharacters) }
            output.append(contentsOf: decoded.utf8)
        }
        return semicolon + 1
    }

    /// Whether the four bytes of `name` are `word`'s, compared as one integer.
    @inline(__always)
    private static func is4(_ name: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        UnsafeRawPointer(name.baseAddress!).loadUnaligned(as: UInt32.self)
            == UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt32.self)
    }
}

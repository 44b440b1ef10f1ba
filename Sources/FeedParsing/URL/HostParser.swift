/// The WHATWG host parser for special URLs: an IPv6 literal in brackets, else a domain made ASCII
/// (see ``Punycode`` for what is left out of UTS #46) that may turn out to be an IPv4 address in
/// any of the forms browsers accept ("0x7f.1", "2130706433", "0177.0.0.1"). Returns the
/// serialized host, or nil.
enum HostParser {
    static func parse(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]"),
                let address = IPv6.parse(input.dropFirst().dropLast())
            else { return nil }
            return Array(("[" + IPv6.serialize(address) + "]").utf8)
        }
        switch plainASCII(input) {
        case .host(let ascii):
            return endsInNumber(ascii) ? IPv4.parse(ascii).map { Array(IPv4.serialize($0).utf8) } : ascii
        case .failure: return nil
        case .other: break
        }
        let decoded = PercentDecoding.decode(input)
        // Valid UTF-8 only: decoding repairs bad sequences, so a repaired string differs from its bytes.
        let domain = String(decoding: decoded, as: UTF8.self)
        guard domain.utf8.elementsEqual(decoded), let ascii = toASCII(domain) else { return nil }
        if endsInNumber(ascii) {
            return IPv4.parse(ascii).map { Array(IPv4.serialize($0).utf8) }
        }
        return ascii
    }

    private enum Plain {
        case host([UInt8])
        case failure
        /// Percent-encoded, non-ASCII or with an "xn--" label: the general path.
        case other
    }

    /// The common case, without building strings: an ASCII host with nothing percent-encoded and
    /// no "xn--" label is its own ASCII form, lower-cased.
    private static func plainASCII(_ input: ArraySlice<UInt8>) -> Plain {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var labelStart = input.startIndex
        for index in input.indices {
            let byte = input[index]
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return .other }
            if isForbiddenInDomain(byte) { return .failure }
            if byte == UInt8(ascii: ".") { labelStart = index + 1 }
            // "xn--" needs checking by decoding; "XN--" too.
            if index == labelStart + 3, byte == UInt8(ascii: "-"), input[index - 1] == UInt8(ascii: "-"),
                input[index - 2] | 0x20 == UInt8(ascii: "n"), input[index - 3] | 0x20 == UInt8(ascii: "x")
            {
                return .other
            }
            output.append(Tag.isLetter(byte) ? byte | 0x20 : byte)
        }
        return .host(output)
    }

    /// Domain to ASCII: lower-cased, non-ASCII labels Punycode-encoded, "xn--" labels checked;
    /// nil when empty or holding a forbidden domain code point.
    static func toASCII(_ domain: String) -> [UInt8]? {
        var labels: [[UInt8]] = []
        if domain.utf8.allSatisfy({ $0 < 0x80 }) {
            labels = Array(domain.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map {
                $0.map { Tag.isLetter($0) ? $0 | 0x20 : $0 }
            }
        } else {
            // The full-width and ideographic full stops separate labels too (UTS #46 maps them).
            // Split on scalars, not Characters: "." and a combining mark after it are one Character,
            // and splitting those made ".\u{592}cdn" one label, encoded as "xn--.cdn-qkf".
            let mapped = domain.lowercased().unicodeScalars.map {
                [0x3002, 0xFF0E, 0xFF61].contains($0.value) ? "." : $0
            }
            for label in mapped.split(separator: ".", omittingEmptySubsequences: false) {
                if label.allSatisfy(\.isASCII) {
                    labels.append(label.map { UInt8($0.value) })
                } else {
                    // UTS #46 refuses a label that begins with a combining mark.
                    guard !Self.isMark(label[label.startIndex].value),
                        let encoded = Punycode.encode(label.map(\.value))
                    else { return nil }
                    labels.append(Array("xn--".utf8) + encoded)
                }
            }
        }
        for label in labels where label.count >= 4 && label.starts(with: "xn--".utf8) {
            // A label must decode to something not ASCII, without C1 controls or upper-case
            // letters (which UTS #46 would have mapped or refused), not beginning with a mark.
            guard let decoded = Punycode.decode(label.dropFirst(4)), decoded.contains(where: { $0 >= 0x80 }),
                !decoded.contains(where: { (0x80..<0xA0).contains($0) || (0x41...0x5A).contains($0) }),
                let first = decoded.first, !Self.isMark(first)
            else { return nil }
        }
        let ascii = Array(labels.joined(separator: [UInt8(ascii: ".")]))
        guard !ascii.isEmpty, !ascii.contains(where: isForbiddenInDomain) else { return nil }
        return ascii
    }

    /// Whether the code point is a combining mark (general category M).
    static func isMark(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Forbidden domain code points: the forbidden host code points, C0 controls, "%" and DEL.
    static func isForbiddenInDomain(_ byte: UInt8) -> Bool {
        if byte <= 0x20 || byte == 0x7F { return true }
        return byte < 64 ? forbidden.low >> byte & 1 == 1 : byte < 128 && forbidden.high >> (byte - 64) & 1 == 1
    }

    private static let forbidden: (low: UInt64, high: UInt64) = "#%/:<>?@[\\]^|".utf8.reduce((0, 0)) {
        $1 < 64 ? ($0.low | 1 << $1, $0.high) : ($0.low, $0.high | 1 << ($1 - 64))
    }

    /// Whether the last label (before a final ".") is a number, which makes the host an IPv4
    /// address or nothing.
    static func endsInNumber(_ ascii: [UInt8]) -> Bool {
        var end = ascii.count
        if end > 0, ascii[end - 1] == UInt8(ascii: ".") { end -= 1 }
        let start = ascii[..<end].lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
        let last = ascii[start..<end]
        // Every number starts with a digit ("0x" too): most hosts end here.
        guard let first = last.first, first >= 0x30, first <= 0x39 else { return false }
        if last.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
        return IPv4.number(last) != nil
    }
}

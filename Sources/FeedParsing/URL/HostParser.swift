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
        let decoded = PercentDecoding.decode(input)
        guard let domain = String(validating: decoded, as: UTF8.self), let ascii = toASCII(domain) else { return nil }
        if endsInNumber(ascii) {
            return IPv4.parse(ascii).map { Array(IPv4.serialize($0).utf8) }
        }
        return ascii
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
            let mapped = domain.lowercased().unicodeScalars.map {
                [0x3002, 0xFF0E, 0xFF61].contains($0.value) ? "." : $0
            }
            for label in String(String.UnicodeScalarView(mapped)).split(
                separator: ".", omittingEmptySubsequences: false)
            {
                if label.utf8.allSatisfy({ $0 < 0x80 }) {
                    labels.append(Array(label.utf8))
                } else {
                    guard let encoded = Punycode.encode(label.unicodeScalars.map(\.value)) else { return nil }
                    labels.append(Array("xn--".utf8) + encoded)
                }
            }
        }
        for label in labels where label.count >= 4 && label.starts(with: "xn--".utf8) {
            // A label must decode to something not ASCII, without C1 controls or upper-case
            // letters (which UTS #46 would have mapped or refused).
            guard let decoded = Punycode.decode(label.dropFirst(4)), decoded.contains(where: { $0 >= 0x80 }),
                !decoded.contains(where: { (0x80..<0xA0).contains($0) || (0x41...0x5A).contains($0) })
            else { return nil }
        }
        let ascii = Array(labels.joined(separator: [UInt8(ascii: ".")]))
        guard !ascii.isEmpty, !ascii.contains(where: isForbiddenInDomain) else { return nil }
        return ascii
    }

    /// Forbidden domain code points: the forbidden host code points, C0 controls, "%" and DEL.
    static func isForbiddenInDomain(_ byte: UInt8) -> Bool {
        if byte <= 0x20 || byte == 0x7F { return true }
        return "#%/:<>?@[\\]^|".utf8.contains(byte)
    }

    /// Whether the last label (before a final ".") is a number, which makes the host an IPv4
    /// address or nothing.
    static func endsInNumber(_ ascii: [UInt8]) -> Bool {
        var parts = ascii.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last, !last.isEmpty else { return false }
        if last.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return true }
        return IPv4.number(last) != nil
    }
}

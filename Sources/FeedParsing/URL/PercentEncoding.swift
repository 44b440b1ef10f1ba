/// The WHATWG URL Standard's percent-encode sets, over UTF-8 bytes: every set holds the C0
/// controls and every byte above 0x7E (so each byte of a non-ASCII character is encoded), plus
/// the ASCII characters listed for it.
struct PercentEncodeSet: Sendable {
    /// Bits for the ASCII bytes 0x20–0x7E the set adds.
    private let low: UInt64
    private let high: UInt64

    private init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        self.low = low
        self.high = high
    }

    private init(_ base: PercentEncodeSet, adding characters: String) {
        let added = PercentEncodeSet(characters)
        low = base.low | added.low
        high = base.high | added.high
    }

    static let fragment = PercentEncodeSet(" \"<>`")
    static let query = PercentEncodeSet(" \"#<>")
    static let specialQuery = PercentEncodeSet(query, adding: "'")
    static let path = PercentEncodeSet(query, adding: "?^`{}")
    static let userinfo = PercentEncodeSet(path, adding: "/:;=@[\\]^|")

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        if byte < 0x20 || byte > 0x7E { return true }
        return byte < 64 ? low >> byte & 1 == 1 : high >> (byte - 64) & 1 == 1
    }

    /// Appends `byte`, as "%XX" when the set holds it.
    @inline(__always)
    func append(_ byte: UInt8, to output: inout [UInt8]) {
        guard contains(byte) else { return output.append(byte) }
        output.append(UInt8(ascii: "%"))
        output.append(Self.hex[Int(byte >> 4)])
        output.append(Self.hex[Int(byte & 0x0F)])
    }

    /// Appends `bytes`, encoding those the set holds.
    func append(contentsOf bytes: some Sequence<UInt8>, to output: inout [UInt8]) {
        for byte in bytes { append(byte, to: &output) }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
}

/// Percent-decoding, as the host parser needs it: "%" and two hex digits become that byte, any
/// other "%" stays.
enum PercentDecoding {
    static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return Array(bytes) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        return output
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

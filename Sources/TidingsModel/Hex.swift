/// Bytes as lower-case hex, and back, and random ones: API key secrets and hashes, the database's
/// signing secret, web reader device ids.
package enum Hex {
    /// `bytes` as lower-case hex.
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        let bytes = Array(bytes)
        // Written straight into the string's storage: no array of digits between (a story key's
        // signature is written this way for every entry a poll stores).
        return String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = lowerDigits[Int(byte >> 4)]
                out[2 * index + 1] = lowerDigits[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }

    private static let lowerDigits = Array("0123456789abcdef".utf8)

    /// The bytes `text` spells in hex digits (either case), or nil when it is not an even number
    /// of them.
    package static func bytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `count` bytes from the system's secure generator, as hex.
    package static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return string((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

/// Bytes as lower-case hex, and random ones: API key secrets and hashes, web reader device ids.
enum Hex {
    /// `bytes` as lower-case hex.
    static func string(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `count` bytes from the system's secure generator, as hex.
    static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return string((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}

/// IPv4 addresses as the WHATWG host parser reads them: one to four parts, each decimal, octal
/// ("0" prefix) or hex ("0x"), the last filling the remaining bytes ("127.1", "0x7f000001").
enum IPv4 {
    static func parse(_ ascii: [UInt8]) -> UInt32? {
        var parts = ascii.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = number(part) else { return nil }
            numbers.append(number)
        }
        guard let last = numbers.popLast(), numbers.allSatisfy({ $0 <= 255 }) else { return nil }
        guard last < 1 << (8 * (4 - numbers.count)) else { return nil }
        var address = last
        for (index, number) in numbers.enumerated() { address += number << (8 * (3 - index)) }
        return UInt32(address)
    }

    /// One part's value; nil when it is not a number in its radix. Values past 2^32 are kept at
    /// 2^32 (any such part makes the address invalid anyway).
    static func number(_ part: ArraySlice<UInt8>) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"), digits.dropFirst().first.map({ $0 | 0x20 }) == 0x78 {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for digit in digits {
            guard let digitValue = PercentDecoding.hexValue(digit).map(UInt64.init), digitValue < radix else {
                return nil
            }
            value = min(value * radix + digitValue, 1 << 32)
        }
        return value
    }

    static func serialize(_ address: UInt32) -> String {
        (0..<4).map { String(address >> (8 * (3 - $0)) & 0xFF) }.joined(separator: ".")
    }
}

/// IPv6 literals: the standard's parser (compression, embedded IPv4) and its serializer
/// (lower-case hex, the first longest run of two or more zero pieces compressed to "::").
enum IPv6 {
    static func parse(_ input: ArraySlice<UInt8>) -> [UInt16]? {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = input.startIndex
        let end = input.endIndex
        func c(_ offset: Int = 0) -> UInt8? { pointer + offset < end ? input[pointer + offset] : nil }
        if c() == UInt8(ascii: ":") {
            guard c(1) == UInt8(ascii: ":") else { return nil }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while c() != nil {
            guard pieceIndex < 8 else { return nil }
            if c() == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let byte = c(), let digit = PercentDecoding.hexValue(byte) {
                value = value << 4 | UInt16(digit)
                pointer += 1
                length += 1
            }
            if c() == UInt8(ascii: ".") {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                guard let (high, low) = ipv4Pieces(input[pointer...]) else { return nil }
                address[pieceIndex] = high
                address[pieceIndex + 1] = low
                pieceIndex += 2
                pointer = end
                break
            } else if c() == UInt8(ascii: ":") {
                pointer += 1
                guard c() != nil else { return nil }
            } else if c() != nil {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// An embedded IPv4 address ("::ffff:1.2.3.4"): exactly four decimal parts without leading
    /// zeros, as two pieces.
    private static func ipv4Pieces(_ input: ArraySlice<UInt8>) -> (UInt16, UInt16)? {
        let parts = input.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt16] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                part.count == 1 || part.first != UInt8(ascii: "0")
            else { return nil }
            let value = part.reduce(0) { $0 * 10 + UInt16($1 - 0x30) }
            guard value <= 255 else { return nil }
            bytes.append(value)
        }
        return (bytes[0] << 8 | bytes[1], bytes[2] << 8 | bytes[3])
    }

    static func serialize(_ address: [UInt16]) -> String {
        let compress = compressedIndex(address)
        var output = ""
        var ignoreZero = false
        for index in 0..<8 {
            if ignoreZero, address[index] == 0 { continue }
            ignoreZero = false
            if compress == index {
                output += index == 0 ? "::" : ":"
                ignoreZero = true
                continue
            }
            output += String(address[index], radix: 16)
            if index != 7 { output += ":" }
        }
        return output
    }

    /// The first of the longest runs of two or more zero pieces.
    private static func compressedIndex(_ address: [UInt16]) -> Int? {
        var longest: (index: Int?, size: Int) = (nil, 1)
        var found: (index: Int?, size: Int) = (nil, 0)
        for index in 0..<8 {
            if address[index] != 0 {
                if found.size > longest.size { longest = found }
                found = (nil, 0)
            } else {
                found = (found.index ?? index, found.size + 1)
            }
        }
        return found.size > longest.size ? found.index : longest.index
    }
}

/// A set of ASCII bytes, for the loops that skip runs of bytes a URL may hold as they are. The
/// sets share one table of 256 bytes, a bit for each set, so a run is tested four bytes a step
/// with four loads and three ands, where testing each delimiter and then a percent-encode set
/// took several compares and branches a byte. Bytes of 0x80 and above are in no set.
struct ASCIISet: Sendable {
    private let bit: UInt8

    /// The bytes of a domain label the host parser gives back unchanged.
    static let canonicalLabel = ASCIISet(bit: 1)
    /// Path bytes copied as they are: not encoded, not "/", "?", "#" or "\".
    static let plainPath = ASCIISet(bit: 2)
    /// Query bytes copied as they are in a special URL; "#" ends the query.
    static let plainQuery = ASCIISet(bit: 4)
    /// Fragment bytes copied as they are.
    static let plainFragment = ASCIISet(bit: 8)

    private static let table: [UInt8] = (0..<256).map { value in
        let byte = UInt8(value)
        guard byte > 0x20, byte < 0x7F else { return 0 }
        var bits: UInt8 = 0
        if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") {
            bits |= canonicalLabel.bit
        }
        if !PercentEncodeSet.path.contains(byte), !"/?#\\".utf8.contains(byte) { bits |= plainPath.bit }
        if !PercentEncodeSet.specialQuery.contains(byte), byte != UInt8(ascii: "#") { bits |= plainQuery.bit }
        if !PercentEncodeSet.fragment.contains(byte) { bits |= plainFragment.bit }
        return bits
    }

    func contains(_ byte: UInt8) -> Bool { Self.table[Int(byte)] & bit != 0 }

    /// The index of the first byte of `input` at or after `start` that is not in the set, or the
    /// count.
    func end(of input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        Self.table.withUnsafeBufferPointer { table in
            let bit = self.bit
            let n = input.count
            var index = start
            while index + 4 <= n {
                let all =
                    table[Int(input[index])] & table[Int(input[index + 1])] & table[Int(input[index + 2])]
                    & table[Int(input[index + 3])]
                guard all & bit != 0 else { break }
                index += 4
            }
            while index < n, table[Int(input[index])] & bit != 0 { index += 1 }
            return index
        }
    }
}

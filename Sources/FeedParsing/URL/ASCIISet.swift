/// A set of ASCII bytes as two 64-bit masks, for the loops that skip runs of bytes a URL may
/// hold as they are: one shift and test per byte, where testing each delimiter and then a
/// percent-encode set took several compares and branches. Bytes of 0x80 and above are never in.
struct ASCIISet: Sendable {
    private let low: UInt64
    private let high: UInt64

    /// The printable ASCII bytes (0x21–0x7E) that `encode` does not hold, less `except`.
    init(printableOutside encode: PercentEncodeSet, except: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in UInt8(0x21)...UInt8(0x7E) where !encode.contains(byte) && !except.utf8.contains(byte) {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        (self.low, self.high) = (low, high)
    }

    /// Exactly the bytes of `characters`.
    init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
        (self.low, self.high) = (low, high)
    }

    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        let word = byte < 64 ? low : high
        return byte < 128 && (word >> UInt64(byte & 63)) & 1 == 1
    }

    /// The index of the first byte of `input` at or after `start` that is not in the set, or the
    /// count.
    @inline(__always)
    func end(of input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < input.count, contains(input[index]) { index += 1 }
        return index
    }

    /// The bytes of a domain label the host parser gives back unchanged.
    static let canonicalLabel = ASCIISet("abcdefghijklmnopqrstuvwxyz0123456789-")
    /// Path bytes copied as they are: not encoded, not "/", "?", "#" or "\".
    static let plainPath = ASCIISet(printableOutside: .path, except: "/?#\\")
    /// Query bytes copied as they are in a special URL; "#" ends the query.
    static let plainQuery = ASCIISet(printableOutside: .specialQuery, except: "#")
    /// Fragment bytes copied as they are.
    static let plainFragment = ASCIISet(printableOutside: .fragment, except: "")
}

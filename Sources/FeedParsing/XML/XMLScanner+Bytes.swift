import Foundation

/// The scanner's byte-level searches and tests.
extension XMLScanner {
    /// The first `byte` in `start..<end`, found with the C library's vectorised `memchr` (text runs
    /// between tags are most of a feed's bytes).
    func index(of byte: UInt8, from start: Int, end: Int? = nil) -> Int? {
        ByteScan.index(of: byte, in: bytes, from: start, to: end ?? bytes.count)
    }

    func find(_ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        var i = start
        while let candidate = index(of: needle[0], from: i) {
            guard candidate + needle.count <= bytes.count else { return nil }
            if UnsafeBufferPointer(rebasing: bytes[candidate..<candidate + needle.count]).elementsEqual(needle) {
                return candidate
            }
            i = candidate + 1
        }
        return nil
    }

    /// Whether the bytes in `range` are those of `text`.
    @inline(__always)
    func equals(_ range: Range<Int>, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { expected in
            expected.count == range.count
                && (expected.isEmpty
                    || memcmp(expected.baseAddress!, bytes.baseAddress! + range.lowerBound, expected.count) == 0)
        }
    }

    /// Whether the bytes in `range` begin with `prefix` (ASCII): compared in place, where the
    /// generic `starts(with:)` over a slice cost more than the rest of reading the attribute.
    @inline(__always)
    func starts(_ range: Range<Int>, with prefix: StaticString) -> Bool {
        guard range.count >= prefix.utf8CodeUnitCount else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<prefix.utf8CodeUnitCount where bytes[range.lowerBound + offset] != expected[offset] {
            return false
        }
        return true
    }

    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }

    func isNameEnd(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    func isNameStart(_ byte: UInt8) -> Bool {
        Tag.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }
}

import Foundation

/// Word-at-a-time search for the few bytes a text loop must stop at: eight bytes are tested with a
/// handful of integer operations instead of eight compare-and-branch steps. The loops that copy
/// text (XML character data, sanitized HTML text, plain text) spend most of their time on ordinary
/// bytes; this is how they skip them.
///
/// Each test sets the high bit of every byte lane that matches, exactly: the arithmetic never
/// carries from one lane into the next, so tests combine freely with `|`, `&` and shifts. Words
/// are read little-endian, so the lowest lane is the first byte and `>> 8` moves each lane's
/// flag onto the byte before it.
package enum ByteScan {
    /// The index of the first `byte` in `bytes[start..<end]`, or nil: the C library's vectorised
    /// `memchr`, for the one-byte searches (the next `<`, a quoted value's closing quote).
    package static func index(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> Int?
    {
        guard start < end, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), end - start)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `a` and `b` hold the same bytes: `memcmp`, where `elementsEqual` over slices walks
    /// them one generic step at a time (element names are compared at every end tag).
    @inline(__always)
    static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// Whether `bytes[a]` and `bytes[b]` are the same bytes.
    @inline(__always)
    static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
        same(UnsafeBufferPointer(rebasing: bytes[a]), UnsafeBufferPointer(rebasing: bytes[b]))
    }

    /// Whether `text` contains the bytes of `needle` (two or more bytes) in a row.
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let wanted = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
            var from = 0
            while let at = index(of: wanted[0], in: bytes, from: from, to: bytes.count) {
                guard at + wanted.count <= bytes.count else { return false }
                if same(UnsafeBufferPointer(rebasing: bytes[at..<at + wanted.count]), wanted) { return true }
                from = at + 1
            }
            return false
        }
    }

    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080
    static let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Lanes holding a byte below `limit` (at most 0x80).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        // The low seven bits plus (0x80 - limit) reach the high bit exactly when they are at least
        // `limit`; no lane can overflow (0x7F + 0x7F < 0x100). Bytes from 0x80 are never below.
        ~(((word & lows) &+ ones &* UInt64(0x80 - limit)) | word) & highs
    }

    /// Lanes holding `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        below(word ^ (ones &* UInt64(byte)), 1)
    }

    /// The index of the first byte in `bytes[start..<end]` whose lane `flags` marks, or `end`.
    /// `flags` marks the lanes to stop at (it may mark more than `matches` accepts: the caller then
    /// looks at that byte and goes on); `matches` is the same test for one byte, for the tail.
    @inline(__always)
    static func first(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, flags: (UInt64) -> UInt64,
        matches: (UInt8) -> Bool
    ) -> Int {
        var index = start
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while index + 8 <= end {
                let found = flags(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
                if found != 0 { return index + found.trailingZeroBitCount >> 3 }
                index += 8
            }
        }
        while index < end, !matches(bytes[index]) { index += 1 }
        return index
    }
}

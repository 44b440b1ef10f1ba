/// Cutting text to a limit without breaking it: at a Character boundary, and in escaped HTML never
/// inside a reference (`&amp;`), so that what is kept reads as the start of what was there.
enum TextCut {
    /// `text` cut to its first `limit` characters, or nil when it is not longer.
    static func characters(_ text: String, limit: Int) -> String? {
        // A string has at least as many UTF-8 bytes as characters: most texts stop here.
        guard text.utf8.count > limit,
            let end = text.index(text.startIndex, offsetBy: max(0, limit), limitedBy: text.endIndex),
            end < text.endIndex
        else { return nil }
        return String(text[..<end])
    }

    /// `text` cut to at most `limit` UTF-8 bytes at a Character boundary, or nil when it fits.
    /// With `escaped`, the text is escaped HTML without tags and the cut never splits a reference.
    static func bytes(_ text: String, limit: Int, escaped: Bool = false) -> String? {
        guard text.utf8.count > limit else { return nil }
        return withUTF8(text) { bytes in
            let end = escaped ? escapedBoundary(bytes, atOrBefore: limit) : boundary(bytes, atOrBefore: limit)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }

    /// The last Character boundary at or before `limit` in UTF-8 `bytes`, not before `floor`
    /// (taken to be a boundary). Only a window around `limit` is segmented into Characters.
    static func boundary(_ bytes: UnsafeBufferPointer<UInt8>, atOrBefore limit: Int, floor: Int = 0) -> Int {
        guard limit < bytes.count else { return bytes.count }
        guard limit > floor else { return floor }
        var start = max(floor, limit - 64)
        while start > floor, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let end = min(bytes.count, limit + 64)
        let window = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        var offset = start
        for character in window {
            let next = offset + character.utf8.count
            guard next <= limit else { break }
            offset = next
        }
        return offset
    }

    /// `boundary`, moved back before a reference that it would split.
    static func escapedBoundary(_ bytes: UnsafeBufferPointer<UInt8>, atOrBefore limit: Int, floor: Int = 0) -> Int {
        let end = boundary(bytes, atOrBefore: limit, floor: floor)
        // Written references are at most 10 bytes ("&#x10FFFF;"); look back that far for an
        // "&" whose ";" is not before the cut.
        var index = end
        while index > max(floor, end - 10) {
            index -= 1
            if bytes[index] == UInt8(ascii: ";") { break }
            if bytes[index] == UInt8(ascii: "&") { return index }
        }
        return end
    }
}

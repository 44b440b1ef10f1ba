/// A document over ``FeedParser/Options/maxDocumentBytes`` is read up to the cap, cut where no
/// character is split, and keeps its complete entries (as a truncated document does) with one
/// warning saying how much was read.
extension FeedParser {
    /// Where `bytes` (longer than `limit`) are cut: at most `limit` bytes, never inside a character.
    /// UTF-16 (by its byte-order mark or a NUL beside the first `<`) keeps whole code units and no
    /// lone high surrogate. Otherwise an XML document is cut just before its last `<` within the
    /// cap, a byte that is never part of a multi-byte character in any encoding read here
    /// (UTF-8, GB18030, Shift_JIS, Big5, EUC-KR, single-byte), and the rest of a cut tag is lost
    /// anyway; JSON (or XML with no `<` in reach) is cut at a UTF-8 character boundary.
    static func cutPoint(_ bytes: [UInt8], limit: Int) -> Int {
        let end = min(limit, bytes.count)
        if let littleEndian = utf16Order(bytes) {
            var cut = end & ~1
            if cut >= 2 {
                let unit =
                    littleEndian
                    ? UInt16(bytes[cut - 2]) | UInt16(bytes[cut - 1]) << 8
                    : UInt16(bytes[cut - 2]) << 8 | UInt16(bytes[cut - 1])
                if (0xD800...0xDBFF).contains(unit) { cut -= 2 }
            }
            return cut
        }
        let first = bytes[..<end].firstIndex { !isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if let first, bytes[first] != UInt8(ascii: "{"),
            let tag = bytes[first..<end].lastIndex(of: UInt8(ascii: "<")), tag > first
        {
            return tag
        }
        return utf8Boundary(bytes, before: end)
    }

    /// True for little-endian UTF-16, false for big-endian, nil when the document is not UTF-16;
    /// the same tests ``FeedTextDecoder`` makes.
    private static func utf16Order(_ bytes: [UInt8]) -> Bool? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00]) { return true }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C]) { return false }
        return nil
    }

    /// `end`, or the start of the UTF-8 sequence it would split.
    private static func utf8Boundary(_ bytes: [UInt8], before end: Int) -> Int {
        var lead = end
        while lead > 0, end - lead < 4, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
        guard lead > 0, bytes[lead - 1] >= 0xC0 else { return end }
        let length = bytes[lead - 1] >= 0xF0 ? 4 : bytes[lead - 1] >= 0xE0 ? 3 : 2
        return end - (lead - 1) < length ? lead - 1 : end
    }

    /// The one warning a cut document gets.
    static func cutWarning(read: Int, of total: Int, limit: Int) -> FeedWarning {
        FeedWarning(
            message: "the document is \(total) bytes, over the \(limit)-byte limit: only the first \(read) bytes "
                + "were read, and the entries complete in them kept")
    }
}

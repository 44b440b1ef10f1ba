import Testing
import TidingsModel
import TidingsTesting

@testable import FeedParsing

/// The word-at-a-time loops must stop exactly where the byte-at-a-time ones did.
@Suite("Word-at-a-time scanning", .ownThreads)
struct ByteScanTests {
    /// Random bytes drawn mostly from the ones the tests look for and their neighbours (where a
    /// borrow or carry between lanes would show), at every alignment and length.
    static func randomBytes(_ generator: inout SplitMix64, count: Int) -> [UInt8] {
        let interesting: [UInt8] = [
            0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x25, 0x26, 0x27, 0x3B, 0x3C,
            0x3D, 0x3E, 0x3F, 0x7F, 0x80, 0x81, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1, 0xE3, 0xE4, 0xFF, 0x61,
        ]
        return (0..<count).map { _ in
            generator.next() % 4 == 0
                ? UInt8(truncatingIfNeeded: generator.next())
                : interesting[
                    Int(generator.next() % UInt64(interesting.count))]
        }
    }

    @Test("below and equal flag exactly the matching lanes")
    func lanes() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let bytes = Self.randomBytes(&generator, count: 8)
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            let limit = UInt8(truncatingIfNeeded: generator.next() % 0x81)
            let target = bytes[Int(generator.next() % 8)]
            for lane in 0..<8 {
                let flag = UInt64(0x80) << (8 * UInt64(lane))
                #expect((ByteScan.below(word, limit) & flag != 0) == (bytes[lane] < limit))
                #expect((ByteScan.equal(word, target) & flag != 0) == (bytes[lane] == target))
            }
        }
    }

    @Test("first finds what a byte loop finds, at every offset")
    func first() {
        var generator = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let bytes = Self.randomBytes(&generator, count: Int(generator.next() % 40))
            let start = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count + 1))
            let matches = { (byte: UInt8) in byte < 0x20 || byte == 0x26 || byte == 0x3C }
            let expected = bytes[start...].firstIndex(where: matches) ?? bytes.count
            let found = bytes.withUnsafeBufferPointer {
                ByteScan.first(
                    $0, from: start, to: $0.count,
                    flags: { ByteScan.below($0, 0x20) | ByteScan.equal($0, 0x26) | ByteScan.equal($0, 0x3C) },
                    matches: matches)
            }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }

    @Test("plain text collapses whitespace as Character.isWhitespace does")
    func plainTextWhitespace() {
        // Tokens around the cases the word-at-a-time run must stop at: single and double spaces,
        // Unicode spaces (two and three bytes), lead bytes 0xC2 and 0xE0–0xE3 that start other
        // characters, references, and words of every length.
        let tokens = [
            " ", "  ", "\t", "\n", "\u{A0}", "\u{85}", "\u{2009}", "\u{3000}", "\u{1680}", "&nbsp;", "&amp;", "&#32;",
            "a", "bc", "defghij", "é", "©", "\u{E000}", "\u{2010}", "日本", "<b>", "</b>", "x y", "k\u{A0}l",
        ]
        let decoded = ["&nbsp;": "\u{A0}", "&amp;": "&", "&#32;": " ", "<b>": "", "</b>": ""]
        var generator = SplitMix64(seed: 3)
        for _ in 0..<4_000 {
            let picked = (0..<Int(generator.next() % 30)).map { _ in
                tokens[Int(generator.next() % UInt64(tokens.count))]
            }
            let html = picked.joined()
            let text = picked.map { decoded[$0] ?? $0 }.joined()
            let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(HTMLText.plainText(html) == expected, "\(html.debugDescription)")
        }
    }

    @Test("references read from bytes name what character(for:) names")
    func references() {
        var names = Array(HTMLEntities.named.keys)
        names += ["#233", "#xE9", "#XE9", "#x", "#", "#+65", "#-0", "#x+41", "#12345678", "#123456789", "#x10FFFF"]
        names += ["#x110000", "#xD800", "#0", "#150", "#129", "#9", "#1", "#65534", "#x1F600", "AMP", "ampx", "a"]
        names += ["#٣", "é", "#x1234567", "#00000065", "thinsp", "Omicron", "sigmaf", "notaname"]
        var generator = SplitMix64(seed: 5)
        for _ in 0..<2_000 {
            let digits = String(generator.next() % 2_000_000, radix: generator.next() % 2 == 0 ? 10 : 16)
            names.append(generator.next() % 2 == 0 ? "#" + digits : "#x" + digits)
        }
        for name in names {
            let fromBytes = Array(name.utf8).withUnsafeBufferPointer { HTMLEntities.character(bytes: $0) }
            #expect(fromBytes == HTMLEntities.character(for: name), "\(name)")
        }
    }
}

/// The plain text of an HTML fragment, read by a small HTML tokenizer rather than regular
/// expressions: tags removed (even with `>` inside quoted attributes), comments and `script` /
/// `style` content dropped, character references decoded, block elements turned into line breaks,
/// runs of whitespace collapsed. Titles and summaries in feeds are HTML far more often than they say.
public enum HTMLText {
    /// Plain text of `html`: single spaces within lines, at most one blank line between blocks.
    public static func plainText(_ html: some StringProtocol) -> String {
        withUTF8(html) { bytes in
            let tables = HTMLElements.shared
            var writer = Writer(capacity: bytes.count)
            var attributes = Tag.Attributes()
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<"), let tag = Tag.read(bytes, at: index, attributes: &attributes) {
                    index = tag.end
                    guard tag.kind != .other, let element = tables.element(bytes, tag.name) else { continue }
                    if tag.kind == .start, element.lineBreak { writer.lineBreak() }
                    if element.block { writer.blockBoundary() }
                    if tag.kind == .start, element.separatesWords { writer.space() }
                    if tag.kind == .start, !tag.selfClosing, element.rawText {
                        index = Tag.rawTextEnd(bytes, from: index, name: tag.name)
                    }
                } else {
                    // Text up to the next "<" (a "<" that opens no tag is text too).
                    var next = index + 1
                    while next < bytes.count, bytes[next] != UInt8(ascii: "<") { next += 1 }
                    writer.text(bytes, index..<next, decoding: true)
                    index = next
                }
            }
            return writer.output.string
        }
    }

    /// Writes text as UTF-8, collapsing whitespace and turning block boundaries into line breaks:
    /// lines go straight to `output`, and the separator before a line is written with its first
    /// character, so blank lines at the start and end never appear.
    struct Writer {
        let output: ByteBuffer
        /// Bytes of the current line written so far.
        var lineLength = 0
        var pendingSpace = false
        /// Whether an empty line (a blank line) goes before the next line with text.
        var blankLinePending = false

        init(capacity: Int = 64) {
            output = ByteBuffer(capacity: capacity)
        }

        /// A writer into `buffer`, emptied first (a sanitizer's scratch buffer, reused).
        init(reusing buffer: ByteBuffer) {
            buffer.truncate(to: 0)
            output = buffer
        }

        /// Writes `bytes[range]`, decoding character references first when `decoding`.
        mutating func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decoding: Bool) {
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                if decoding, byte == UInt8(ascii: "&"),
                    let (decoded, end) = HTMLEntities.reference(bytes, at: index, end: range.upperBound)
                {
                    var character = decoded
                    character.withUTF8 { text($0, 0..<$0.count, decoding: false) }
                    index = end
                    continue
                }
                let space = Self.whitespaceLength(bytes, at: index, end: range.upperBound)
                if space > 0 {
                    if lineLength > 0 { pendingSpace = true }
                    index += space
                    continue
                }
                // Other C0 controls (NUL among them) are not text: PostgreSQL and XML refuse them.
                if byte < 0x20 {
                    index += 1
                    continue
                }
                // A run of other characters, and of single spaces between them, which stay as they
                // are: copying words one at a time would cost more than the rest together.
                let start = index
                index += 1
                while index < range.upperBound {
                    index = ByteScan.first(
                        bytes, from: index, to: range.upperBound, flags: { Self.mayEndRun($0, decoding: decoding) },
                        matches: { $0 <= 0x20 || $0 >= 0xC2 || (decoding && $0 == UInt8(ascii: "&")) })
                    guard index < range.upperBound else { break }
                    if isPlain(bytes, at: index, end: range.upperBound, decoding: decoding) {
                        index += 1
                    } else if bytes[index] == 0x20, index + 1 < range.upperBound,
                        isPlain(bytes, at: index + 1, end: range.upperBound, decoding: decoding)
                    {
                        index += 2
                    } else {
                        break
                    }
                }
                beginWriting()
                output.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                lineLength += index - start
            }
        }

        /// Writes `bytes[range]`, a run of characters none of which is whitespace, a control or "&"
        /// (single spaces between them allowed), as it is: what ``text(_:_:decoding:)`` does with such a run.
        @inline(__always)
        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
            beginWriting()
            output.append(UnsafeBufferPointer(rebasing: bytes[range]))
            lineLength += range.count
        }

        /// Whether a single space written now would be written as it is: mid-line, with no
        /// collapsed space pending.
        var continuesWithSpace: Bool { lineLength > 0 && !pendingSpace }

        /// A whitespace character: collapsed into the next separator.
        @inline(__always)
        mutating func space() {
            if lineLength > 0 { pendingSpace = true }
        }

        /// Writes what goes before the next character: the line separator, or a collapsed space.
        private mutating func beginWriting() {
            if lineLength == 0 {
                if !output.isEmpty { output.append(UInt8(ascii: "\n")) }
                if blankLinePending { output.append(UInt8(ascii: "\n")) }
                blankLinePending = false
            } else if pendingSpace {
                output.append(UInt8(ascii: " "))
            }
            pendingSpace = false
        }

        /// Ends the current line; an empty one becomes a blank line (at most one in a row).
        mutating func lineBreak() {
            if lineLength == 0, !output.isEmpty { blankLinePending = true }
            lineLength = 0
            pendingSpace = false
        }

        mutating func blockBoundary() {
            if lineLength > 0 { lineBreak() }
            lineBreak()
        }

        /// Lanes of `word` where a run of plain text may end (then looked at one by one): controls and
        /// "&" (when `decoding`), bytes that can start a non-ASCII space (0xC2, 0xE0–0xE3), and a
        /// space that another space-like byte follows or that ends the word (its follower unseen).
        /// A single space between two plain bytes stays in the run unflagged.
        @inline(__always)
        private static func mayEndRun(_ word: UInt64, decoding: Bool) -> UInt64 {
            let spaces = ByteScan.equal(word, 0x20)
            var other =
                ByteScan.below(word, 0x21) | ByteScan.equal(word, 0xC2)
                | ByteScan.equal(word & 0xFCFC_FCFC_FCFC_FCFC, 0xE0)
            if decoding { other |= ByteScan.equal(word, UInt8(ascii: "&")) }
            return (other & ~spaces) | (spaces & (other >> 8)) | (spaces & 0x8000_0000_0000_0000)
        }

        /// Whether the byte at `index` is neither whitespace nor (when `decoding`) the start of a reference.
        @inline(__always)
        private func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, decoding: Bool) -> Bool {
            let byte = bytes[index]
            if byte <= 0x20 || (decoding && byte == UInt8(ascii: "&")) { return false }
            return byte < 0xC2 || Self.whitespaceLength(bytes, at: index, end: end) == 0
        }

        /// The length of the whitespace character at `index` (Unicode White_Space, as
        /// `Character.isWhitespace` judges), or 0.
        @inline(__always)
        static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
            let byte = bytes[index]
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return 1 }
            guard byte >= 0xC2, index + 1 < end else { return 0 }
            let second = bytes[index + 1]
            switch byte {
            case 0xC2: return second == 0x85 || second == 0xA0 ? 2 : 0  // NEL, no-break space
            case 0xE1, 0xE2, 0xE3:
                guard index + 2 < end else { return 0 }
                let third = bytes[index + 2]
                let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(third & 0x3F)
                switch scalar {
                case 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return 3
                default: return 0
                }
            default: return 0
            }
        }
    }
}

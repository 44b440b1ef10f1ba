/// What a feed says of an entry's image besides its address: its size in pixels and its
/// alternative text — from `media:thumbnail`/`media:content`'s `width` and `height`, or from the
/// `<img>` the image was found in (`width`, `height`, `alt`). Each is nil when the feed does not say.
public struct ImageDetails: Sendable, Hashable {
    public var width: Int?
    public var height: Int?
    /// The text a screen reader says for the image; nil when none was written, and for `alt=""`
    /// (the author's way of saying the image is decoration).
    public var alt: String?

    public init(width: Int? = nil, height: Int? = nil, alt: String? = nil) {
        self.width = width
        self.height = height
        self.alt = alt
    }

    /// The longest alternative text kept, in UTF-8 bytes; a longer one is cut at a word.
    static let maxAltBytes = 600

    /// A `width` or `height` attribute's value in pixels, as HTML reads dimension attributes:
    /// leading spaces, then digits (what follows them is ignored). Nil without digits, for a
    /// percentage, for 0 and for more than 100,000.
    static func pixels(_ value: some Collection<UInt8>) -> Int? {
        guard let (number, rest) = leadingNumber(value), rest != UInt8(ascii: "%"), (1...100_000).contains(number)
        else { return nil }
        return number
    }

    /// Whether a width or height of 0 or 1 (pixels) marks a tracking pixel rather than a picture.
    static func isPixelSize(_ value: some Collection<UInt8>) -> Bool {
        leadingNumber(value).map { $0.number <= 1 } ?? false
    }

    /// The number the value starts with (after spaces, capped far above any real size) and the
    /// byte after its digits; nil when it has none.
    private static func leadingNumber(_ value: some Collection<UInt8>) -> (number: Int, next: UInt8?)? {
        var number = 0
        var digits = 0
        for byte in value {
            if byte == UInt8(ascii: " ") && digits == 0 { continue }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return digits > 0 ? (number, byte) : nil }
            number = min(number * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            digits += 1
        }
        return digits > 0 ? (number, nil) : nil
    }

    /// Alternative text as a screen reader should get it, from its decoded UTF-8 bytes: runs of
    /// whitespace made one space, at most `maxAltBytes` bytes (cut at a word, with "…"). Nil when
    /// nothing is left, and for a file name (`IMG_2041.jpg`): that is no description of the
    /// picture (WCAG's failure F30), and a screen reader reading it helps nobody.
    static func altText(_ bytes: [UInt8]) -> String? {
        var text: [UInt8] = []
        text.reserveCapacity(min(bytes.count, maxAltBytes + 3))
        var space = false
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
                space = !text.isEmpty
                continue
            }
            if space { text.append(0x20) }
            space = false
            text.append(byte)
            if text.count > maxAltBytes { break }
        }
        guard !text.isEmpty, !isFileName(text) else { return nil }
        if text.count > maxAltBytes {
            let room = maxAltBytes - 3  // "…" is three bytes
            let cut = text.withUnsafeBufferPointer { TextCut.boundary($0, atOrBefore: room) }
            let word = text[..<cut].lastIndex(of: 0x20) ?? cut
            text.removeSubrange((word > 0 ? word : cut)...)
            text += Array("…".utf8)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether the text ends with a picture file's extension.
    private static func isFileName(_ text: [UInt8]) -> Bool {
        guard let dot = text.suffix(6).lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = String(decoding: text[(dot + 1)...], as: UTF8.self).lowercased()
        return ["jpg", "jpeg", "png", "gif", "webp", "avif", "svg", "heic"].contains(suffix)
    }

    var isEmpty: Bool { width == nil && height == nil && alt == nil }
}

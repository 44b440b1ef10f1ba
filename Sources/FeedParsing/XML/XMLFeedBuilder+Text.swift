import Foundation

/// Captured markup made into the sanitized HTML and plain text of a field, cut to a limit.
extension XMLFeedBuilder {
    /// Sanitized HTML, plain text and first image of captured markup, cut to `limit` bytes. Static:
    /// a method reading the builder (1.5 KB) made Swift copy all of it for every call.
    static func render(
        _ markup: Markup, base: HTTPURL?, limit: Int, sanitizer: HTMLSanitizer, scratch: SanitizerScratch
    ) -> SanitizedHTML {
        switch markup.kind {
        case .text:
            return Self.escaped(Self.plainText(markup), limit: limit)
        case .xhtml:
            return markup.bytes.withUnsafeBufferPointer {
                let inner = Self.xhtmlDivContent($0)
                return sanitizer.sanitizeWithText(
                    UnsafeBufferPointer(rebasing: $0[inner]), base: base, limit: limit, scratch: scratch)
            }
        case .html:
            // Text with no markup and no references (many summaries) is its own sanitized form.
            guard markup.bytes.contains(where: { $0 == 0x3C || $0 == 0x26 || $0 == 0x3E }) else {
                let source = markup.text.trimmed
                let text = Self.collapseWhitespace(source)
                let (html, plain) = (TextCut.bytes(source, limit: limit), TextCut.bytes(text, limit: limit))
                return SanitizedHTML(
                    html: html ?? source, text: plain ?? text, truncated: html != nil || plain != nil)
            }
            return markup.bytes.withUnsafeBufferPointer {
                sanitizer.sanitizeWithText($0, base: base, limit: limit, scratch: scratch)
            }
        }
    }

    /// Plain text and the same made HTML, each cut to `limit` bytes.
    static func escaped(_ text: String, limit: Int) -> SanitizedHTML {
        let plain = TextCut.bytes(text, limit: limit)
        let html = escape(plain ?? text)
        let cutHTML = TextCut.bytes(html, limit: limit, escaped: true)
        return SanitizedHTML(html: cutHTML ?? html, text: plain ?? text, truncated: plain != nil || cutHTML != nil)
    }

    /// Plain text of a title-like field. RSS titles are often HTML in practice, so anything that
    /// is not declared as text goes through the HTML tokenizer.
    static func plainText(_ markup: Markup) -> String {
        switch markup.kind {
        case .text: collapseWhitespace(markup.text)
        case .html, .xhtml: HTMLText.plainText(markup.text)
        }
    }

    /// Plain text made safe to show as HTML.
    static func escape(_ text: String) -> String {
        let special = { (byte: UInt8) in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        guard text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs of ASCII whitespace become one space; the ends are trimmed. Words are copied as runs.
    static func collapseWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isASCIISpace(bytes[index]) { index += 1 }
                let start = index
                // A word, and single spaces between words, copied in one go.
                while index < bytes.count {
                    if !isASCIISpace(bytes[index]) {
                        index += 1
                    } else if bytes[index] == 0x20, index + 1 < bytes.count, !isASCIISpace(bytes[index + 1]) {
                        index += 2
                    } else {
                        break
                    }
                }
                guard index > start else { break }
                if !out.isEmpty { out.append(0x20) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Atom XHTML content is wrapped in one `<div xmlns="http://www.w3.org/1999/xhtml">` (prefixes
    /// already removed): the range inside it, when the markup is that one div (after comments and
    /// white space, its attributes quoted as they like); else the whole range. One pass.
    static func xhtmlDivContent(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let whole = 0..<bytes.count
        var start = 0
        while true {
            while start < bytes.count, isASCIISpace(bytes[start]) { start += 1 }
            guard Self.matches(bytes, at: start, "<!--") else { break }
            guard let end = Self.find(bytes, "-->", from: start + 4) else { return whole }
            start = end + 3
        }
        var end = bytes.count
        while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
        guard Self.isDivTag(bytes, at: start, closing: false), end > start, bytes[end - 1] == UInt8(ascii: ">")
        else { return whole }
        // The end of the start tag: the first ">" outside quotes.
        var index = start + 4
        var quote: UInt8 = 0
        while index < end {
            let byte = bytes[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        guard index < end, bytes[index - 1] != UInt8(ascii: "/") else { return whole }
        let inner = index + 1
        // The div must close only at the very end: count div tags in between.
        var depth = 1
        var position = inner
        var lastClose = -1
        while position < end, let open = Self.find(bytes, "<", from: position, end: end) {
            if Self.isDivTag(bytes, at: open, closing: true) {
                depth -= 1
                lastClose = open
                if depth == 0 { break }
            } else if Self.isDivTag(bytes, at: open, closing: false) {
                depth += 1
            }
            position = open + 1
        }
        guard depth == 0, lastClose >= inner, lastClose + 5 <= end - 1,
            (lastClose + 5..<end - 1).allSatisfy({ isASCIISpace(bytes[$0]) })
        else { return whole }
        return inner..<lastClose
    }

    /// Whether `<div` (or `</div`) starts at `index`, followed by the end of the name.
    private static func isDivTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, closing: Bool) -> Bool {
        let name: StaticString = closing ? "</div" : "<div"
        guard matches(bytes, at: index, name) else { return false }
        let after = index + name.utf8CodeUnitCount
        guard after < bytes.count else { return false }
        let byte = bytes[after]
        return isASCIISpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private static func find(
        _ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString, from start: Int, end: Int? = nil
    )
        -> Int?
    {
        let end = end ?? bytes.count
        let first = text.utf8Start[0]
        var index = start
        while index < end {
            if bytes[index] == first, matches(bytes, at: index, text) { return index }
            index += 1
        }
        return nil
    }
}

/// A sanitized entry field as an entry keeps it: absent rather than empty.
struct RenderedField {
    var html: String?
    var text: String?
    var image: String?
    var details: ImageDetails?

    init() {}

    init(_ sanitized: SanitizedHTML) {
        let html = sanitized.html.trimmed
        self.html = html.isEmpty ? nil : html
        text = sanitized.text.isEmpty ? nil : sanitized.text
        image = sanitized.image
        details = sanitized.imageDetails
    }
}

import Foundation

/// Captured markup made into the sanitized HTML and plain text of a field, cut to a limit.
extension XMLFeedBuilder {
    /// Sanitized HTML, plain text and first image of captured markup, cut to `limit` bytes.
    func render(_ markup: Markup, base: HTTPURL?, limit: Int) -> SanitizedHTML {
        switch markup.kind {
        case .text:
            return Self.escaped(Self.plainText(markup), limit: limit)
        case .xhtml:
            return options.sanitizer.sanitizeWithText(Self.unwrapXHTMLDiv(markup.text), base: base, limit: limit)
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
                options.sanitizer.sanitizeWithText($0, base: base, limit: limit)
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

    /// HTML, text and image of a rendered field, nil where empty.
    static func fields(_ sanitized: SanitizedHTML) -> (html: String?, text: String?, image: String?) {
        let html = sanitized.html.trimmed
        return (html.isEmpty ? nil : html, sanitized.text.isEmpty ? nil : sanitized.text, sanitized.image)
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

    /// Atom XHTML content is wrapped in one `<div xmlns="http://www.w3.org/1999/xhtml">`.
    static func unwrapXHTMLDiv(_ text: String) -> String {
        let trimmed = text.trimmed
        guard trimmed.hasPrefix("<div") || trimmed.hasPrefix("<xhtml:div"), trimmed.hasSuffix("div>"),
            let open = trimmed.firstIndex(of: ">"), let close = trimmed.range(of: "</", options: .backwards),
            open < close.lowerBound
        else { return text }
        return String(trimmed[trimmed.index(after: open)..<close.lowerBound])
    }
}

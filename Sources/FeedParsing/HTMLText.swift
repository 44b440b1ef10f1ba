/// The plain text of an HTML fragment, read by a small HTML tokenizer rather than regular
/// expressions: tags removed (even with `>` inside quoted attributes), comments and `script` /
/// `style` content dropped, character references decoded, block elements turned into line breaks,
/// runs of whitespace collapsed. Titles and summaries in feeds are HTML far more often than they say.
public enum HTMLText {
    /// Plain text of `html`: single spaces within lines, at most one blank line between blocks.
    public static func plainText(_ html: some StringProtocol) -> String {
        var writer = Writer()
        var bytes = Array(html.utf8)[...]
        while let first = bytes.first {
            if first == UInt8(ascii: "<"), let tag = Tag.read(&bytes) {
                switch tag {
                case .start(let name, _, let selfClosing):
                    if name == "br" { writer.lineBreak() }
                    if blocks.contains(name) { writer.blockBoundary() }
                    if !selfClosing, rawText.contains(name) { skipRawText(&bytes, until: name) }
                case .end(let name):
                    if blocks.contains(name) { writer.blockBoundary() }
                case .other:
                    break
                }
            } else {
                // Text up to the next "<" (a "<" that opens no tag is text too).
                let next = bytes.dropFirst().firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
                writer.text(HTMLEntities.decode(String(decoding: bytes[..<next], as: UTF8.self)))
                bytes = bytes[next...]
            }
        }
        return writer.finish()
    }

    /// Elements whose start or end begins a new line.
    static let blocks: Set<String> = [
        "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
        "table", "tr", "thead", "tbody", "tfoot", "section", "article", "header", "footer", "aside", "nav", "hr",
        "figure", "figcaption", "address", "main", "details", "summary", "form", "fieldset",
    ]

    /// Elements whose content is not text to show.
    static let rawText: Set<String> = ["script", "style", "template", "noscript", "iframe", "object"]

    /// Skips to the end tag of a raw-text element (case-insensitive), or to the end.
    static func skipRawText(_ bytes: inout ArraySlice<UInt8>, until name: String) {
        let closing = Array("</\(name)".utf8)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let lt = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else { break }
            let end = lt + closing.count
            if end <= bytes.endIndex, zip(bytes[lt..<end], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                bytes = bytes[lt...]
                return
            }
            index = lt + 1
        }
        bytes = bytes[bytes.endIndex...]
    }

    /// Collects text, collapsing whitespace and turning block boundaries into line breaks.
    struct Writer {
        var lines: [String] = []
        var line = ""
        var pendingSpace = false
        var blankLinePending = false

        mutating func text(_ text: String) {
            for character in text {
                if character.isWhitespace || character == "\u{00A0}" {
                    pendingSpace = !line.isEmpty
                } else {
                    if pendingSpace { line.append(" ") }
                    pendingSpace = false
                    line.append(character)
                }
            }
        }

        mutating func lineBreak() {
            lines.append(line)
            line = ""
            pendingSpace = false
        }

        mutating func blockBoundary() {
            if !line.isEmpty { lineBreak() }
            if lines.last.map({ !$0.isEmpty }) ?? false { lines.append("") }
        }

        mutating func finish() -> String {
            if !line.isEmpty { lines.append(line) }
            var result: [String] = []
            for line in lines {
                if line.isEmpty, result.last?.isEmpty ?? true { continue }  // one blank line at most
                result.append(line)
            }
            while result.last?.isEmpty == true { result.removeLast() }
            return result.joined(separator: "\n")
        }
    }
}

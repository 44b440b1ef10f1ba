import Foundation

/// Cleans HTML from feeds by allow-list: known-harmless elements and attributes are kept, URLs
/// must be http(s) (resolved against the feed's address), scripts, styles and event handlers go,
/// and the output is canonical (balanced, escaped, lower-case) so sanitizing it again changes nothing.
public struct HTMLSanitizer: Sendable {
    /// Hosts whose iframes are kept (sandboxed); subdomains match too.
    public var iframeHosts: Set<String>

    /// The video hosts whose embeds feeds commonly carry.
    public static let defaultIframeHosts: Set<String> = ["youtube.com", "youtube-nocookie.com", "player.vimeo.com"]

    /// A sanitizer keeping iframes from `iframeHosts` only.
    public init(iframeHosts: Set<String> = HTMLSanitizer.defaultIframeHosts) {
        self.iframeHosts = iframeHosts
    }

    /// Sanitized HTML; relative URLs resolved against `base` (dropped when there is no base).
    public func sanitize(_ html: some StringProtocol, base: URL?) -> String {
        sanitizeAndFindImage(html, base: base).html
    }

    /// The first usable image in `html`: an http(s) `<img>` src, not data:, not a 1×1 pixel, resolved against `base`.
    public func firstImage(in html: some StringProtocol, base: URL?) -> String? {
        sanitizeAndFindImage(html, base: base).image
    }

    /// Both at once, in one pass over the bytes: the feed parser calls this for every entry.
    func sanitizeAndFindImage(_ html: some StringProtocol, base: URL?) -> (html: String, image: String?) {
        withUTF8(html) { bytes in
            var pass = SanitizerPass(bytes: bytes, base: base, iframeHosts: iframeHosts)
            pass.run()
            return (String(decoding: pass.output, as: UTF8.self), pass.image)
        }
    }

    /// Sanitized HTML, its plain text (equal to `HTMLText.plainText` of that HTML) and the first
    /// image, in one pass: the feed parser's per-entry work, where a second tokenizing pass for
    /// the text cost a tenth of the parse.
    func sanitizeWithText(_ html: some StringProtocol, base: URL?) -> (html: String, text: String, image: String?) {
        withUTF8(html) { sanitizeWithText($0, base: base) }
    }

    /// The same, from UTF-8 bytes.
    func sanitizeWithText(
        _ bytes: UnsafeBufferPointer<UInt8>, base: URL?
    ) -> (html: String, text: String, image: String?) {
        var pass = SanitizerPass(bytes: bytes, base: base, iframeHosts: iframeHosts)
        pass.plain = HTMLText.Writer()
        pass.plain?.output.reserveCapacity(bytes.count)
        pass.run()
        let text = String(decoding: pass.plain?.output ?? [], as: UTF8.self)
        return (String(decoding: pass.output, as: UTF8.self), text, pass.image)
    }
}

/// One sanitizer run over one input: reads tags and text, writes canonical HTML to `output`.
struct SanitizerPass {
    /// Deeper start tags are dropped (their text kept), which keeps every step linear.
    static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    let base: URL?
    /// The base's "scheme://host[:port]", computed on the first root-relative URL of a pass.
    var origin: [UInt8]??
    let iframeHosts: Set<String>
    let tables = HTMLElements.shared
    var output: [UInt8] = []
    var image: String?
    /// When set, receives the text and block structure of what is written, so the plain text
    /// comes out of the same pass.
    var plain: HTMLText.Writer?
    /// Ids of the open elements, innermost last, and how many of each are open.
    var stack: [Int] = []
    var openCounts: [Int]
    var attributes: [Tag.Attribute] = []
    /// Scratch buffers reused for attribute values.
    var value: [UInt8] = []
    var url: [UInt8] = []
    var srcset: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, base: URL?, iframeHosts: Set<String>) {
        self.bytes = bytes
        self.base = base
        self.iframeHosts = iframeHosts
        openCounts = Array(repeating: 0, count: tables.names.count)
        output.reserveCapacity(bytes.count + bytes.count / 8 + 64)
    }

    mutating func run() {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if let tag = Tag.read(bytes, at: index, attributes: &attributes) {
                    index = tag.end
                    guard tag.terminated else { continue }  // cut off by the end of the input: browsers drop it
                    switch tag.kind {
                    case .start: index = startTag(tag)
                    case .end: endTag(tag)
                    case .other: break
                    }
                    continue
                }
                output.append(contentsOf: "&lt;".utf8)  // a "<" that opens no tag is text
                index += 1
                writtenText(from: output.count - 4)
            }
            let mark = output.count
            index = text(from: index)
            writtenText(from: mark)
        }
        while let id = stack.popLast() { writeEndTag(id) }
    }

    /// Passes text just written (escaped, from `mark` to the end of the output) to the plain text.
    private mutating func writtenText(from mark: Int) {
        guard plain != nil, mark < output.count else { return }
        output.withUnsafeBufferPointer { plain!.text($0, mark..<$0.count, decoding: true) }
    }

    /// Handles a start tag; returns where reading goes on (after raw-text content, when skipped).
    private mutating func startTag(_ tag: Tag) -> Int {
        guard let element = tables.element(bytes, tag.name) else { return tag.end }
        switch element.handling {
        case .unwrap:
            return tag.end
        case .drop:
            return tag.selfClosing ? tag.end : Tag.rawTextEnd(bytes, from: tag.end, name: tag.name)
        case .iframe:
            let mark = output.count
            if writeStartTag(element) {
                output.append(contentsOf: Self.iframeEnd)
            } else {
                output.removeLast(output.count - mark)
            }
            return tag.selfClosing ? tag.end : Tag.rawTextEnd(bytes, from: tag.end, name: tag.name)
        case .void:
            closeImplied(by: element)
            writeStartTag(element)
            return tag.end
        case .keep:
            closeImplied(by: element)
            // Self-closing ones too are dropped at the limit: written as `<p></p>`, a second pass
            // would read them as a start tag, so it must drop exactly the same ones.
            guard stack.count < Self.maximumDepth else { return tag.end }
            writeStartTag(element)
            if tag.selfClosing {
                writeEndTag(element.id)
            } else {
                stack.append(element.id)
                openCounts[element.id] += 1
            }
            return tag.end
        }
    }

    /// Closes the innermost open elements that `element`'s start tag ends (`<p>a<p>b`, `<li>a<li>b`).
    private mutating func closeImplied(by element: HTMLElement) {
        while let open = stack.last, element.ends(tables.byID[open]) {
            stack.removeLast()
            openCounts[open] -= 1
            writeEndTag(open)
        }
    }

    private static let iframeEnd = Array(
        #" sandbox="allow-scripts allow-same-origin allow-popups" allowfullscreen loading="lazy"></iframe>"#.utf8)

    /// Closes the innermost open element of the tag's kind and any still open inside it; an end
    /// tag matching no open element is dropped.
    private mutating func endTag(_ tag: Tag) {
        guard let element = tables.element(bytes, tag.name), element.handling == .keep,
            openCounts[element.id] > 0
        else { return }
        while let id = stack.popLast() {
            openCounts[id] -= 1
            writeEndTag(id)
            if id == element.id { return }
        }
    }
}

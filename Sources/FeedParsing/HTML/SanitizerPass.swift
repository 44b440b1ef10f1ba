import Foundation

/// What the sanitizer passes of one parse reuse, entry after entry: the output buffers and the
/// tag state. Allocating, zeroing and freeing them for every field cost about a twentieth of
/// sanitizing a content-heavy feed. One parse at a time; never shared between threads.
package final class SanitizerScratch {
    let output = ByteBuffer(capacity: 4096)
    let text = ByteBuffer(capacity: 4096)
    /// Empty between passes: a pass closes everything it opened.
    let open = OpenElements()
    var attributes = Tag.Attributes()
    var value: [UInt8] = []
    var url: [UInt8] = []
    var srcset: [UInt8] = []
}

/// One sanitizer run over one input: reads tags and text, writes canonical HTML to `output`.
struct SanitizerPass {
    /// Deeper start tags are dropped (their text kept), which keeps every step linear.
    static let maximumDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    let base: HTTPURL?
    let iframeHosts: Set<String>
    let maxSrcsetCandidates: Int
    /// The most bytes `output` may hold, end tags closing what is open included.
    let limit: Int
    /// Bytes of the end tags that would close the open elements.
    var closing = 0
    /// Set when the limit was reached: reading stops, open elements are closed.
    var truncated = false
    var srcsetCut = false
    let tables = HTMLElements.shared
    let output: ByteBuffer
    var image: String?
    /// What `image`'s tag says of it; meaningful only while `image` is set (both are set together,
    /// and a tag taken back at the limit leaves `image` as it was before it).
    var imageDetails = ImageDetails()
    /// When set, receives the text and block structure of what is written, so the plain text
    /// comes out of the same pass.
    var plain: HTMLText.Writer?
    /// The open elements.
    let open: OpenElements
    var attributes = Tag.Attributes()
    /// Scratch buffers reused for attribute values.
    var value: [UInt8] = []
    var url: [UInt8] = []
    var srcset: [UInt8] = []
    /// The base's prefix for the kind of plain reference written last, escaped.
    var prefix: (kind: HTTPURLParser.PlainReference, escaped: [UInt8])?

    init(bytes: UnsafeBufferPointer<UInt8>, base: HTTPURL?, sanitizer: HTMLSanitizer, limit: Int = .max) {
        self.bytes = bytes
        self.base = base
        self.iframeHosts = sanitizer.iframeHosts
        self.maxSrcsetCandidates = sanitizer.maxSrcsetCandidates
        self.limit = limit
        open = OpenElements()
        output = ByteBuffer(capacity: min(bytes.count + bytes.count / 8 + 64, limit))
    }

    /// A pass writing into `scratch`'s buffers and keeping its state there; `exchangeState(with:)`
    /// gives that state back when the pass is done.
    init(
        bytes: UnsafeBufferPointer<UInt8>, base: HTTPURL?, sanitizer: HTMLSanitizer, limit: Int,
        scratch: SanitizerScratch
    ) {
        self.bytes = bytes
        self.base = base
        self.iframeHosts = sanitizer.iframeHosts
        self.maxSrcsetCandidates = sanitizer.maxSrcsetCandidates
        self.limit = limit
        output = scratch.output
        output.truncate(to: 0)
        open = scratch.open
        exchangeState(with: scratch)  // takes the scratch's state, leaving it this pass's empty one
    }

    /// Swaps this pass's tag state with `scratch`'s: taken at the start, given back at the end (the
    /// scratch's buffers then hold this pass's output until the next pass).
    mutating func exchangeState(with scratch: SanitizerScratch) {
        swap(&attributes, &scratch.attributes)
        swap(&value, &scratch.value)
        swap(&url, &scratch.url)
        swap(&srcset, &scratch.srcset)
    }

    mutating func run() {
        var index = 0
        var untilCancellationCheck = XMLScanner.cancellationInterval
        while index < bytes.count, !truncated {
            untilCancellationCheck -= 1
            if untilCancellationCheck == 0 {
                untilCancellationCheck = XMLScanner.cancellationInterval
                // Stops like the byte limit does: what was written is closed and well-formed.
                if Task.isCancelled { truncated = true }
            }
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
                let mark = output.count
                output.append("&lt;")  // a "<" that opens no tag is text
                index += 1
                writtenText(from: mark)
                continue
            }
            // When no text left could reach the limit, the plain text is written from the input
            // in the same scan; else from what was written, after the cut.
            if plain != nil, (limit - closing - output.count) / 5 >= bytes.count - index {
                index = textWithPlain(from: index)
                continue
            }
            let mark = output.count
            index = text(from: index)
            writtenText(from: mark)
        }
        while let id = open.pop() { close(id) }
    }

    /// Cuts text just written (from `mark`) so that the output and the end tags still to come fit
    /// the limit; then reading stops.
    private mutating func fitText(from mark: Int) {
        guard output.count + closing > limit else { return }
        output.truncate(to: TextCut.escapedBoundary(output.bytes, atOrBefore: limit - closing, floor: mark))
        truncated = true
    }

    /// Whether a tag just written (from `mark`) fits the limit; if not it is taken back, the image
    /// it may have set with it, and reading stops.
    private mutating func fits(tagFrom mark: Int, image before: String?) -> Bool {
        guard output.count + closing > limit else { return true }
        output.truncate(to: mark)
        image = before
        truncated = true
        return false
    }

    /// Passes text just written (escaped, from `mark` to the end of the output) to the plain text.
    private mutating func writtenText(from mark: Int) {
        fitText(from: mark)
        guard plain != nil, mark < output.count else { return }
        plain!.text(output.bytes, mark..<output.count, decoding: true)
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
            let (mark, image) = (output.count, image)
            if writeStartTag(element) {
                output.append(Self.iframeEnd)
                _ = fits(tagFrom: mark, image: image)
            } else {
                output.truncate(to: mark)
            }
            return tag.selfClosing ? tag.end : Tag.rawTextEnd(bytes, from: tag.end, name: tag.name)
        case .void:
            closeImplied(by: element)
            let (mark, image) = (output.count, image)
            writeStartTag(element)
            _ = fits(tagFrom: mark, image: image)
            return tag.end
        case .keep:
            closeImplied(by: element)
            // Self-closing ones too are dropped at the limit: written as `<p></p>`, a second pass
            // would read them as a start tag, so it must drop exactly the same ones.
            guard open.count < Self.maximumDepth else { return tag.end }
            let (mark, image) = (output.count, image)
            writeStartTag(element)
            // The end tag is counted now: whatever is cut later, it still has room.
            closing += tables.endTags[element.id].count
            guard fits(tagFrom: mark, image: image) else {
                closing -= tables.endTags[element.id].count
                return tag.end
            }
            if tag.selfClosing {
                close(element.id)
            } else {
                open.push(element.id)
            }
            return tag.end
        }
    }

    /// Writes the end tag of `id`, whose room was counted in `closing` when it opened.
    private mutating func close(_ id: Int) {
        closing -= tables.endTags[id].count
        writeEndTag(id)
    }

    /// Closes the innermost open elements that `element`'s start tag ends (`<p>a<p>b`, `<li>a<li>b`).
    private mutating func closeImplied(by element: HTMLElement) {
        while let innermost = open.innermost, element.ends(tables.byID[innermost]) {
            _ = open.pop()
            close(innermost)
        }
    }

    /// Whether `bytes[name]` is the name in `endTag` (`</name>`), byte for byte.
    @inline(__always)
    private static func spells(
        _ endTag: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>
    )
        -> Bool
    {
        guard endTag.count == name.count + 3 else { return false }
        for offset in 0..<name.count where endTag[2 + offset] != bytes[name.lowerBound + offset] { return false }
        return true
    }

    private static let iframeEnd: StaticString =
        #" sandbox="allow-scripts allow-same-origin allow-popups" allowfullscreen loading="lazy"></iframe>"#

    /// Closes the innermost open element of the tag's kind and any still open inside it; an end
    /// tag matching no open element is dropped.
    private mutating func endTag(_ tag: Tag) {
        // Most end tags close the innermost element, spelled as we write it: no lookup then.
        if let innermost = open.innermost, Self.spells(tables.endTags[innermost], bytes, tag.name) {
            _ = open.pop()
            close(innermost)
            return
        }
        guard let element = tables.element(bytes, tag.name), element.handling == .keep,
            open.isOpen(element.id)
        else { return }
        while let id = open.pop() {
            close(id)
            if id == element.id { return }
        }
    }
}

/// The elements a sanitizer pass has open, innermost last, and how many of each kind: fixed
/// storage made once per parse, so that opening and closing a tag neither checks an array's
/// uniqueness nor grows one.
final class OpenElements {
    private let ids: UnsafeMutablePointer<Int32>
    private let counts: UnsafeMutableBufferPointer<Int32>
    private(set) var count = 0

    init() {
        ids = .allocate(capacity: SanitizerPass.maximumDepth)
        counts = .allocate(capacity: HTMLElements.shared.endTags.count)
        counts.initialize(repeating: 0)
    }

    deinit {
        ids.deallocate()
        counts.deallocate()
    }

    /// The innermost open element's id.
    var innermost: Int? { count > 0 ? Int(ids[count - 1]) : nil }

    func isOpen(_ id: Int) -> Bool { counts[id] > 0 }

    /// Opens `id`; the caller keeps the depth below ``SanitizerPass/maximumDepth``.
    func push(_ id: Int) {
        precondition(count < SanitizerPass.maximumDepth)
        ids[count] = Int32(id)
        count += 1
        counts[id] += 1
    }

    /// Closes the innermost element and returns its id.
    func pop() -> Int? {
        guard count > 0 else { return nil }
        count -= 1
        let id = Int(ids[count])
        counts[id] -= 1
        return id
    }
}

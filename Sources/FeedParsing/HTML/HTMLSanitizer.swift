import Foundation

/// Cleans HTML from feeds by allow-list: known-harmless elements and attributes are kept, URLs
/// must be http(s) (resolved against the feed's address), scripts, styles and event handlers go,
/// and the output is canonical (balanced, escaped, lower-case) so sanitizing it again changes nothing.
/// In a cancelled task it stops early, giving the well-formed start of the output.
public struct HTMLSanitizer: Sendable {
    /// Hosts whose iframes are kept (sandboxed); subdomains match too.
    public var iframeHosts: Set<String>
    /// `srcset` candidates after this many are left out (a hostile image listed 10,000).
    public var maxSrcsetCandidates = 32

    /// The video hosts whose embeds feeds commonly carry.
    public static let defaultIframeHosts: Set<String> = ["youtube.com", "youtube-nocookie.com", "player.vimeo.com"]

    /// A sanitizer keeping iframes from `iframeHosts` only.
    public init(iframeHosts: Set<String> = HTMLSanitizer.defaultIframeHosts) {
        self.iframeHosts = iframeHosts
    }

    /// Sanitized HTML; relative URLs resolved against `base` (dropped when there is no base, or
    /// when it is not an http(s) URL).
    public func sanitize(_ html: some StringProtocol, base: URL?) -> String {
        sanitizeAndFindImage(html, base: base).html
    }

    /// The first usable image in `html`: an http(s) `<img>` src, not data:, not a 1×1 pixel, resolved against `base`.
    public func firstImage(in html: some StringProtocol, base: URL?) -> String? {
        sanitizeAndFindImage(html, base: base).image
    }

    /// Both at once, in one pass over the bytes: the feed parser calls this for every entry.
    func sanitizeAndFindImage(_ html: some StringProtocol, base: URL?) -> (html: String, image: String?) {
        let base = base.flatMap { HTTPURL($0.absoluteString) }
        return withUTF8(html) { bytes in
            var pass = SanitizerPass(bytes: bytes, base: base, sanitizer: self)
            pass.run()
            return (pass.output.string, pass.image)
        }
    }

    /// Sanitized HTML, its plain text (equal to `HTMLText.plainText` of that HTML) and the first
    /// image, in one pass: the feed parser's per-entry work, where a second tokenizing pass for
    /// the text cost a tenth of the parse. The HTML is cut to at most `limit` bytes.
    func sanitizeWithText(_ html: some StringProtocol, base: HTTPURL?, limit: Int = .max) -> SanitizedHTML {
        withUTF8(html) { sanitizeWithText($0, base: base, limit: limit) }
    }

    /// The same, from UTF-8 bytes; with `scratch`, its buffers and state are reused (a parse
    /// passes one for all its entries).
    package func sanitizeWithText(
        _ bytes: UnsafeBufferPointer<UInt8>, base: HTTPURL?, limit: Int = .max, scratch: SanitizerScratch? = nil
    ) -> SanitizedHTML {
        var pass: SanitizerPass
        if let scratch {
            pass = SanitizerPass(bytes: bytes, base: base, sanitizer: self, limit: limit, scratch: scratch)
            pass.plain = HTMLText.Writer(reusing: scratch.text)
        } else {
            pass = SanitizerPass(bytes: bytes, base: base, sanitizer: self, limit: limit)
            pass.plain = HTMLText.Writer(capacity: min(bytes.count, limit))
        }
        pass.run()
        if let scratch { pass.exchangeState(with: scratch) }
        let text = pass.plain!.output
        // The text is shorter than the HTML it comes from, but make sure.
        let textCut = text.count > limit
        if textCut { text.truncate(to: TextCut.boundary(text.bytes, atOrBefore: limit)) }
        return SanitizedHTML(
            html: pass.output.string, text: text.string,
            image: pass.image, imageDetails: pass.image == nil ? ImageDetails() : pass.imageDetails,
            truncated: pass.truncated || textCut, srcsetCut: pass.srcsetCut)
    }
}

/// What the feed parser gets from sanitizing one field.
package struct SanitizedHTML {
    package var html: String
    /// The plain text of `html`.
    package var text: String
    /// The first usable image.
    package var image: String?
    /// What the image's tag says of it.
    package var imageDetails = ImageDetails()
    /// Whether the HTML was cut at the byte limit (well-formed: open elements closed).
    package var truncated = false
    /// Whether a `srcset` had more candidates than the sanitizer keeps.
    package var srcsetCut = false
}

import Foundation

/// The sanitizer's URL checks, on attribute values already entity-decoded: http(s) URLs are
/// resolved as browsers resolve them (``HTTPURL``, the same rule as every other link the parser
/// gives out); `mailto:` is kept on links and raster `data:` images in `img src`; nothing else.
enum SanitizedURL {
    /// Which schemes an attribute may use.
    enum Rule {
        /// `a href`: http, https, mailto.
        case link
        /// `img src`: http, https, and `data:image/…` other than SVG.
        case image
        /// Every other URL: http, https.
        case media
        /// `iframe src`: https, on an allowed host.
        case frame
    }

    private enum Scheme {
        case mailto
        case data
        case other
        /// http, https, or none (a relative reference).
        case web
    }

    /// Cleans `url` in place (controls removed, spaces trimmed), resolves it against `base` and
    /// says whether `rule` allows what results; `url` then holds the serialized URL.
    static func check(_ url: inout [UInt8], rule: Rule, base: HTTPURL?, iframeHosts: Set<String>) -> Bool {
        // Canonical URLs and plain relative references, most links, hold no byte to clean and
        // are http(s) or resolve to it: answered first, each takes one pass.
        if rule != .frame, resolveDirectly(&url, against: base) { return true }
        let cleaned = clean(&url)
        guard !url.isEmpty else { return false }
        switch scheme(url) {
        case .web:
            if rule != .frame {
                // Cleaning can make a URL plain ("https://e.com/ ", "/a\nb").
                if cleaned, resolveDirectly(&url, against: base) { return true }
            }
            guard let parsed = url.withUnsafeBufferPointer({ HTTPURLParser.parse($0, base: base) }) else {
                return false
            }
            if rule == .frame {
                // User info is kept in links as the standard says, but an embed that carries it
                // ("https://evil.example@youtube.com/") is not what an allow-list means.
                guard parsed.scheme == .https, parsed.username.isEmpty, parsed.password.isEmpty,
                    isAllowedFrameHost(parsed.hostString, iframeHosts)
                else { return false }
            }
            // The parser copied the text, so its buffer can take the result.
            url.removeAll(keepingCapacity: true)
            parsed.serialize(into: &url)
            return true
        case .mailto where rule == .link:
            guard let mailto = FeedURL.mailto(String(decoding: url, as: UTF8.self)) else { return false }
            url = Array(mailto.utf8)
            return true
        case .data where rule == .image:
            return isRasterImage(url)
        default:
            return false
        }
    }

    /// Whether `url` is a canonical http(s) URL, left as it is (or given the root path it lacks),
    /// or a plain relative reference, then resolved against `base` in place: the base's prefix is written in front of the
    /// reference's bytes in the buffer that holds them (see ``HTTPURL/plainPrefix(for:)``).
    private static func resolveDirectly(_ url: inout [UInt8], against base: HTTPURL?) -> Bool {
        let (form, prefix) = url.withUnsafeBufferPointer {
            bytes -> (HTTPURLParser.CanonicalForm?, ArraySlice<UInt8>?) in
            if let form = HTTPURLParser.canonicalForm(bytes) { return (form, nil) }
            return (nil, base?.plainPrefix(for: bytes))
        }
        switch form {
        case .canonical: return true
        case .missingRootPath(let index):
            url.insert(UInt8(ascii: "/"), at: index)
            return true
        case nil: break
        }
        guard let prefix else { return false }
        let count = url.count
        url.append(contentsOf: prefix)  // grows the buffer; the bytes are put in place below
        url.withUnsafeMutableBytes { buffer in
            let start = buffer.baseAddress!
            (start + prefix.count).copyMemory(from: start, byteCount: count)  // a memmove
            prefix.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        }
        return true
    }

    /// Whether `url` (checked) is an http(s) URL, so not `data:` or `mailto:`.
    static func isHTTP(_ url: [UInt8]) -> Bool {
        hasPrefix(url, "http://") || hasPrefix(url, "https://")
    }

    /// Removes C0 controls and DEL anywhere and trims spaces. Browsers remove only tabs and
    /// newlines inside a URL; removing every control is stricter, so that `java\u{1}script:` is
    /// read as the `javascript:` it is meant to look like, and dropped. Returns whether anything
    /// may have been removed.
    private static func clean(_ url: inout [UInt8]) -> Bool {
        // Most URLs need nothing: one pass over the buffer says so without touching the array.
        let clean = url.withUnsafeBufferPointer { bytes in
            guard bytes.first != 0x20, bytes.last != 0x20 else { return false }
            for byte in bytes where byte < 0x20 || byte == 0x7F { return false }
            return true
        }
        if clean { return false }
        if url.contains(where: { $0 < 0x20 || $0 == 0x7F }) { url.removeAll { $0 < 0x20 || $0 == 0x7F } }
        while url.last == 0x20 { url.removeLast() }
        if let first = url.firstIndex(where: { $0 != 0x20 }), first > 0 { url.removeFirst(first) }
        return true
    }

    private static func scheme(_ url: [UInt8]) -> Scheme {
        guard let end = HTTPURLParser.schemeEnd(url) else { return .web }
        switch end {
        case 4 where hasPrefix(url, "http"), 5 where hasPrefix(url, "https"): return .web
        case 4 where hasPrefix(url, "data"): return .data
        case 6 where hasPrefix(url, "mailto"): return .mailto
        default: return .other
        }
    }

    /// Whether `bytes` starts with the lower-case ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: some Collection<UInt8>, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            guard bytes.count >= prefix.count else { return false }
            var index = bytes.startIndex
            for expected in prefix {
                let byte = bytes[index]
                guard byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0) == expected else { return false }
                index = bytes.index(after: index)
            }
            return true
        }
    }

    /// `data:image/…`, except SVG, which can carry scripts.
    private static func isRasterImage(_ url: [UInt8]) -> Bool {
        guard hasPrefix(url, "data:image/") else { return false }
        return !hasPrefix(url.dropFirst("data:image/".utf8.count), "svg")
    }

    /// Whether `host` (serialized: lower-case, ASCII) is an allowed host or a subdomain of one.
    private static func isAllowedFrameHost(_ host: String, _ hosts: Set<String>) -> Bool {
        hosts.contains { allowed in
            let allowed = allowed.lowercased()
            return host == allowed || host.hasSuffix("." + allowed)
        }
    }
}

import Foundation

/// The sanitizer's URL checks, on attribute values already entity-decoded.
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
        case http
        case https
        case mailto
        case data
        case other
        case relative
    }

    /// Cleans `url` in place as browsers do (controls removed, spaces trimmed), resolves it against
    /// `base` when relative, and says whether `rule` allows what results.
    static func check(
        _ url: inout [UInt8], rule: Rule, base: URL?, origin: [UInt8]? = nil, iframeHosts: Set<String>
    ) -> Bool {
        var plain = isPlain(url)  // nothing to clean in the usual case
        if !plain {
            clean(&url)
            plain = isPlain(url)
        }
        guard !url.isEmpty else { return false }
        switch scheme(url) {
        case .http, .https:
            // Plain absolute URLs are kept as written: Foundation would at most re-encode oddities.
            if !plain && !resolve(&url, base: nil) { return false }
        case .mailto where rule == .link:
            if !plain && !resolve(&url, base: nil) { return false }
            return scheme(url) == .mailto
        case .data where rule == .image:
            return isRasterImage(url)
        case .relative:
            guard let base, resolve(&url, base: base, origin: origin) else { return false }
        default:
            return false
        }
        switch (scheme(url), rule) {
        case (.https, .frame): return isAllowedFrameHost(url, iframeHosts)
        case (.http, .frame): return false
        case (.http, _), (.https, _): return true
        default: return false
        }
    }

    /// Whether `url` (checked) starts `http://` or `https://`, so not `data:` or `mailto:`.
    static func isHTTP(_ url: [UInt8]) -> Bool {
        let scheme = scheme(url)
        guard scheme == .http || scheme == .https else { return false }
        let colon = scheme == .http ? 4 : 5
        return url.count > colon + 2 && url[colon + 1] == UInt8(ascii: "/") && url[colon + 2] == UInt8(ascii: "/")
    }

    /// Removes C0 controls and DEL anywhere (so `java\tscript:` is caught) and trims spaces.
    private static func clean(_ url: inout [UInt8]) {
        let kept = url.withUnsafeMutableBufferPointer { url in
            var kept = 0
            for index in 0..<url.count where url[index] >= 0x20 && url[index] != 0x7F {
                url[kept] = url[index]
                kept += 1
            }
            return kept
        }
        url.removeLast(url.count - kept)
        while url.last == 0x20 { url.removeLast() }
        if let first = url.firstIndex(where: { $0 != 0x20 }), first > 0 { url.removeFirst(first) }
    }

    private static func scheme(_ url: [UInt8]) -> Scheme {
        guard let first = url.first, Tag.isLetter(first) else { return .relative }
        var end = 1
        while end < url.count,
            Tag.isLetter(url[end]) || (url[end] >= 0x30 && url[end] <= 0x39) || url[end] == 0x2B
                || url[end] == 0x2D || url[end] == 0x2E
        { end += 1 }
        guard end < url.count, url[end] == UInt8(ascii: ":") else { return .relative }
        switch end {
        case 4 where hasPrefix(url, "http"): return .http
        case 4 where hasPrefix(url, "data"): return .data
        case 5 where hasPrefix(url, "https"): return .https
        case 6 where hasPrefix(url, "mailto"): return .mailto
        default: return .other
        }
    }

    /// Whether `bytes` starts with the lower-case ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: some Collection<UInt8>, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { prefix in
            bytes.count >= prefix.count
                && zip(bytes, prefix).allSatisfy { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) == $1 }
        }
    }

    /// Whether every byte is one a URL may hold as it is (RFC 3986, `%` only before two hex digits).
    private static func isPlain(_ url: [UInt8]) -> Bool {
        let (low, high) = plainBytes
        return url.withUnsafeBufferPointer { url in
            for index in 0..<url.count {
                let byte = url[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < url.count, isHexDigit(url[index + 1]), isHexDigit(url[index + 2]) else {
                        return false
                    }
                } else if byte >= 128 || (byte < 64 ? low >> byte : high >> (byte - 64)) & 1 == 0 {
                    return false
                }
            }
            return true
        }
    }

    /// Bit masks of the bytes below 64 and from 64 to 127 that `isPlain` accepts.
    private static let plainBytes: (UInt64, UInt64) = {
        var masks: (UInt64, UInt64) = (0, 0)
        for byte in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@!$&'()*+,;=".utf8 {
            if byte < 64 { masks.0 |= 1 << byte } else { masks.1 |= 1 << (byte - 64) }
        }
        return masks
    }()

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }

    /// Resolves `url` with Foundation, which also percent-encodes what needs it. Root-relative
    /// paths with nothing to encode and no dot segments (`/news/1`, common in blog content) are
    /// joined to the base's `origin` directly: Foundation's resolution was most of the cost there.
    private static func resolve(_ url: inout [UInt8], base: URL?, origin: [UInt8]? = nil) -> Bool {
        if let origin, url.count > 1, url[0] == UInt8(ascii: "/"), url[1] != UInt8(ascii: "/"), isPlain(url),
            !url.contains(UInt8(ascii: ".")) || !hasDotSegment(url)
        {
            url = origin + url
            return true
        }
        guard let resolved = URL(string: String(decoding: url, as: UTF8.self), relativeTo: base) else { return false }
        url = Array(resolved.absoluteString.utf8)
        return !url.isEmpty
    }

    /// "scheme://host[:port]" of a base URL, for joining root-relative paths; nil when the base has
    /// user info or no host (Foundation resolves those).
    static func origin(of base: URL?) -> [UInt8]? {
        guard let base, base.user == nil, let scheme = base.scheme, let host = base.host(percentEncoded: true) else {
            return nil
        }
        return Array((scheme + "://" + host + (base.port.map { ":\($0)" } ?? "")).utf8)
    }

    /// Whether a path holds a "." or ".." segment (which resolution would remove).
    private static func hasDotSegment(_ url: [UInt8]) -> Bool {
        let path = url.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        return path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains {
            $0.elementsEqual([UInt8(ascii: ".")]) || $0.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")])
        }
    }

    /// `data:image/…`, except SVG, which can carry scripts.
    private static func isRasterImage(_ url: [UInt8]) -> Bool {
        guard hasPrefix(url, "data:image/") else { return false }
        return !hasPrefix(url.dropFirst("data:image/".utf8.count), "svg")
    }

    /// Whether the host of `url` (which starts `https:`) is an allowed host or a subdomain of one.
    private static func isAllowedFrameHost(_ url: [UInt8], _ hosts: Set<String>) -> Bool {
        let start = "https://".utf8.count
        guard url.count > start, url[start - 2] == 0x2F, url[start - 1] == 0x2F else { return false }
        var end = start
        while end < url.count, url[end] != 0x2F, url[end] != 0x3F, url[end] != 0x23 { end += 1 }
        var authority = url[start..<end]
        if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            guard authority[(colon + 1)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            authority = authority[..<colon]
        }
        // Letters, digits, dots and hyphens only: no user info ("@") or anything browsers read differently.
        guard
            authority.allSatisfy({ Tag.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D })
        else { return false }
        let host = String(decoding: authority, as: UTF8.self).lowercased()
        return hosts.contains { allowed in
            let allowed = allowed.lowercased()
            return host == allowed || host.hasSuffix("." + allowed)
        }
    }
}

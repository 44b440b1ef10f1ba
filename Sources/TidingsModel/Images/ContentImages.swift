import Foundation

/// An article's HTML with its images served through the proxy like every other image of the
/// page: `src` and `srcset` of `<img>`, `srcset` of `<source>` (in `<picture>`), `poster` of
/// `<video>`. It reads what the feed parser's sanitizer writes — attributes as ` name="value"`,
/// values escaped, so the first `>` ends a tag — and leaves anything else as it is. An image URL
/// the proxy cannot serve is dropped (`src`), or left out of the set (`srcset`).
package enum ContentImages {
    package static func rewrite(_ html: String, _ links: ImageLinks) -> String {
        guard html.contains("<img") || html.contains("<source") || html.contains("<video") else { return html }
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 4)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let element = element(bytes, at: index + 1),
                let close = bytes[index...].firstIndex(of: UInt8(ascii: ">"))
            else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(contentsOf: rewriteTag(bytes[index...close], element: element, links))
            index = close + 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The attributes of each element that hold images, and how each is read.
    private static let attributes: [String: [(name: String, isSet: Bool)]] = [
        "img": [("src", false), ("srcset", true)], "source": [("srcset", true)], "video": [("poster", false)],
    ]

    /// The element whose name starts at `start`, when it is one of those.
    private static func element(_ bytes: [UInt8], at start: Int) -> String? {
        var end = start
        while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
        guard end > start, end < bytes.count, [0x20, 0x2F, 0x3E].contains(bytes[end]) else { return nil }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        return attributes[name] == nil ? nil : name
    }

    private static func rewriteTag(_ tag: ArraySlice<UInt8>, element: String, _ links: ImageLinks) -> [UInt8] {
        var tag = Array(tag)
        for (name, isSet) in attributes[element] ?? [] {
            let marker = Array(" \(name)=\"".utf8)
            guard let start = tag.firstRange(of: marker)?.lowerBound,
                let end = tag[(start + marker.count)...].firstIndex(of: UInt8(ascii: "\""))
            else { continue }
            let value = unescape(String(decoding: tag[(start + marker.count)..<end], as: UTF8.self))
            let proxied = isSet ? proxiedSet(value, links) : links.path(value)
            let replacement = proxied.map { Array(" \(name)=\"\(escape($0))\"".utf8) } ?? []
            tag.replaceSubrange(start...end, with: replacement)
        }
        return tag
    }

    /// A sanitized `srcset` ("URL 2x, URL 640w") with each URL proxied; nil when none is left.
    private static func proxiedSet(_ value: String, _ links: ImageLinks) -> String? {
        let candidates = value.components(separatedBy: ", ").compactMap { candidate -> String? in
            let parts = candidate.split(separator: " ", maxSplits: 1)
            guard let url = parts.first, let path = links.path(String(url)) else { return nil }
            return parts.count > 1 ? "\(path) \(parts[1])" : path
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

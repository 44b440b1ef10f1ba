import Foundation

/// URLs found in feeds: only absolute http(s) URLs come out, resolved the way browsers resolve
/// them (``HTTPURL``); anything else is dropped, with a reason for the warning.
enum FeedURL {
    enum Outcome: Equatable {
        /// Nothing there (absent or blank).
        case absent
        /// The serialized absolute URL.
        case url(String)
        /// Why the text was not kept, to follow the quoted text in a warning.
        case dropped(String)
    }

    /// `text` resolved against `base`: an absolute http(s) URL of at most `maxLength` bytes.
    static func resolve(_ text: String?, base: HTTPURL?, maxLength: Int = .max) -> Outcome {
        guard let text, text.utf8.contains(where: { $0 > 0x20 }) else { return .absent }
        switch withUTF8(text, HTTPURLParser.canonicalForm) {
        case .canonical:
            return text.utf8.count <= maxLength ? .url(text) : .dropped("is longer than \(maxLength) bytes")
        case .missingRootPath(let index):
            // "http://example.com" is "http://example.com/".
            let split = text.utf8.index(text.utf8.startIndex, offsetBy: index)
            let url = String(text[..<split]) + "/" + text[split...]
            return url.utf8.count <= maxLength ? .url(url) : .dropped("is longer than \(maxLength) bytes")
        case nil: break
        }
        if let resolved = withUTF8(text, { base?.resolvingPlain($0) }).map({ String(decoding: $0, as: UTF8.self) }) {
            return resolved.utf8.count <= maxLength ? .url(resolved) : .dropped("is longer than \(maxLength) bytes")
        }
        guard let url = HTTPURL(text, base: base) else {
            if base == nil, !hasScheme(text) { return .dropped("is relative and there is no http(s) base URL") }
            return .dropped("is not an http(s) URL")
        }
        let serialized = url.serialized
        guard serialized.utf8.count <= maxLength else { return .dropped("is longer than \(maxLength) bytes") }
        return .url(serialized)
    }

    /// A person's web address: an http(s) URL as above, or a `mailto:` URL.
    static func resolvePerson(_ text: String?, base: HTTPURL?, maxLength: Int = .max) -> Outcome {
        if let text, let mailto = mailto(text) {
            return mailto.utf8.count <= maxLength ? .url(mailto) : .dropped("is longer than \(maxLength) bytes")
        }
        return resolve(text, base: base, maxLength: maxLength)
    }

    /// An email address as an author's `email` holds it: "name@domain", without a `mailto:` in
    /// front, spaces, controls or the characters that would end it in markup; else nil.
    static func emailAddress(_ text: String) -> String? {
        var address = text.trimmed
        if address.utf8.count > 7, address.prefix(7).lowercased() == "mailto:" {
            address = String(address.dropFirst(7))
        }
        guard let at = address.firstIndex(of: "@"), at > address.startIndex,
            address.index(after: at) < address.endIndex,
            address.utf8.count <= 254,
            !address.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || "\"<>()[]\\,;:".utf8.contains($0) })
        else { return nil }
        return address
    }

    /// `text` as a `mailto:` URL, when it is one with something after the colon: the scheme
    /// lower-cased, spaces, controls, quotes, angle brackets and non-ASCII bytes percent-encoded.
    static func mailto(_ text: some StringProtocol) -> String? {
        withUTF8(text) { bytes in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] <= 0x20 { start += 1 }
            while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
            let rest = bytes[start..<end].filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            guard rest.count > 7, rest.prefix(7).map({ Tag.isLetter($0) ? $0 | 0x20 : $0 }) == Array("mailto:".utf8)
            else { return nil }
            var output = Array("mailto:".utf8)
            for byte in rest.dropFirst(7) {
                if byte <= 0x20 || byte >= 0x7F || "\"<>`".utf8.contains(byte) {
                    let hex = Array("0123456789ABCDEF".utf8)
                    output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
                } else {
                    output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Whether `text` starts with a scheme ("javascript:", "data:"), after what browsers trim.
    static func hasScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8.drop { $0 <= 0x20 }.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D })
        return HTTPURLParser.schemeEnd(bytes) != nil
    }

    /// The text quoted in a warning: its first 60 characters.
    static func quoted(_ text: String) -> String {
        let trimmed = text.trimmed
        return "\"" + (trimmed.prefix(61).count > 60 ? trimmed.prefix(60) + "…" : trimmed[...]) + "\""
    }
}

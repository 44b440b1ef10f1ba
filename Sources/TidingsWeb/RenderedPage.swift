import Crypto
import Foundation

/// A rendered page and the Content-Security-Policy that lets it run: its script and its inline
/// styles are allowed by their SHA-256 hashes, not by a nonce, so a page is the same bytes for
/// every reader who gets it — kept, given an ETag and compressed once, not once per response.
public struct RenderedPage: Sendable {
    public let html: String
    /// The policy every response of this page carries.
    public let contentSecurityPolicy: String

    /// `html` and the policy for what its head holds. Only the head is read: the templates alone
    /// write it (every value in it escaped), while a body may hold an article's markup, whose
    /// styles and scripts must never be allowed.
    init(html: String) {
        self.html = html
        let head = Self.head(of: html)
        contentSecurityPolicy = Self.policy(
            scripts: Self.scriptIntegrities(in: head),
            styles: Self.inlineStyles(in: head).map { Self.hashSource(Array($0.utf8)) })
    }

    /// `default-src 'none'`, then only what the reader needs: its own stylesheet, images (the
    /// image proxy), fetches and forms on this origin, embedded players in frames, and the
    /// scripts and inline styles `scripts` and `styles` name.
    static func policy(scripts: [String], styles: [String]) -> String {
        let scriptSources = scripts.map { "'\($0)'" }.joined(separator: " ")
        let styleSources = (["'self'"] + styles.map { "'\($0)'" }).joined(separator: " ")
        return [
            "default-src 'none'", scripts.isEmpty ? "script-src 'none'" : "script-src \(scriptSources)",
            "style-src \(styleSources)", "img-src 'self'", "connect-src 'self'", "form-action 'self'",
            "frame-src https: http:", "frame-ancestors 'self'", "base-uri 'none'",
        ].joined(separator: "; ")
    }

    /// A CSP hash source (and an `integrity` value) for `bytes`: `sha256-` and the base64 of
    /// their SHA-256.
    static func hashSource(_ bytes: some DataProtocol) -> String {
        "sha256-" + Data(SHA256.hash(data: bytes)).base64EncodedString()
    }

    /// The page up to `</head>` (all of it when there is none).
    static func head(of html: String) -> Substring {
        guard let end = html.range(of: "</head>") else { return html[...] }
        return html[..<end.lowerBound]
    }

    /// The text of each `<style>` element in `head`.
    static func inlineStyles(in head: Substring) -> [Substring] {
        var styles: [Substring] = []
        var rest = head
        while let open = rest.range(of: "<style"), let tagEnd = rest[open.upperBound...].firstIndex(of: ">") {
            let body = rest[rest.index(after: tagEnd)...]
            guard let close = body.range(of: "</style>") else { break }
            styles.append(body[..<close.lowerBound])
            rest = body[close.upperBound...]
        }
        return styles
    }

    /// The `integrity` values of the `<script>` elements in `head`.
    static func scriptIntegrities(in head: Substring) -> [String] {
        var values: [String] = []
        var rest = head
        while let open = rest.range(of: "<script"), let tagEnd = rest[open.upperBound...].firstIndex(of: ">") {
            let tag = rest[open.upperBound..<tagEnd]
            if let attribute = tag.range(of: #"integrity=""#) {
                let value = tag[attribute.upperBound...]
                if let quote = value.firstIndex(of: "\"") { values.append(String(value[..<quote])) }
            }
            rest = rest[tagEnd...]
        }
        return values
    }
}

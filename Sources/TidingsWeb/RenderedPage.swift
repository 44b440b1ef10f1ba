import Foundation

/// A rendered page, cut where its Content-Security-Policy nonce goes: the page is rendered once
/// and cached, and each response splices in a fresh nonce.
public struct RenderedPage: Sendable {
    /// The text between nonces.
    public let parts: [String]

    /// A value no content can forge: pages are rendered with it wherever the nonce goes.
    static let placeholder = "nonce-" + UUID().uuidString

    init(html: String, placeholder: String) {
        parts = html.components(separatedBy: placeholder)
    }

    /// The page with `nonce` in every place.
    public func html(nonce: String) -> String {
        parts.joined(separator: nonce)
    }

    /// A fresh nonce: 16 random bytes, base64.
    public static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return Data(bytes).base64EncodedString()
    }
}

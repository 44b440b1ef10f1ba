import Foundation

/// Base64url without padding (RFC 4648 §5), for the opaque cursors the API hands out.
public enum Base64URL {
    /// `text`'s UTF-8 bytes, encoded.
    public static func encode(_ text: String) -> String {
        encode(bytes: Data(text.utf8))
    }

    /// `bytes`, encoded.
    public static func encode(bytes: some DataProtocol) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The UTF-8 text a token encodes; nil when it is not base64url of UTF-8.
    public static func decode(_ token: String) -> String? {
        decodeBytes(token).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The bytes a token encodes; nil unless the token is exactly what ``encode(bytes:)`` makes of
    /// them (no padding, no `+` or `/`, no stray bits in the last character), so one byte string
    /// has one token.
    public static func decodeBytes(_ token: String) -> Data? {
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), encode(bytes: data) == token else { return nil }
        return data
    }
}

import Crypto
import Foundation

/// API keys: random secrets shown once; only their SHA-256 hash is stored.
public enum APIKeys {
    /// A new secret: "tid_" and 32 random bytes in hex.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return "tid_" + hex(bytes)
    }

    /// The stored form of a secret.
    public static func hash(_ secret: String) -> String { hex(Array(SHA256.hash(data: Data(secret.utf8)))) }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

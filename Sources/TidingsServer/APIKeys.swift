import Crypto
import Foundation
import TidingsModel

/// API keys: random secrets shown once; only their SHA-256 hash is stored.
public enum APIKeys {
    /// A new secret: "tid_" and 32 random bytes in hex.
    public static func generate() -> String { "tid_" + Hex.random(32) }

    /// The stored form of a secret.
    public static func hash(_ secret: String) -> String { Hex.string(SHA256.hash(data: Data(secret.utf8))) }
}

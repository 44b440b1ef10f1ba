import Foundation
import TidingsCatalog
import TidingsModel

/// The keys of a database: API keys for the write endpoints and the secret cursors are signed with.
public protocol KeyStore: Sendable {
    /// Stores a new API key's hash.
    func createAPIKey(name: String, hash: String, at: Date) async throws -> APIKeyRecord
    /// All keys, revoked ones included.
    func apiKeys() async throws -> [APIKeyRecord]
    /// Revokes a key; false when there is no such key.
    func revokeAPIKey(id: Int64, at: Date) async throws -> Bool
    /// The key with this hash, if any.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// The secret that signs cursors: 32 random bytes, made by the first caller and kept in the
    /// database, so every server over it signs alike, across restarts.
    func cursorSecret() async throws -> [UInt8]
}

/// An API key as stored: only the SHA-256 hash of the secret is kept.
public struct APIKeyRecord: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var createdAt: Date
    public var revokedAt: Date?

    public init(id: Int64, name: String, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

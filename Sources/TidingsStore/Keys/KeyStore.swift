import Foundation
import TidingsCatalog
import TidingsModel

/// The keys of a database: API keys for the write endpoints and the secret cursors are signed with.
public protocol KeyStore: Sendable {
    /// Stores a new API key's hash, with what it may do.
    func createAPIKey(name: String, hash: String, scope: APIKeyScope, at: Date) async throws -> APIKeyRecord
    /// All keys, revoked ones included.
    func apiKeys() async throws -> [APIKeyRecord]
    /// Revokes a key; false when there is no such key.
    func revokeAPIKey(id: Int64, at: Date) async throws -> Bool
    /// The key with this hash, if any.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// The secret that signs cursors: 32 random bytes, made by the first caller and kept in the
    /// database, so every server over it signs alike, across restarts.
    func cursorSecret() async throws -> [UInt8]
    /// Opens a console session for key `keyID`: its cookie's hash, its form token, until
    /// `expires`. Sessions that have expired are removed with it.
    func startSession(tokenHash: String, keyID: Int64, csrf: String, at: Date, expires: Date) async throws
    /// The session whose cookie has this hash, with its key, while it has not expired at `now`.
    func session(tokenHash: String, at now: Date) async throws -> ConsoleSession?
    /// Ends the session whose cookie has this hash (signing out); nothing when there is none.
    func endSession(tokenHash: String) async throws
}

/// A signed-in editor of the newsroom console: the key they signed in with (as it is now:
/// revoked, or of another scope, it lets them do nothing) and the token every form carries.
public struct ConsoleSession: Sendable, Hashable {
    public var key: APIKeyRecord
    public var csrf: String
    public var expiresAt: Date

    public init(key: APIKeyRecord, csrf: String, expiresAt: Date) {
        self.key = key
        self.csrf = csrf
        self.expiresAt = expiresAt
    }
}

extension KeyStore {
    /// Stores a new key that posts catalog events (``APIKeyScope/write``).
    public func createAPIKey(name: String, hash: String, at: Date) async throws -> APIKeyRecord {
        try await createAPIKey(name: name, hash: hash, scope: .write, at: at)
    }
}

/// What a key may do. Each route names the scopes it takes; a key of another scope gets 403.
public enum APIKeyScope: String, Sendable, Hashable, CaseIterable {
    /// Change nothing: refused by every route that writes (for read-only newsroom tools).
    case read
    /// Post catalog events (`/api/v1/events`): the scope of every key made before scopes.
    case write
    /// Everything: the newsroom's changes too.
    case admin

    /// Whether a key of this scope may do what `needed` allows (`admin` may do all, `write` and
    /// `read` only their own).
    public func allows(_ needed: APIKeyScope) -> Bool { self == needed || self == .admin }
}

/// An API key as stored: only the SHA-256 hash of the secret is kept.
public struct APIKeyRecord: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var scope: APIKeyScope
    public var createdAt: Date
    public var revokedAt: Date?

    public init(id: Int64, name: String, scope: APIKeyScope = .write, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.name = name
        self.scope = scope
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

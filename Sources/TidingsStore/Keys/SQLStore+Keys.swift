import Foundation
import SQLKit

/// API keys for the write endpoints.
extension SQLStore: KeyStore {
    public func createAPIKey(name: String, hash: String, scope: APIKeyScope, at: Date) async throws -> APIKeyRecord {
        try await source.write(locking: .keys([])) { db in
            let row = try await db.raw(
                "INSERT INTO api_keys (name, key_hash, scope, created_at) VALUES (\(bind: name), \(bind: hash), \(bind: scope.rawValue), \(bind: at.millisecondsSince1970)) RETURNING id"
            ).first()
            guard let id = try row?.decode(column: "id", as: Int64.self) else {
                throw StoreError("inserting an API key returned no id")
            }
            return APIKeyRecord(id: id, name: name, scope: scope, createdAt: at.truncatedToMilliseconds, revokedAt: nil)
        }
    }

    public func apiKeys() async throws -> [APIKeyRecord] {
        try await source.read { db in
            try await db.raw("SELECT id, name, scope, created_at, revoked_at FROM api_keys ORDER BY id").all().map(
                Self.decodeKey)
        }
    }

    public func revokeAPIKey(id: Int64, at: Date) async throws -> Bool {
        try await source.write(locking: .keys([])) { db in
            let rows = try await db.raw(
                "UPDATE api_keys SET revoked_at = \(bind: at.millisecondsSince1970) WHERE id = \(bind: id) AND revoked_at IS NULL RETURNING id"
            ).all()
            if !rows.isEmpty { return true }
            return try await !db.raw("SELECT id FROM api_keys WHERE id = \(bind: id)").all().isEmpty
        }
    }

    public func apiKey(hash: String) async throws -> APIKeyRecord? {
        try await source.read { db in
            try await db.raw(
                "SELECT id, name, scope, created_at, revoked_at FROM api_keys WHERE key_hash = \(bind: hash)"
            )
            .first().map(Self.decodeKey)
        }
    }

    public func startSession(tokenHash: String, keyID: Int64, csrf: String, at: Date, expires: Date) async throws {
        try await source.write(locking: .keys([])) { db in
            try await db.raw("DELETE FROM admin_sessions WHERE expires_at <= \(bind: at.millisecondsSince1970)").run()
            try await db.raw(
                "INSERT INTO admin_sessions (token_hash, key_id, csrf, created_at, expires_at) VALUES (\(bind: tokenHash), \(bind: keyID), \(bind: csrf), \(bind: at.millisecondsSince1970), \(bind: expires.millisecondsSince1970))"
            ).run()
        }
    }

    public func session(tokenHash: String, at now: Date) async throws -> ConsoleSession? {
        try await source.read { db in
            guard
                let row = try await db.raw(
                    """
                    SELECT k.id, k.name, k.scope, k.created_at, k.revoked_at, s.csrf, s.expires_at
                    FROM admin_sessions s JOIN api_keys k ON k.id = s.key_id
                    WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now.millisecondsSince1970)
                    """
                ).first()
            else { return nil }
            return ConsoleSession(
                key: try Self.decodeKey(row), csrf: try row.decode(column: "csrf", as: String.self),
                expiresAt: Date(millisecondsSince1970: try row.decode(column: "expires_at", as: Int64.self)))
        }
    }

    public func endSession(tokenHash: String) async throws {
        try await source.write(locking: .keys([])) { db in
            try await db.raw("DELETE FROM admin_sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    static func decodeKey(_ row: any SQLRow) throws -> APIKeyRecord {
        let scope = try row.decode(column: "scope", as: String.self)
        return APIKeyRecord(
            id: try row.decode(column: "id", as: Int64.self), name: try row.decode(column: "name", as: String.self),
            // A scope a newer build wrote and this one does not know is taken as the least: read.
            scope: APIKeyScope(rawValue: scope) ?? .read,
            createdAt: Date(millisecondsSince1970: try row.decode(column: "created_at", as: Int64.self)),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(Date.init(millisecondsSince1970:)))
    }
}

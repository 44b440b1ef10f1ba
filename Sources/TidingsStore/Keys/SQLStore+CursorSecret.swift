import Foundation
import SQLKit
import TidingsModel

extension SQLStore {
    /// Reads the secret; the first caller over a database (``migrate()``, at start-up) writes one.
    /// Servers starting together may each offer one: `ON CONFLICT DO NOTHING` keeps the first, and
    /// all read that one.
    public func cursorSecret() async throws -> [UInt8] {
        if let secret = try await source.read({ db in try await Self.storedCursorSecret(db) }) {
            return secret
        }
        var generator = SystemRandomNumberGenerator()  // getrandom(2) / arc4random: cryptographic
        let offered = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let hex = Hex.string(offered)
        let now = Date().millisecondsSince1970
        return try await source.write(locking: .keys([])) { db in
            try await db.raw(
                "INSERT INTO cursor_secret (id, secret, created_at) VALUES (1, \(bind: hex), \(bind: now)) ON CONFLICT (id) DO NOTHING"
            ).run()
            guard let secret = try await Self.storedCursorSecret(db) else {
                throw StoreError("cursor_secret has no row after writing one")
            }
            return secret
        }
    }

    /// The stored secret's bytes, nil when there is no row yet.
    private static func storedCursorSecret(_ db: any SQLDatabase) async throws -> [UInt8]? {
        guard let row = try await db.raw("SELECT secret FROM cursor_secret WHERE id = 1").first() else { return nil }
        let hex = try row.decode(column: "secret", as: String.self)
        guard let bytes = Hex.bytes(hex), bytes.count >= 16 else {
            throw StoreError("cursor_secret.secret must be at least 32 hexadecimal digits")
        }
        return bytes
    }
}

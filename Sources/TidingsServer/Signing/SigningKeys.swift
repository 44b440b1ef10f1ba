import Crypto
import Foundation
import TidingsModel
import TidingsStore

/// The signing keys of a process: the store's secret (see `CatalogStore.cursorSecret()`), read on
/// first use and kept, for cursors and — unless `images.key` names another — for image URLs.
/// Every server over one database holds the same keys. What a token is for is its ``TokenScope``.
final class SigningKeys: Sendable {
    private let store: any KeyStore
    private let imageKey: [UInt8]?
    private let loaded = Locked<TokenSeal?>(nil)

    init(store: any KeyStore, imageKey: [UInt8]? = nil) {
        self.store = store
        self.imageKey = imageKey
    }

    /// The seal of `scope`'s tokens: the database's secret, or `images.key` for images.
    func seal(for scope: TokenScope) async throws -> TokenSeal {
        if case .image = scope, let imageKey { return TokenSeal(key: SymmetricKey(data: imageKey)) }
        if let seal = loaded.current { return seal }
        let seal = TokenSeal(key: SymmetricKey(data: try await store.cursorSecret()))
        loaded.withLock { $0 = seal }
        return seal
    }

    /// `payload` sealed for `scope`.
    func token(_ payload: String, for scope: TokenScope) async throws -> String {
        try await seal(for: scope).seal(payload, for: scope)
    }

    /// The payload of `token` when these keys sealed it for `scope`; nil for anything else
    /// (forged, changed, cut, or sealed for another scope).
    func open(_ token: String, for scope: TokenScope) async throws -> String? {
        try await seal(for: scope).open(token, for: scope)
    }
}

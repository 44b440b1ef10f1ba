import Crypto
import TidingsModel
import TidingsStore

/// The cursor key of a process: the store's secret (see `CatalogStore.cursorSecret()`), read on
/// first use and kept. Every server over one database holds the same key.
final class CursorKeys: Sendable {
    private let store: any KeyStore
    private let loaded = Locked<CursorSeal?>(nil)

    init(store: any KeyStore) {
        self.store = store
    }

    /// The seal over the database's secret.
    func seal() async throws -> CursorSeal {
        if let seal = loaded.current { return seal }
        let seal = CursorSeal(key: SymmetricKey(data: try await store.cursorSecret()))
        loaded.withLock { $0 = seal }
        return seal
    }
}

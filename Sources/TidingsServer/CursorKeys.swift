import Crypto
import Foundation
import TidingsModel
import TidingsStore
import TidingsWeb

/// The signing keys of a process: the store's secret (see `CatalogStore.cursorSecret()`), read on
/// first use and kept, for cursors and — unless `images.key` names another — for image URLs.
/// Every server over one database holds the same keys.
final class CursorKeys: Sendable {
    private let store: any KeyStore
    private let imageKey: [UInt8]?
    private let loaded = Locked<CursorSeal?>(nil)

    init(store: any KeyStore, imageKey: [UInt8]? = nil) {
        self.store = store
        self.imageKey = imageKey
    }

    /// The seal over the database's secret.
    func seal() async throws -> CursorSeal {
        if let seal = loaded.current { return seal }
        let seal = CursorSeal(key: SymmetricKey(data: try await store.cursorSecret()))
        loaded.withLock { $0 = seal }
        return seal
    }

    /// The seal image URLs are signed with (the `image` scope keeps them apart from cursors even
    /// under the same key).
    func imageSeal() async throws -> CursorSeal {
        if let imageKey { return CursorSeal(key: SymmetricKey(data: imageKey)) }
        return try await seal()
    }
}

extension CursorSeal {
    /// The path the proxy serves the image at `url` from: `/img/` and the URL sealed for images.
    func imagePath(_ url: URL) -> String { "/img/" + seal(url.absoluteString, for: .image) }
}

extension CursorKeys {
    /// Page links through the proxy; no images when the key cannot be read (the store is down).
    func imageLinks() async -> ImageLinks {
        guard let seal = try? await imageSeal() else { return .none }
        return ImageLinks { seal.imagePath($0) }
    }
}

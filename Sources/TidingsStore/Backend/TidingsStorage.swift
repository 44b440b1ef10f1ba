import Foundation
import TidingsCatalog
import TidingsModel

/// Everything a server keeps, in one database: the catalog, the sections, the article pages, the
/// keys and the brands themselves.
public protocol TidingsStorage: CatalogStore, SectionStore, ArticleStore, KeyStore, BrandStore, SearchStore {
    /// Applies pending migrations (and makes the cursor secret); returns the versions applied.
    /// A schema newer than this build is refused with ``SchemaTooNew``.
    @discardableResult func migrate() async throws -> [Int]
    /// Where the schema stands, read without writing anything.
    func schemaStatus() async throws -> SchemaStatus
    /// Follows what other processes commit to the database (``StoreChange``), calling `heard` for
    /// each, and with ``StoreChange/everything`` whenever following (re)starts, since changes made
    /// before were not heard. Runs until the task is cancelled (returns true) or the connection is
    /// lost (throws); returns false at once when no other process can write (SQLite).
    func followChanges(_ heard: @escaping @Sendable (StoreChange) -> Void) async throws -> Bool
    /// Releases connections.
    func close() async throws
}

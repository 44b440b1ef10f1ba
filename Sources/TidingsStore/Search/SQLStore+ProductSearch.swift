import Foundation
import SQLKit
import TextAnalysis
import TidingsModel

/// What a product search asks: the query and which page of the answer.
public struct ProductSearchRequest: Sendable {
    public var query: SearchQuery
    /// Only products last changed at or after / before this date.
    public var since: Date?
    public var until: Date?
    public var offset: Int
    public var limit: Int

    public init(query: SearchQuery, since: Date? = nil, until: Date? = nil, offset: Int = 0, limit: Int = 20) {
        self.query = query
        self.since = since
        self.until = until
        self.offset = offset
        self.limit = limit
    }
}

/// A page of products found, best first.
public struct ProductSearchResults: Sendable {
    public var products: [(product: Product, score: Double)]
    /// How many products were ranked (at most ``SearchRanking/maxScanned`` of each tier).
    public var candidates: Int
    /// Whether a later page has more.
    public var more: Bool
}

/// How the store's indexes hold a product's ``SearchDocument`` (migration 27): SQLite's FTS5
/// table `product_search`, keyed by ``key(_:)`` and holding the product's id; PostgreSQL's
/// `products.search` tsvector.
enum ProductSearchIndex {
    /// A product's row in `product_search`: its id's 64-bit FNV-1a hash, made positive. Two ids
    /// of the same hash would share a row (one in 2^63 a pair).
    static func key(_ id: String) -> Int64 {
        Int64(bitPattern: FNV1a.hash(id) & 0x7FFF_FFFF_FFFF_FFFF)
    }

    /// Indexes `documents` in place of what their products had.
    static func write(
        _ documents: [(id: String, document: SearchDocument)], kind: SQLBackendKind, db: any SQLDatabase
    ) async throws {
        for chunk in documents.chunked(into: 100) {
            switch kind {
            case .sqlite:
                try await remove(chunk.map(\.id), kind: kind, db: db)
                var insert = RowsInsert(
                    into: "product_search", columns: ["rowid", "product"] + SearchIndex.columns.dropFirst())
                for (id, document) in chunk {
                    let values = document.ftsValues
                    insert.rows.append([
                        .int(key(id)), .text(id), .text(values.title), .text(values.body), .text(values.words),
                    ])
                }
                try await db.raw("\(insert)").run()
            case .postgres:
                var rows: [SQLQueryString] = []
                for (id, document) in chunk {
                    rows.append("(\(bind: id), CAST(\(bind: document.tsvector) AS tsvector))")
                }
                try await db.raw(
                    """
                    UPDATE products SET search = v.search FROM (VALUES \(rows.joined(separator: ", "))) AS v(id, search)
                    WHERE products.id = v.id
                    """
                ).run()
            }
        }
    }

    /// Empties SQLite's index, for a rebuild that deletes every product (PostgreSQL's goes with
    /// the rows).
    static func removeAll(kind: SQLBackendKind, db: any SQLDatabase) async throws {
        guard kind == .sqlite else { return }
        try await db.raw("INSERT INTO product_search (product_search) VALUES ('delete-all')").run()
    }

    /// Removes deleted products from SQLite's index (PostgreSQL's goes with the row).
    static func remove(_ ids: [String], kind: SQLBackendKind, db: any SQLDatabase) async throws {
        guard kind == .sqlite, !ids.isEmpty else { return }
        for chunk in ids.chunked(into: 500) {
            try await db.raw(
                "DELETE FROM product_search WHERE rowid IN (\(unsafeRaw: chunk.map { String(key($0)) }.joined(separator: ", ")))"
            ).run()
        }
    }
}

extension SQLStore {
    /// Catalog products whose name or translations match `request.query`: those whose names hold
    /// every word first (``SearchRanking/relevance(inTitle:)``), then the most recently changed,
    /// within the request's dates (in the statements). At most ``SearchRanking/maxScanned`` of
    /// each kind are ranked. The matches are first read as the index gives them, one more than
    /// that: nearly every search has them all then, at a bounded cost. Only when more match are
    /// both kinds read again in the ranking's order (every match read and sorted): the products
    /// ranked are then the ranking's top, the same on every page — an unordered bounded read gave
    /// each page any 3,000 of them, and dates applied after it lost some within them.
    public func searchProducts(_ request: ProductSearchRequest) async throws -> ProductSearchResults {
        let kind = source.kind
        return try await source.read { db in
            let bound = SearchRanking.maxScanned
            var dates: SQLQueryString = ""
            if let since = request.since { dates = "\(dates) AND p.updated_at >= \(bind: since.millisecondsSince1970)" }
            if let until = request.until { dates = "\(dates) AND p.updated_at < \(bind: until.millisecondsSince1970)" }
            func ids(titled: Bool, ordered: Bool) async throws -> [String] {
                let matching: SQLQueryString =
                    switch kind {
                    case .sqlite:
                        """
                        FROM product_search JOIN products p ON p.id = product_search.product
                        WHERE product_search MATCH \(bind: SearchIndex.match(
                            request.query, streams: [], scoped: false, sources: nil, inTitle: titled))
                        """
                    case .postgres:
                        "FROM products p WHERE p.search @@ CAST(\(bind: SearchIndex.tsquery(request.query, inTitle: titled)) AS tsquery)"
                    }
                let order: SQLQueryString = ordered ? "ORDER BY p.updated_at DESC, p.id" : ""
                return try await db.raw(
                    "SELECT p.id AS id \(matching) \(dates) \(order) LIMIT \(unsafeRaw: String(bound + 1))"
                ).all().map { try $0.decode(column: "id", as: String.self) }
            }
            var found = try await ids(titled: false, ordered: false)
            let titled: [String]
            if found.count > bound {
                titled = try await ids(titled: true, ordered: true)
                found = try await ids(titled: false, ordered: true)
            } else {
                titled = try await ids(titled: true, ordered: false)
            }
            var inTitle: [String: Bool] = [:]
            for id in titled.prefix(bound) { inTitle[id] = true }
            for id in found.prefix(bound) where inTitle[id] == nil { inTitle[id] = false }
            let products = try await Self.loadStates(Set(inTitle.keys), db: db).values.map(\.product)
            let ranked: [(product: Product, score: Double)] = products.map { product in
                (product, SearchRanking.relevance(inTitle: inTitle[product.id] ?? false))
            }
            .sorted(by: Self.better)
            return ProductSearchResults(
                products: Array(ranked.dropFirst(request.offset).prefix(request.limit)), candidates: ranked.count,
                more: request.offset + request.limit < ranked.count)
        }
    }

    /// Products found, ranked: the better match first, then the one changed last, then by id.
    static func better(_ a: (product: Product, score: Double), _ b: (product: Product, score: Double)) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.product.updatedAt != b.product.updatedAt { return a.product.updatedAt > b.product.updatedAt }
        return a.product.id < b.product.id
    }
}

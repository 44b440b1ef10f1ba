import Foundation
import SQLKit
import TidingsModel

extension Migrations {
    /// Migrations from 26: full-text search (issue 43).
    static let search: [Migration] = [
        // What search finds entries by (Search/SearchIndex.swift): SQLite's FTS5 table keyed by the
        // entry's seq (contentless: the terms are in the index only), emptied of an entry's row by
        // a trigger whatever deletes the entry; PostgreSQL's tsvector in the entry's row, with a
        // GIN index. Entries stored before are indexed by their titles and summaries, unstemmed
        // (their language is not known here); entries polled after are indexed in theirs.
        Migration(version: 26, name: "search", conversion: SearchDocument.migration) { kind in
            switch kind {
            case .sqlite:
                [
                    """
                    CREATE VIRTUAL TABLE entry_search USING fts5(scope, title, body, words, content = '',
                      contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0')
                    """,
                    """
                    CREATE TRIGGER entries_search_gone AFTER DELETE ON entries
                    BEGIN DELETE FROM entry_search WHERE rowid = old.seq; END
                    """,
                ]
            case .postgres:
                [
                    "ALTER TABLE entries ADD COLUMN search tsvector",
                    "CREATE INDEX entries_search ON entries USING gin (search)",
                ]
            }
        },
        // What product search finds products by (Search/SQLStore+ProductSearch.swift): SQLite's
        // FTS5 table keyed by the product id's hash (a products row has no stable integer key: its
        // rowid may change on VACUUM), holding the id itself (`contentless_unindexed`);
        // PostgreSQL's tsvector in the product's row, with a GIN index. Stored products are
        // indexed here; later writes index a product when its name or translations change.
        Migration(version: 27, name: "product search", conversion: SearchDocument.productMigration) { kind in
            switch kind {
            case .sqlite:
                [
                    """
                    CREATE VIRTUAL TABLE product_search USING fts5(product UNINDEXED, title, body, words,
                      content = '', contentless_delete = 1, contentless_unindexed = 1,
                      tokenize = 'unicode61 remove_diacritics 0')
                    """
                ]
            case .postgres:
                [
                    "ALTER TABLE products ADD COLUMN search tsvector",
                    "CREATE INDEX products_search ON products USING gin (search)",
                ]
            }
        },
        // The article text the server extracts finds its entries (Search/SQLStore+ArticleSearch.swift):
        // an entry of a source read in full keeps the address of its page, and the language its
        // words were indexed in, so the page's text, once extracted, is indexed with its entries.
        // Entries stored before have neither: their pages' text is not searched.
        Migration(version: 28, name: "article search") { _ in
            [
                "ALTER TABLE entries ADD COLUMN article_url TEXT",
                "ALTER TABLE entries ADD COLUMN search_language TEXT",
                "CREATE INDEX entries_article ON entries (article_url) WHERE article_url IS NOT NULL",
            ]
        },
    ]
}

extension SearchDocument {
    /// Migration 26's step: every stored teaser indexed by its title and summary.
    static let migration = Migration.Conversion(
        description: "every stored teaser is indexed for search by its title and summary"
    ) { db in
        let postgres = db.dialect.name == "postgresql"
        let decoder = TidingsJSON.decoder()
        var after = Int64.min
        while true {
            let rows = try await db.raw(
                "SELECT seq, stream, source_id, item FROM entries WHERE seq > \(bind: after) ORDER BY seq LIMIT 500"
            ).all()
            guard let last = rows.last else { break }
            after = try last.decode(column: "seq", as: Int64.self)
            var documents: [String: [(seq: Int64, sourceID: String, document: SearchDocument)]] = [:]
            for row in rows {
                let item = try decoder.decode(
                    FeedItem.self, from: Data(try row.decode(column: "item", as: String.self).utf8))
                guard let document = SearchDocument(item: item, text: nil, language: nil), !document.isEmpty else {
                    continue
                }
                let seq = try row.decode(column: "seq", as: Int64.self)
                if postgres {
                    try await db.raw(
                        "UPDATE entries SET search = CAST(\(bind: document.tsvector) AS tsvector) WHERE seq = \(bind: seq)"
                    ).run()
                } else {
                    documents[try row.decode(column: "stream", as: String.self), default: []].append(
                        (seq, try row.decode(column: "source_id", as: String.self), document))
                }
            }
            for (stream, documents) in documents {
                try await SearchIndex.insert(documents, stream: stream, db: db)
            }
        }
    }
}

extension SearchDocument {
    /// Migration 27's step: every stored product indexed by its name and translations.
    static let productMigration = Migration.Conversion(
        description: "every stored product is indexed for search by its name and translations"
    ) { db in
        let kind: SQLBackendKind = db.dialect.name == "postgresql" ? .postgres : .sqlite
        var after = ""
        while true {
            let rows = try await db.raw(
                "SELECT id, name, names FROM products WHERE id > \(bind: after) ORDER BY id LIMIT 500"
            ).all()
            guard let last = rows.last else { break }
            after = try last.decode(column: "id", as: String.self)
            var documents: [(id: String, document: SearchDocument)] = []
            for row in rows {
                let names = try row.decode(column: "names", as: String.self)
                documents.append(
                    (
                        try row.decode(column: "id", as: String.self),
                        SearchDocument(
                            productName: try row.decode(column: "name", as: String.self),
                            names: StoredNames.decode(names))
                    ))
            }
            try await ProductSearchIndex.write(documents, kind: kind, db: db)
        }
    }
}

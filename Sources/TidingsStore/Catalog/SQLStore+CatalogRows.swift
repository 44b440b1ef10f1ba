import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

// Reading and writing the rows of one batch: few statements, many rows each, so a 1,000-event
// batch costs a handful of round trips rather than thousands.
extension SQLStore {
    /// Binds per statement: under SQLite's 32,766 and PostgreSQL's 65,535 limits. Each statement
    /// costs several thread hops (NIO thread pool, event loop, task executor) whatever its size, so
    /// a batch uses as few, as large statements as the limits allow.
    static var bindsPerStatement: Int { 30_000 }

    /// Rows per multi-row statement with `columns` binds each.
    static func rows(columns: Int) -> Int { bindsPerStatement / columns }

    /// Values per `IN (…)` list.
    static var rowsPerStatement: Int { bindsPerStatement }

    static var newsColumns: String {
        "n.id AS n_id, n.product_id AS n_product_id, n.kind AS n_kind, n.price AS n_price, n.old_price AS n_old_price, n.currency AS n_currency, n.percent AS n_percent, n.created_at AS n_created_at, n.updated_at AS n_updated_at"
    }

    static var productColumns: String {
        "p.id AS p_id, p.name AS p_name, p.names AS p_names, p.unit AS p_unit, p.unit_size AS p_unit_size, p.container AS p_container, p.store_price AS p_store_price, p.currency AS p_currency, p.image_url AS p_image_url, p.created_at AS p_created_at, p.updated_at AS p_updated_at"
    }

    /// The logged events with these ids, as today's rules read them (nil for one they refuse), and
    /// with `position`, the log's position (``logPosition(_:)``) read by the same statement: one
    /// trip to the database fewer for a write that keeps the state cache.
    static func loggedEvents(_ ids: Set<String>, position: Bool, db: any SQLDatabase) async throws -> (
        events: [String: CatalogEvent?], position: Int64?
    ) {
        var found: [String: CatalogEvent?] = [:]
        var logPosition: Int64?
        let decoder = JSONDecoder()
        for (index, chunk) in Array(ids).chunked(into: rowsPerStatement).enumerated() {
            var query = SQLQueryString("SELECT id, payload, recorded_at, NULL AS position FROM events WHERE id IN ")
            query.appendInterpolation(binds(chunk))
            if position && index == 0 {
                query.appendInterpolation(
                    " UNION ALL SELECT NULL, NULL, NULL, COALESCE(MAX(seq), 0) FROM events" as SQLQueryString)
            }
            for row in try await db.raw(query).all() {
                if try row.decodeNil(column: "id") {
                    logPosition = try row.decode(column: "position", as: Int64.self)
                } else {
                    found[try row.decode(column: "id", as: String.self)] = try? decodeEvent(row, decoder: decoder)
                }
            }
        }
        if position && logPosition == nil { throw StoreError("events: the log's position was not read") }
        return (found, logPosition)
    }

    /// The latest `at` logged for each of these products that has events.
    static func lastEventTimes(_ ids: Set<String>, db: any SQLDatabase) async throws -> [String: Date] {
        var times: [String: Date] = [:]
        for chunk in Array(ids).chunked(into: rowsPerStatement) {
            var query = SQLQueryString("SELECT product_id, MAX(at) AS at FROM events WHERE product_id IN ")
            query.appendInterpolation(binds(chunk))
            query.appendInterpolation(" GROUP BY product_id" as SQLQueryString)
            for row in try await db.raw(query).all() {
                times[try row.decode(column: "product_id", as: String.self)] = Date(
                    millisecondsSince1970: try row.decode(column: "at", as: Int64.self))
            }
        }
        return times
    }

    /// Every logged event of these products, each product's in the order they apply: by `at`, then
    /// by arrival (`seq`). `unreadable` counts events today's rules refuse to read; they are left out.
    static func productEvents(_ ids: Set<String>, db: any SQLDatabase) async throws -> (
        events: [String: [CatalogEvent]], unreadable: Int
    ) {
        var events: [String: [CatalogEvent]] = [:]
        var unreadable = 0
        let decoder = JSONDecoder()
        for chunk in Array(ids).chunked(into: rowsPerStatement) {
            var query = SQLQueryString("SELECT product_id, payload, recorded_at FROM events WHERE product_id IN ")
            query.appendInterpolation(binds(chunk))
            query.appendInterpolation(" ORDER BY product_id, at, seq" as SQLQueryString)
            for row in try await db.raw(query).all() {
                let product = try row.decode(column: "product_id", as: String.self)
                guard let event = try? decodeEvent(row, decoder: decoder) else {
                    unreadable += 1
                    continue
                }
                events[product, default: []].append(event)
            }
        }
        return (events, unreadable)
    }

    /// A logged event, validated again as it was on receipt (`recorded_at` stands for "now").
    static func decodeEvent(_ row: any SQLRow, decoder: JSONDecoder) throws -> CatalogEvent {
        let payload = try row.decode(column: "payload", as: String.self)
        let recorded = Date(millisecondsSince1970: try row.decode(column: "recorded_at", as: Int64.self))
        return try EventRecord(json: payload, decoder: decoder).event(recordedAt: recorded)
    }

    static func loadStates(_ ids: Set<String>, db: any SQLDatabase) async throws -> [String: ProductState] {
        var states: [String: ProductState] = [:]
        for chunk in Array(ids).chunked(into: rowsPerStatement) {
            var query = SQLQueryString(
                "SELECT \(unsafeRaw: productColumns), p.last_event_at AS p_last_event_at, \(unsafeRaw: newsColumns) FROM products p LEFT JOIN news_items n ON n.id = p.last_price_item_id WHERE p.id IN "
            )
            query.appendInterpolation(binds(chunk))
            for row in try await db.raw(query).all() {
                let product = try decodeProduct(row)
                let last = try row.decodeNil(column: "n_id") ? nil : try decodeNews(row, prefix: "n_")
                let lastEventAt = Date(millisecondsSince1970: try row.decode(column: "p_last_event_at", as: Int64.self))
                states[product.id] = ProductState(product: product, lastPriceItem: last, lastEventAt: lastEventAt)
            }
        }
        return states
    }

    /// Appends `events` to the log; with `position`, returns the log's position after them
    /// (``logPosition(_:)``), read on PostgreSQL by the insert itself.
    static func appendEvents(
        _ events: [CatalogEvent], recordedAt: Date, position: Bool, kind: SQLBackendKind, db: any SQLDatabase
    ) async throws -> Int64? {
        let recorded = recordedAt.millisecondsSince1970
        let encoder = EventRecord.encoder()
        let returning = position && kind == .postgres
        var highest: Int64?
        for chunk in events.chunked(into: rows(columns: 6)) {
            var insert = RowsInsert(
                into: "events", columns: ["id", "type", "product_id", "at", "payload", "recorded_at"])
            for event in chunk {
                let payload = try EventRecord(event).json(encoder)
                insert.rows.append([
                    .text(event.id), .text(event.kind.rawValue), .text(event.productID),
                    .int(event.at.millisecondsSince1970), .text(payload), .int(recorded),
                ])
            }
            guard returning else {
                try await db.execute(sql: insert) { _ in }
                continue
            }
            // A write that keeps the cache runs alone, so the highest sequence number it took is the
            // log's position.
            let row = try await db.raw(
                "WITH appended AS (\(insert) RETURNING seq) SELECT MAX(seq) AS position FROM appended"
            ).first()
            let seq = try row?.decode(column: "position", as: Int64.self)
            highest = max(highest ?? 0, seq ?? 0)
        }
        guard position else { return nil }
        return returning ? highest : try await logPosition(db)
    }

    /// Writes a batch's final states: purged news first, then news changes, then products.
    /// News rows carry the write's revision (``NewsPosition``): `created_rev` when inserted, `rev`
    /// always.
    /// With `regrouping`, the news windows the batch touched are regrouped afterwards
    /// (SQLStore+Aggregates).
    static func write(
        _ batch: CatalogBatch, kind: SQLBackendKind, regrouping: Regrouping?, db: any SQLDatabase
    ) async throws {
        var deletedNews: [String] = []
        var upsertedNews: [NewsRecord] = []
        for (id, write) in batch.newsWrites {
            switch write {
            case .delete: deletedNews.append(id)
            case .upsert(let record): upsertedNews.append(record)
            }
        }
        // The times of every item written or removed: their windows are regrouped.
        var touched = Set(upsertedNews.map(\.createdAt.millisecondsSince1970))
        if regrouping != nil {
            for (column, values) in [("product_id", Array(batch.purgedProducts)), ("id", deletedNews)] {
                for chunk in values.chunked(into: rowsPerStatement) {
                    let rows = try await db.raw(
                        "SELECT created_at FROM news_items WHERE \(ident: column) IN \(binds(chunk))"
                    ).all()
                    for row in rows { touched.insert(try row.decode(column: "created_at", as: Int64.self)) }
                }
            }
        }
        for chunk in Array(batch.purgedProducts).chunked(into: rowsPerStatement) {
            try await db.delete(from: "news_items").where(SQLColumn("product_id"), .in, binds(chunk)).run()
        }
        for chunk in deletedNews.chunked(into: rowsPerStatement) {
            try await db.delete(from: "news_items").where(SQLColumn("id"), .in, binds(chunk)).run()
        }
        var stamp = NewsRevisionStamp(kind: kind)
        let revision = upsertedNews.isEmpty ? RowsInsert.Value.int(0) : try await stamp.inserted(db)
        for chunk in upsertedNews.chunked(into: rows(columns: 11)) {
            var insert = RowsInsert(
                into: "news_items",
                columns: [
                    "id", "product_id", "kind", "price", "old_price", "currency", "percent", "created_at", "updated_at",
                    "created_rev", "rev",
                ],
                updateOnConflict: ["price", "old_price", "percent", "updated_at", "rev"])
            for record in chunk {
                insert.rows.append([
                    .text(record.id), .text(record.productID), .text(record.kind.rawValue),
                    .int(record.price.minorUnits),
                    record.oldPrice.map { .int($0.minorUnits) } ?? .null, .text(record.price.currency.code),
                    record.percent.map { .int(Int64($0)) } ?? .null, .int(record.createdAt.millisecondsSince1970),
                    .int(record.updatedAt.millisecondsSince1970), revision, revision,
                ])
            }
            try await db.execute(sql: insert) { _ in }
        }
        if let regrouping {
            try await regroup(
                touching: touched, written: Set(upsertedNews.map(\.id)), by: regrouping.aggregation,
                lock: regrouping.lock, revision: &stamp, db: db)
        }
        var deletedProducts: [String] = []
        var upsertedProducts: [ProductState] = []
        for (id, state) in batch.productWrites {
            if let state { upsertedProducts.append(state) } else { deletedProducts.append(id) }
        }
        let namesEncoder = StoredNames.encoder()
        for chunk in deletedProducts.chunked(into: rowsPerStatement) {
            try await db.delete(from: "products").where(SQLColumn("id"), .in, binds(chunk)).run()
        }
        try await ProductSearchIndex.remove(deletedProducts, kind: kind, db: db)
        let columns = [
            "id", "name", "names", "unit", "unit_size", "container", "store_price", "currency", "image_url",
            "created_at", "updated_at", "last_price_item_id", "last_event_at",
        ]
        for chunk in upsertedProducts.chunked(into: rows(columns: columns.count)) {
            var insert = RowsInsert(into: "products", columns: columns, updateOnConflict: Array(columns.dropFirst()))
            for state in chunk {
                let product = state.product
                let names = try StoredNames.encode(product.names, with: namesEncoder)
                insert.rows.append([
                    .text(product.id), .text(product.name), .text(names), .text(product.unit),
                    .int(product.unitSize.scaled), .text(product.container), .int(product.storePrice.minorUnits),
                    .text(product.storePrice.currency.code), product.imageURL.sqlValue,
                    .int(product.createdAt.millisecondsSince1970), .int(product.updatedAt.millisecondsSince1970),
                    state.lastPriceItem.map { .text($0.id) } ?? .null, .int(state.lastEventAt.millisecondsSince1970),
                ])
            }
            try await db.execute(sql: insert) { _ in }
        }
        // Products are indexed for search when their names change, not with every price.
        let renamed = upsertedProducts.map(\.product).filter { product in
            let before = batch.loaded[product.id]?.product
            return before?.name != product.name || before?.names != product.names
        }
        try await ProductSearchIndex.write(
            renamed.map { ($0.id, SearchDocument(productName: $0.name, names: $0.names)) }, kind: kind, db: db)
    }

    static func decodeProduct(_ row: any SQLRow) throws -> Product {
        let currency = Currency(code: try row.decode(column: "p_currency", as: String.self)) ?? .rub
        let names = try row.decode(column: "p_names", as: String.self)
        return Product(
            id: try row.decode(column: "p_id", as: String.self),
            name: try row.decode(column: "p_name", as: String.self),
            names: StoredNames.decode(names),
            unit: try row.decode(column: "p_unit", as: String.self),
            unitSize: ScaledDecimal(
                scaled: try row.decode(column: "p_unit_size", as: Int64.self), scale: Product.unitSizeScale),
            container: try row.decode(column: "p_container", as: String.self),
            storePrice: Money(minorUnits: try row.decode(column: "p_store_price", as: Int64.self), currency: currency),
            imageURL: try row.decode(column: "p_image_url", as: String?.self),
            createdAt: Date(millisecondsSince1970: try row.decode(column: "p_created_at", as: Int64.self)),
            updatedAt: Date(millisecondsSince1970: try row.decode(column: "p_updated_at", as: Int64.self)))
    }

    static func decodeNews(_ row: any SQLRow, prefix: String) throws -> NewsRecord {
        let currency = Currency(code: try row.decode(column: prefix + "currency", as: String.self)) ?? .rub
        let kindText = try row.decode(column: prefix + "kind", as: String.self)
        guard let kind = NewsRecord.Kind(rawValue: kindText) else {
            throw StoreError("unknown news kind \(kindText)")
        }
        return NewsRecord(
            id: try row.decode(column: prefix + "id", as: String.self),
            productID: try row.decode(column: prefix + "product_id", as: String.self), kind: kind,
            price: Money(minorUnits: try row.decode(column: prefix + "price", as: Int64.self), currency: currency),
            oldPrice: try row.decode(column: prefix + "old_price", as: Int64?.self).map {
                Money(minorUnits: $0, currency: currency)
            },
            percent: try row.decode(column: prefix + "percent", as: Int64?.self).map { Int($0) },
            createdAt: Date(millisecondsSince1970: try row.decode(column: prefix + "created_at", as: Int64.self)),
            updatedAt: Date(millisecondsSince1970: try row.decode(column: prefix + "updated_at", as: Int64.self)))
    }
}

/// A parenthesized list of binds for `IN (…)`.
func binds(_ values: some Sequence<String>) -> SQLGroupExpression {
    SQLGroupExpression(values.map { SQLBind($0) as any SQLExpression })
}

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}

/// A product's translations as the `products.names` column keeps them: a JSON object with sorted
/// keys, `{}` for none.
enum StoredNames {
    /// The encoder ``encode(_:with:)`` takes: one made per write, not per product.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static func encode(_ names: [String: String], with encoder: JSONEncoder) throws -> String {
        names.isEmpty ? "{}" : String(decoding: try encoder.encode(names), as: UTF8.self)
    }

    /// The translations of a stored value; none for a value that is not such an object (the column
    /// is only ever written by ``encode(_:with:)``).
    static func decode(_ text: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))) ?? [:]
    }
}

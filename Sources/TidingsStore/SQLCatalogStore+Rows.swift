import Foundation
import SQLKit
import TidingsCatalog
import TidingsModel

// Reading and writing the rows of one batch: few statements, many rows each, so a 1,000-event
// batch costs a handful of round trips rather than thousands.
extension SQLCatalogStore {
    /// Rows per multi-row statement: under SQLite's 32,766 and PostgreSQL's 65,535 bind limits.
    static var rowsPerStatement: Int { 400 }

    static var newsColumns: String {
        "n.id AS n_id, n.product_id AS n_product_id, n.kind AS n_kind, n.price AS n_price, n.old_price AS n_old_price, n.currency AS n_currency, n.percent AS n_percent, n.created_at AS n_created_at, n.updated_at AS n_updated_at"
    }

    static var productColumns: String {
        "p.id AS p_id, p.name AS p_name, p.names AS p_names, p.unit AS p_unit, p.unit_size AS p_unit_size, p.container AS p_container, p.store_price AS p_store_price, p.currency AS p_currency, p.image_url AS p_image_url, p.created_at AS p_created_at, p.updated_at AS p_updated_at"
    }

    static func existingEventIDs(_ ids: Set<String>, db: any SQLDatabase) async throws -> Set<String> {
        var found: Set<String> = []
        for chunk in Array(ids).chunked(into: rowsPerStatement) {
            let rows = try await db.select().column("id").from("events")
                .where(SQLColumn("id"), .in, binds(chunk)).all()
            for row in rows { found.insert(try row.decode(column: "id", as: String.self)) }
        }
        return found
    }

    static func loadStates(_ ids: Set<String>, db: any SQLDatabase) async throws -> [String: ProductState] {
        var states: [String: ProductState] = [:]
        for chunk in Array(ids).chunked(into: rowsPerStatement) {
            var query = SQLQueryString(
                "SELECT \(unsafeRaw: productColumns), \(unsafeRaw: newsColumns) FROM products p LEFT JOIN news_items n ON n.id = p.last_price_item_id WHERE p.id IN "
            )
            query.appendInterpolation(binds(chunk))
            for row in try await db.raw(query).all() {
                let product = try decodeProduct(row)
                let last = try row.decodeNil(column: "n_id") ? nil : try decodeNews(row, prefix: "n_")
                states[product.id] = ProductState(product: product, lastPriceItem: last)
            }
        }
        return states
    }

    static func appendEvents(_ events: [CatalogEvent], recordedAt: Date, db: any SQLDatabase) async throws {
        let encoder = TidingsJSON.encoder()
        let recorded = recordedAt.millisecondsSince1970
        for chunk in events.chunked(into: rowsPerStatement) {
            let insert = db.insert(into: "events").columns("id", "type", "product_id", "at", "payload", "recorded_at")
            for event in chunk {
                let payload = String(decoding: try encoder.encode(event.input), as: UTF8.self)
                insert.values(
                    event.id, event.kind.rawValue, event.productID, event.at.millisecondsSince1970, payload, recorded)
            }
            try await insert.run()
        }
    }

    /// Writes a batch's final states: purged news first, then news changes, then products.
    static func write(_ batch: CatalogBatch, db: any SQLDatabase) async throws {
        for chunk in Array(batch.purgedProducts).chunked(into: rowsPerStatement) {
            try await db.delete(from: "news_items").where(SQLColumn("product_id"), .in, binds(chunk)).run()
        }
        var deletedNews: [String] = []
        var upsertedNews: [NewsRecord] = []
        for (id, write) in batch.newsWrites {
            switch write {
            case .delete: deletedNews.append(id)
            case .upsert(let record): upsertedNews.append(record)
            }
        }
        for chunk in deletedNews.chunked(into: rowsPerStatement) {
            try await db.delete(from: "news_items").where(SQLColumn("id"), .in, binds(chunk)).run()
        }
        for chunk in upsertedNews.chunked(into: rowsPerStatement) {
            let insert = db.insert(into: "news_items").columns(
                "id", "product_id", "kind", "price", "old_price", "currency", "percent", "created_at", "updated_at")
            for record in chunk {
                insert.values(
                    record.id, record.productID, record.kind.rawValue, record.price.minorUnits,
                    record.oldPrice?.minorUnits, record.price.currency.code, record.percent.map(Int64.init),
                    record.createdAt.millisecondsSince1970, record.updatedAt.millisecondsSince1970)
            }
            try await insert.onConflict(with: ["id"]) { update in
                update.set(excludedValueOf: "price").set(excludedValueOf: "old_price")
                    .set(excludedValueOf: "percent").set(excludedValueOf: "updated_at")
            }.run()
        }
        var deletedProducts: [String] = []
        var upsertedProducts: [ProductState] = []
        for (id, state) in batch.productWrites {
            if let state { upsertedProducts.append(state) } else { deletedProducts.append(id) }
        }
        for chunk in deletedProducts.chunked(into: rowsPerStatement) {
            try await db.delete(from: "products").where(SQLColumn("id"), .in, binds(chunk)).run()
        }
        let namesEncoder = JSONEncoder()
        namesEncoder.outputFormatting = .sortedKeys
        for chunk in upsertedProducts.chunked(into: rowsPerStatement) {
            let columns = [
                "id", "name", "names", "unit", "unit_size", "container", "store_price", "currency", "image_url",
                "created_at", "updated_at", "last_price_item_id",
            ]
            let insert = db.insert(into: "products").columns(columns)
            for state in chunk {
                let product = state.product
                let names = String(decoding: try namesEncoder.encode(product.names), as: UTF8.self)
                insert.values(
                    product.id, product.name, names, product.unit, product.unitSize.scaled, product.container,
                    product.storePrice.minorUnits, product.storePrice.currency.code, product.imageURL,
                    product.createdAt.millisecondsSince1970, product.updatedAt.millisecondsSince1970,
                    state.lastPriceItem?.id)
            }
            try await insert.onConflict(with: ["id"]) { update in
                var update = update
                for column in columns.dropFirst() { update = update.set(excludedValueOf: column) }
                return update
            }.run()
        }
    }

    static func decodeProduct(_ row: any SQLRow) throws -> Product {
        let currency = Currency(code: try row.decode(column: "p_currency", as: String.self)) ?? .rub
        let names = try row.decode(column: "p_names", as: String.self)
        return Product(
            id: try row.decode(column: "p_id", as: String.self),
            name: try row.decode(column: "p_name", as: String.self),
            names: (try? JSONDecoder().decode([String: String].self, from: Data(names.utf8))) ?? [:],
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

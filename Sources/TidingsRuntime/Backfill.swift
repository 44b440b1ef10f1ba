import CSV
import Foundation
import TidingsCatalog
import TidingsModel
import TidingsServer
import TidingsStore

/// Imports history from two CSV files — `id,name,unit,unit_size,container,image_url,created_at` and
/// `product_id,store_price,recorded_at` — as events through the normal write path, so imported
/// news is exactly what live ingestion would have made. Event ids are derived from the rows, so a
/// second run finds every event already in the log and changes nothing.
///
/// Optional extra product columns: `currency` (default RUB) and `name_<lang>` translations.
public struct Backfill {
    /// A row that could not be imported.
    public struct RowError: Error, CustomStringConvertible, Sendable {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// What an import did.
    public struct Summary: Sendable {
        public var products = 0
        public var priceRows = 0
        public var events = 0
        public var accepted = 0
        public var duplicates = 0
        public var rejected = 0
        public var errors: [RowError] = []
    }

    struct ProductRow {
        var input: EventInput
        var line: Int
        var createdMs: Int64
        var currency: Currency
    }

    // 24 bytes a row, so a million price rows cost about 24 MB.
    struct PriceRow {
        var product: Int32
        var line: Int32
        var at: Int64
        var minorUnits: Int64
    }

    enum Ref {
        case create(Int32)
        case price(Int32)
    }

    var products: [ProductRow] = []
    var prices: [PriceRow] = []
    public internal(set) var errors: [RowError] = []
    let since: Date?
    var productsName = "products"
    var pricesName = "prices"

    /// Reads both files. Bad rows are collected in `errors`; a missing column throws.
    public init(products: CSVReader, productsName: String, prices: CSVReader, pricesName: String, since: Date?) throws {
        self.since = since
        self.productsName = productsName
        self.pricesName = pricesName
        var index: [String: Int32] = [:]
        try readProducts(products, file: productsName, index: &index)
        try readPrices(prices, file: pricesName, index: index)
    }

    /// Reads two files from disk.
    public init(productsPath: String, pricesPath: String, since: Date?) throws {
        func open(_ path: String) throws -> CSVReader {
            guard let stream = InputStream(fileAtPath: path), FileManager.default.isReadableFile(atPath: path) else {
                throw RowError(file: path, line: 0, message: "cannot read the file")
            }
            return try CSVReader(stream: stream, hasHeaderRow: true)
        }
        try self.init(
            products: open(productsPath), productsName: productsPath, prices: open(pricesPath),
            pricesName: pricesPath, since: since)
    }

    private mutating func readProducts(_ reader: CSVReader, file: String, index: inout [String: Int32]) throws {
        let header = reader.headerRow ?? []
        let column = try Self.columns(
            of: header, requiring: ["id", "name", "unit", "unit_size", "container", "image_url", "created_at"],
            file: file)
        let translations = header.enumerated().compactMap { offset, name in
            name.hasPrefix("name_") ? (String(name.dropFirst(5)), offset) : nil
        }
        var line = 1
        while let row = reader.next() {
            line += 1
            func field(_ name: String) -> String? {
                column[name].flatMap { $0 < row.count ? row[$0] : nil }.flatMap { $0.isEmpty ? nil : $0 }
            }
            guard row.count == header.count else {
                errors.append(
                    RowError(file: file, line: line, message: "expected \(header.count) fields, found \(row.count)"))
                continue
            }
            guard let id = field("id"), Product.isValidID(id) else {
                errors.append(RowError(file: file, line: line, message: "id must be 1–64 of A-Z a-z 0-9 . _ -"))
                continue
            }
            guard index[id] == nil else {
                errors.append(RowError(file: file, line: line, message: "product \(id) appears twice"))
                continue
            }
            guard let createdText = field("created_at"), let created = TidingsJSON.parseDate(createdText) else {
                errors.append(RowError(file: file, line: line, message: "created_at must be an ISO 8601 date-time"))
                continue
            }
            guard let currency = Currency(code: field("currency") ?? "RUB"), currency.isISO4217 else {
                errors.append(RowError(file: file, line: line, message: "currency must be an ISO 4217 code"))
                continue
            }
            var names: [String: String] = [:]
            for (language, offset) in translations where !row[offset].isEmpty { names[language] = row[offset] }
            let input = EventInput(
                id: "backfill-product-\(id)", type: CatalogEvent.Kind.productCreated.rawValue, productID: id,
                at: created, name: field("name"), names: names.isEmpty ? nil : names, unit: field("unit"),
                unitSize: field("unit_size"), container: field("container") ?? "", currency: currency.code,
                imageURL: field("image_url").map { .some($0) } ?? .none)
            index[id] = Int32(products.count)
            products.append(
                ProductRow(input: input, line: line, createdMs: created.millisecondsSince1970, currency: currency))
        }
        try Self.check(reader, file: file, line: line)
    }

    private mutating func readPrices(_ reader: CSVReader, file: String, index: [String: Int32]) throws {
        let header = reader.headerRow ?? []
        let column = try Self.columns(of: header, requiring: ["product_id", "store_price", "recorded_at"], file: file)
        let (productColumn, priceColumn, timeColumn) = (
            column["product_id"]!, column["store_price"]!, column["recorded_at"]!
        )
        var line = 1
        while let row = reader.next() {
            line += 1
            guard row.count == header.count else {
                errors.append(
                    RowError(file: file, line: line, message: "expected \(header.count) fields, found \(row.count)"))
                continue
            }
            guard let product = index[row[productColumn]] else {
                errors.append(
                    RowError(
                        file: file, line: line, message: "product \(row[productColumn]) is not in the products file"))
                continue
            }
            let currency = products[Int(product)].currency
            let price: Money
            do {
                price = try StorePrice.parse(row[priceColumn], currency: currency)
            } catch {
                // The API's rule and words, without its "catalog: " prefix.
                let message = error.message.hasPrefix("catalog: ") ? String(error.message.dropFirst(9)) : error.message
                errors.append(RowError(file: file, line: line, message: message))
                continue
            }
            guard let at = TidingsJSON.parseDate(row[timeColumn]) else {
                errors.append(RowError(file: file, line: line, message: "recorded_at must be an ISO 8601 date-time"))
                continue
            }
            prices.append(
                PriceRow(
                    product: product, line: Int32(line), at: at.millisecondsSince1970, minorUnits: price.minorUnits))
        }
        try Self.check(reader, file: file, line: line)
    }

    /// CSV.swift reports the normal end of a stream as `cannotReadFile` (its byte reader throws when
    /// `read` returns 0), so only other errors, such as invalid UTF-8, mean the file is unreadable.
    private static func check(_ reader: CSVReader, file: String, line: Int) throws {
        guard let error = reader.error else { return }
        if case CSVError.cannotReadFile = error { return }
        throw RowError(file: file, line: line, message: "unreadable CSV: \(error)")
    }

    /// Each column's position (the first, if a name repeats), after checking `required` are there.
    private static func columns(of header: [String], requiring required: [String], file: String) throws
        -> [String: Int]
    {
        let missing = required.filter { !header.contains($0) }
        guard missing.isEmpty else {
            throw RowError(file: file, line: 1, message: "header lacks column(s) \(missing.joined(separator: ", "))")
        }
        return Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

import Foundation
import GRDB
import TidingsModel

/// How items sit in the `item` table, one row each. Teasers, most of a section, fill columns: a
/// 1,000-item section then opens in about a third of the time it takes to decode their JSON (dates
/// as ISO 8601 strings are a fifth of it). Other kinds keep their wire JSON in `body`, decoded in one
/// batch per kind straight into the payload type (`[Widget]`, …): `FeedItem`'s own decoder builds a
/// `JSONValue` of every item first, four times slower. A field added to `Teaser` needs a column.
enum StoredItemCodec {
    /// The columns after `feed_id, page, position`, in the order `arguments` and `row` use.
    static let columns =
        "type, known, body, id, title, summary, image_url, url, published_at, source, image_proxy_url, author, "
        + "enclosure_url, enclosure_type, enclosure_length, image_width, image_height, image_alt, also_from"

    /// One stored row: its page, the item's `type`, whether this client knew it, and either the
    /// teaser or the item's JSON.
    struct Row: Sendable {
        var page = 0
        var type: String
        var known: Bool
        var body: Data?
        var teaser: Teaser?

        /// A rough weight in bytes, for eviction.
        var bytes: Int {
            guard let teaser else { return 32 + (body?.count ?? 0) }
            let texts = [
                teaser.id, teaser.title, teaser.summary ?? "", teaser.source, teaser.author ?? "",
                teaser.enclosure?.url.absoluteString ?? "", teaser.enclosure?.type ?? "", teaser.imageAlt ?? "",
            ]
            let also = teaser.alsoFrom?.reduce(0) { sum, told in
                sum + 24 + told.id.utf8.count + told.source.utf8.count + told.title.utf8.count
                    + (told.url?.absoluteString.utf8.count ?? 0)
            }
            return 48 + texts.reduce(0) { $0 + $1.utf8.count } + (also ?? 0)
                + (teaser.url?.absoluteString.utf8.count ?? 0) + (teaser.imageURL?.absoluteString.utf8.count ?? 0)
                + (teaser.imageProxyURL?.utf8.count ?? 0)
        }
    }

    /// The row for `item`.
    static func row(_ item: FeedItem, encoder: JSONEncoder) throws -> Row {
        switch item {
        case .teaser(let teaser): Row(type: item.type, known: true, teaser: teaser)
        case .unknown: Row(type: item.type, known: false, body: try encoder.encode(item))
        default: Row(type: item.type, known: true, body: try encoder.encode(item))
        }
    }

    /// The values of `columns` for `row`.
    static func arguments(_ row: Row) -> [(any DatabaseValueConvertible)?] {
        let teaser = row.teaser
        return [
            row.type, row.known, row.body, teaser?.id, teaser?.title, teaser?.summary,
            teaser?.imageURL?.absoluteString, teaser?.url?.absoluteString,
            teaser?.publishedAt?.millisecondsSince1970, teaser?.source, teaser?.imageProxyURL, teaser?.author,
            teaser?.enclosure?.url.absoluteString, teaser?.enclosure?.type, teaser?.enclosure?.length,
            teaser?.imageWidth, teaser?.imageHeight, teaser?.imageAlt,
            teaser?.alsoFrom.flatMap { try? encoder.encode($0) },
        ]
    }

    /// Encodes a story's other tellings for their column (rare, small: JSON is fine there).
    private static let encoder = TidingsJSON.encoder()
    private static let decoder = TidingsJSON.decoder()

    /// The row read from `page, <columns>`.
    static func row(_ row: GRDB.Row) -> Row {
        let type: String = row[1]
        guard type == "teaser", let id: String = row[4] else {
            return Row(page: row[0], type: type, known: row[2], body: row[3])
        }
        var teaser = Teaser(
            id: id, title: row[5], summary: row[6], imageURL: (row[7] as String?).flatMap(URL.init(string:)),
            url: (row[8] as String?).flatMap(URL.init(string:)),
            publishedAt: (row[9] as Int64?).map(Date.init(millisecondsSince1970:)), source: row[10])
        teaser.imageProxyURL = row[11]
        teaser.author = row[12]
        teaser.enclosure = (row[13] as String?).flatMap(URL.init(string:)).map {
            Teaser.Enclosure(url: $0, type: row[14], length: row[15])
        }
        teaser.imageWidth = row[16]
        teaser.imageHeight = row[17]
        teaser.imageAlt = row[18]
        teaser.alsoFrom = (row[19] as Data?).flatMap { try? decoder.decode([Teaser.AlsoFrom].self, from: $0) }
        return Row(page: row[0], type: type, known: true, teaser: teaser)
    }

    /// The items of `rows`, in order. A row that no longer decodes as its kind becomes `unknown`, as
    /// `FeedItem` does on the wire; a row that is not JSON at all is nil.
    static func items(_ rows: [Row]) -> [FeedItem?] {
        let decoder = TidingsJSON.decoder()
        var items = rows.map { $0.teaser.map(FeedItem.teaser) }
        let groups = Dictionary(grouping: rows.indices.filter { items[$0] == nil }) {
            rows[$0].known ? rows[$0].type : nil
        }
        for (kind, indices) in groups {
            let batch = indices.map { rows[$0] }
            if let decoded = try? decode(batch, kind: kind, decoder), decoded.count == indices.count {
                for (index, item) in zip(indices, decoded) { items[index] = item }
                continue
            }
            for (index, row) in zip(indices, batch) {
                items[index] =
                    (try? decode([row], kind: kind, decoder))?.first
                    ?? (try? decoder.decode(FeedItem.self, from: row.body ?? Data()))
            }
        }
        return items
    }

    // Decodes rows of one kind (nil: types this client did not know) from a single JSON array.
    private static func decode(_ rows: [Row], kind: String?, _ decoder: JSONDecoder) throws -> [FeedItem] {
        var array = Data("[".utf8)
        array.reserveCapacity(rows.reduce(2) { $0 + ($1.body?.count ?? 0) + 1 })
        for (offset, row) in rows.enumerated() {
            if offset > 0 { array.append(UInt8(ascii: ",")) }
            array.append(row.body ?? Data("null".utf8))
        }
        array.append(UInt8(ascii: "]"))
        switch kind {
        case nil:
            let raws = try decoder.decode([JSONValue].self, from: array)
            return zip(rows, raws).map { .unknown(type: $0.type, raw: $1) }
        case "catalog_news": return try decoder.decode([NewsItem].self, from: array).map(FeedItem.catalogNews)
        case "ad": return try decoder.decode([AdSlot].self, from: array).map(FeedItem.ad)
        case "widget": return try decoder.decode([Widget].self, from: array).map(FeedItem.widget)
        case "notification": return try decoder.decode([NotificationCard].self, from: array).map(FeedItem.notification)
        default: return try decoder.decode([FeedItem].self, from: array)
        }
    }
}

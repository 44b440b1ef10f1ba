import Foundation
import SQLKit
import TidingsModel

/// A section entry's item as the entries table keeps it: the record of a row, versioned like the
/// event log's `EventRecord`, so what a row holds is written down here rather than being whatever
/// the wire types encode today.
///
/// Version 1 — every row written before this type (schema 12 and older): `item` is the item's JSON
/// as the API serves it (`FeedItem`, keys sorted, slashes unescaped) without `image_proxy_url`,
/// and nothing says where its images are.
///
/// Version 2 — the same `item`, and `item_images`: where each image link goes, a JSON array of
/// `[offset, url]` pairs — the UTF-8 offset into `item` of the `"image_url"` key of a teaser (the
/// item itself, or one of a widget's list), ascending, and that image's URL. A page puts
/// `"image_proxy_url":"/img/…",` at each offset while it joins items (``json(links:)``), so no
/// entry is decoded to be served. Migration 13 converts version-1 rows. A row written later
/// without `item_images` (an older server during a rolling upgrade) is read as version 1: its
/// images are found by decoding it, once per read.
public struct EntryRecord: Sendable, Hashable {
    /// Where one image link goes.
    public struct ImageSlot: Sendable, Hashable {
        /// UTF-8 offset into the item's JSON.
        public var offset: Int
        /// The image's URL, as the item has it.
        public var url: String

        public init(offset: Int, url: String) {
            self.offset = offset
            self.url = url
        }
    }

    /// The version this build writes.
    public static let currentVersion = 2

    /// The item's JSON as clients receive it, without image links.
    public let json: String
    /// Where its image links go; nil for a version-1 row, whose places are found by decoding.
    public let images: [ImageSlot]?

    /// The record of `item`: encoded once, its images' places found from the same bytes.
    public init(_ item: FeedItem) throws {
        // Each teaser image is encoded with a marker for its link; cutting the markers out leaves
        // exactly the item's own JSON, and where each was is where its link goes.
        var urls: [String] = []
        let marked = item.mapTeasers { teaser in
            guard let url = teaser.imageURL else { return teaser }
            var teaser = teaser
            teaser.imageProxyURL = Self.marker(urls.count)
            urls.append(url.absoluteString)
            return teaser
        }
        var bytes = Array(try TidingsJSON.encoder().encode(marked))
        var slots: [ImageSlot] = []
        for (index, url) in urls.enumerated() {
            let fragment = Array("\"image_proxy_url\":\"\(Self.marker(index))\",".utf8)
            guard let start = bytes[(slots.last?.offset ?? 0)...].firstRange(of: fragment)?.lowerBound else {
                throw EntryRecordError("entry: the JSON of \(item.id) does not hold image \(index) where expected")
            }
            bytes.removeSubrange(start..<start + fragment.count)
            slots.append(ImageSlot(offset: start, url: url))
        }
        json = String(decoding: bytes, as: UTF8.self)
        images = slots
    }

    /// A record of `json` with its image places as given (nil: version 1, found by decoding).
    public init(json: String, images: [ImageSlot]?) {
        self.json = json
        self.images = images
    }

    /// A record as a row holds it: `item`, and `item_images` (nil for a version-1 row).
    public init(json: String, imagesColumn: String?) throws {
        self.json = json
        guard let imagesColumn else {
            images = nil
            return
        }
        guard let pairs = try? JSONSerialization.jsonObject(with: Data(imagesColumn.utf8)) as? [[Any]] else {
            throw EntryRecordError(
                "entry: item_images is not a list of [offset, url] pairs: \(imagesColumn.prefix(80))")
        }
        var slots: [ImageSlot] = []
        for pair in pairs {
            guard pair.count == 2, let offset = pair[0] as? Int, let url = pair[1] as? String,
                offset >= (slots.last?.offset ?? 0), offset <= json.utf8.count
            else {
                throw EntryRecordError("entry: item_images has a pair that is no place in its item: \(pair)")
            }
            slots.append(ImageSlot(offset: offset, url: url))
        }
        images = slots
    }

    /// A version-1 row's record made version 2 (what migration 13 does to each row); nil when its
    /// item no longer decodes, which stays version 1 and is served as stored.
    public static func converting(json: String) -> EntryRecord? {
        guard let item = try? TidingsJSON.decoder().decode(FeedItem.self, from: Data(json.utf8)),
            let record = try? EntryRecord(item), record.json == json
        else { return nil }
        return record
    }

    /// The record without U+0000, which PostgreSQL cannot store: the JSON this type writes has
    /// none (it writes `\u0000`), but a record made from other text may; its places are then found
    /// again on reading.
    var withoutNUL: EntryRecord {
        guard json.utf8.contains(0) else { return self }
        return EntryRecord(json: json.withoutNUL, images: nil)
    }

    /// `item_images` as stored: `[[offset,"url"],…]`.
    public var imagesColumn: String? {
        images.map { slots in
            var out = "["
            for (index, slot) in slots.enumerated() {
                if index > 0 { out += "," }
                out += "[\(slot.offset),"
                JSONStringLiteral.append(slot.url, to: &out)
                out += "]"
            }
            return out + "]"
        }
    }

    /// The item's JSON with `"image_proxy_url"` beside each image `link` gives a path for.
    public func json(links: (URL) -> String?) -> String {
        let slots: [ImageSlot]
        if let images {
            slots = images
        } else {
            guard json.contains("\"image_url\""), let converted = Self.converting(json: json) else { return json }
            slots = converted.images ?? []
        }
        guard !slots.isEmpty else { return json }
        let bytes = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + slots.count * 120)
        var done = 0
        for slot in slots {
            guard let url = URL(string: slot.url), let path = links(url) else { continue }
            out += bytes[done..<slot.offset]
            out += Array("\"image_proxy_url\":".utf8) + Array(JSONStringLiteral.quoted(path).utf8) + [UInt8(ascii: ",")]
            done = slot.offset
        }
        out += bytes[done...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The record of a story's shown teaser with the story's other tellings in it (`also_from`,
    /// the first key: it sorts before every other key of a teaser, so the keys stay sorted), its
    /// image places moved by what went in before them. Unchanged without members or when the
    /// JSON is not an object.
    public func withAlsoFrom(_ members: [Teaser.AlsoFrom]) -> EntryRecord {
        guard !members.isEmpty, json.utf8.first == UInt8(ascii: "{"),
            let list = try? TidingsJSON.encoder().encode(members)
        else { return self }
        let inserted = "\"also_from\":" + String(decoding: list, as: UTF8.self) + (json.utf8.count > 2 ? "," : "")
        let shift = inserted.utf8.count
        return EntryRecord(
            json: "{" + inserted + json.dropFirst(),
            images: images?.map { ImageSlot(offset: $0.offset + shift, url: $0.url) })
    }

    /// The item, typed (nil when its JSON no longer reads).
    public func item(_ decoder: JSONDecoder = TidingsJSON.decoder()) -> FeedItem? {
        try? decoder.decode(FeedItem.self, from: Data(json.utf8))
    }

    /// A marker no JSON text can hold unescaped where a key's value goes.
    private static func marker(_ index: Int) -> String { "tidings-image-slot-\(index)" }
}

extension EntryRecord {
    /// Migration 13's step: every version-1 row that mentions an image gets its image places;
    /// a row whose item no longer decodes is left as it is (served as stored, without links).
    static let migration = Migration.Conversion(
        description: "each entry whose item names an image_url gets item_images, found by decoding its item"
    ) { db in
        var after: Int64 = 0
        while true {
            let rows = try await db.raw(
                "SELECT seq, item FROM entries WHERE item_images IS NULL AND seq > \(bind: after) ORDER BY seq LIMIT 500"
            ).all()
            guard let last = rows.last else { return }
            after = try last.decode(column: "seq", as: Int64.self)
            for row in rows {
                let json = try row.decode(column: "item", as: String.self)
                guard let images = converting(json: json)?.imagesColumn else { continue }
                let seq = try row.decode(column: "seq", as: Int64.self)
                try await db.raw("UPDATE entries SET item_images = \(bind: images) WHERE seq = \(bind: seq)").run()
            }
        }
    }
}

/// A row of the entries table that cannot be read or written as a record.
public struct EntryRecordError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

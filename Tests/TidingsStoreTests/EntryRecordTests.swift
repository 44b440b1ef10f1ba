import Foundation
import Testing
import TidingsModel
import TidingsStore

/// An entry's record (issue 37): what a page serves from it, its image links spliced in, is byte
/// for byte what decoding the item, setting each teaser's `image_proxy_url` and encoding it again
/// gave — for every kind of item, from a version-2 record and from a version-1 row alike.
@Suite("Entry records")
struct EntryRecordTests {
    static let published = Date(timeIntervalSince1970: 1_800_000_000)

    static func teaser(_ id: String, image: String?, summary: String? = nil) -> Teaser {
        Teaser(
            id: id, title: "Title \(id) — «ещё» \"quoted\"", summary: summary,
            imageURL: image.flatMap(URL.init(string:)),
            imageWidth: image == nil ? nil : 640, imageHeight: image == nil ? nil : 360,
            imageAlt: image == nil ? nil : "A picture", url: URL(string: "https://news.example/\(id)"),
            publishedAt: published, source: "News")
    }

    /// One item of each kind a section stores, and teasers whose text looks like the record's own
    /// markers and keys.
    static let items: [(String, FeedItem)] = [
        ("teaser with an image", .teaser(teaser("a", image: "https://img.example/a.jpg?w=640&h=360"))),
        ("teaser without an image", .teaser(teaser("b", image: nil))),
        (
            "teaser whose summary quotes the record's keys and markers",
            .teaser(
                teaser(
                    "c", image: "https://img.example/c.png",
                    summary: #"he wrote "image_url":"x", then "image_proxy_url":"tidings-image-slot-0","#))
        ),
        (
            "carousel of teasers, some without images",
            .widget(
                Widget(
                    id: "w", kind: .carousel, title: "More", section: "b/s",
                    items: [
                        teaser("d", image: "https://img.example/d.jpg"), teaser("e", image: nil),
                        teaser("f", image: "https://img.example/ü/f.jpg"),
                    ]))
        ),
        ("weather widget", .widget(Widget(id: "weather", kind: .weather, location: ["city": "Bergen"]))),
        ("ad", .ad(AdSlot(id: "ad-1", format: "banner"))),
        ("notification card", .notification(NotificationCard(id: "n", kind: "enable_push", text: "Turn on"))),
        (
            "item of a kind this build does not know, holding an image_url",
            .unknown(
                type: "poll",
                raw: .object([
                    "type": .string("poll"), "id": .string("p"), "image_url": .string("https://img.example/p.jpg"),
                ]))
        ),
    ]

    /// How every image is linked in these tests: a path naming the URL.
    static func link(_ url: URL) -> String? { "/img/" + (url.host() ?? "") + url.path() }

    /// What pages served before records: the item decoded, each teaser's link set, encoded again.
    static func served(_ json: String) throws -> String {
        let item = try TidingsJSON.decoder().decode(FeedItem.self, from: Data(json.utf8))
        let linked = item.mapTeasers { teaser in
            var teaser = teaser
            teaser.imageProxyURL = teaser.imageURL.flatMap(link)
            return teaser
        }
        return String(decoding: try TidingsJSON.encoder().encode(linked), as: UTF8.self)
    }

    @Test("the record's JSON is the item's, and with links spliced in it is what decoding and encoding gave")
    func splices() throws {
        for (name, item) in Self.items {
            let record = try EntryRecord(item)
            let plain = String(decoding: try TidingsJSON.encoder().encode(item), as: UTF8.self)
            #expect(record.json == plain, "\(name)")
            #expect(record.json(links: Self.link) == (try Self.served(plain)), "\(name)")
            // A version-1 row (no places stored) is served the same.
            #expect(EntryRecord(json: plain, images: nil).json(links: Self.link) == record.json(links: Self.link))
            // The places survive the column.
            let column = try #require(record.imagesColumn)
            #expect(try EntryRecord(json: record.json, imagesColumn: column) == record, "\(name): \(column)")
            // Without links (no signing key), the item is served as stored.
            #expect(record.json(links: { _ in nil }) == plain, "\(name)")
        }
    }

    @Test("only teasers get places: a carousel's three images, none for an ad or an unknown kind")
    func places() throws {
        let counts = try Self.items.map { try EntryRecord($0.1).images?.count }
        #expect(counts == [1, 0, 1, 2, 0, 0, 0, 0])
        let carousel = try EntryRecord(Self.items[3].1)
        #expect(carousel.images?.map(\.url) == ["https://img.example/d.jpg", "https://img.example/%C3%BC/f.jpg"])
        #expect(carousel.imagesColumn?.hasPrefix("[[") == true)
    }

    @Test("a version-1 row is converted as migration 13 converts it; one that no longer decodes is left as it is")
    func converts() throws {
        for (name, item) in Self.items {
            let record = try EntryRecord(item)
            #expect(EntryRecord.converting(json: record.json) == record, "\(name)")
        }
        #expect(EntryRecord.converting(json: #"{"type":"teaser","id":"x"}"#) == nil, "no title: not a teaser today")
        let broken = EntryRecord(json: #"{"type":"teaser","image_url":"https://a.example/x.png""#, images: nil)
        #expect(broken.json(links: Self.link) == broken.json, "served as stored")
    }

    @Test("an item_images column that is no list of places in its item is refused, naming it")
    func refusesBadColumns() throws {
        let json = #"{"id":"a","image_url":"https://a.example/a.png","title":"A","type":"teaser"}"#
        for column in ["", "{}", "[[1]]", #"[["1","u"]]"#, #"[[999,"u"]]"#, #"[[10,"u"],[5,"v"]]"#] {
            #expect(throws: EntryRecordError.self, "\(column)") { try EntryRecord(json: json, imagesColumn: column) }
        }
        #expect(try EntryRecord(json: json, imagesColumn: "[]").images == [])
    }
}

import Foundation
import Testing

@testable import FeedParsing

/// The small documents of `Resources/families/`, one folder per family of feedparser's
/// documentation (docs/parsing.md, "Compared with feedparser"): what Tidings reads from them.
@Suite("Family documents of feedparser's documentation", .ownThreads)
struct FamilyDocumentTests {
    static let folder =
        Bundle.module.url(forResource: "Resources/families", withExtension: nil)
        ?? URL(fileURLWithPath: "/nonexistent")

    /// Every document, by its path under the folder ("dates/greek.rss").
    static let documents: [String] = {
        let prefix = folder.standardizedFileURL.path + "/"
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return files.filter { !$0.pathExtension.isEmpty && $0.pathExtension != "md" }
            .map { String($0.standardizedFileURL.path.dropFirst(prefix.count)) }.sorted()
    }()

    static func read(_ name: String) throws -> ParsedFeed {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        return try FeedParser().parse(bytes, baseURL: URL(string: "https://feeds.example/" + name))
    }

    static func iso(_ date: Date?) -> String? {
        date.map { $0.formatted(.iso8601) }
    }

    @Test("the folder holds a document for each family")
    func families() {
        let folders = Set(Self.documents.compactMap { $0.split(separator: "/").first.map(String.init) })
        #expect(
            folders == ["categories", "content", "dates", "enclosures", "legacy", "namespaces", "people", "podcasts"])
        #expect(Self.documents.count >= 40)
    }

    @Test(
        "every document but CDF is a feed whose entries have a title and a link or id, with no warning but the two written on purpose",
        arguments: documents.filter { !$0.hasSuffix(".cdf") })
    func readsEvery(_ name: String) throws {
        let feed = try Self.read(name)
        #expect(!feed.entries.isEmpty)
        #expect(feed.title?.isEmpty == false)
        // Two deliberate faults: a root written <RSS>, and a date with no day ("2025-05").
        let expected = ["legacy/uppercase-rss.rss": 1, "dates/w3cdtf-variants.atom": 1][name] ?? 0
        #expect(feed.warnings.count == expected, "\(feed.warnings.map(\.message))")
        for entry in feed.entries {
            // RSS 0.92 made an item's title optional; its description then stands in for readers.
            #expect(entry.title != nil || name == "legacy/rss092.rss", "\(entry.id)")
            #expect(!entry.id.isEmpty && (entry.link != nil || entry.idSource != .link))
        }
    }

    @Test("dates: the localized forms of feedparser's documentation are read, a month without a day is not")
    func dates() throws {
        #expect(
            try Self.read("dates/greek.rss").entries.map { Self.iso($0.published) } == [
                "2025-06-03T09:39:21Z", "2025-06-02T15:00:00Z", "2025-05-30T11:15:00Z",
            ])
        #expect(
            try Self.read("dates/korean.rss").entries.map { Self.iso($0.published) } == [
                "2025-06-03T00:39:21Z", "2025-06-01T14:23:17Z", "2025-05-27T23:05:00Z",
            ])
        #expect(
            try Self.read("dates/hungarian.rdf").entries.map { Self.iso($0.published) } == [
                "2025-06-03T07:39:00Z", "2025-05-30T16:20:00Z", "2025-05-12T05:00:00Z",
            ])
        let w3c = try Self.read("dates/w3cdtf-variants.atom")
        #expect(w3c.entries.last.map { $0.published == nil && $0.updated == nil } == true)
        #expect(w3c.entries.dropLast().allSatisfy { $0.updated != nil })
        for name in Self.documents where name.hasPrefix("dates/") && name != "dates/w3cdtf-variants.atom" {
            #expect(try Self.read(name).entries.allSatisfy { $0.published != nil }, "\(name)")
        }
    }

    @Test("people: every person the channel names, the webmaster too; the podcast's owner is its owner")
    func people() throws {
        #expect(
            try Self.read("people/rss-editors.rss").authors == [
                ParsedAuthor(name: "Karin Svensson", email: "redaktion@morgonbladet.example.se"),
                ParsedAuthor(name: "Webbredaktionen", email: "webb@morgonbladet.example.se"),
            ])
        let podcast = try Self.read("people/itunes-author.rss")
        #expect(podcast.authors == [ParsedAuthor(name: "Linnea Holm & Oskar Ahl")])
        #expect(podcast.podcast?.owner?.email == "podd@kaffepausen.example.se")
    }

    @Test("categories: Media RSS categories count, keywords do not")
    func categories() throws {
        let feed = try Self.read("categories/itunes-media.rss")
        #expect(feed.entries.map(\.categories) == [["Hav", "science/oceanography"], ["Romfysikk"]])
    }

    @Test("content: out-of-line content is a link with no text; inline text types are read")
    func content() throws {
        let entries = try Self.read("content/out-of-line.atom").entries
        #expect(entries.prefix(2).allSatisfy { ($0.contentText ?? "").isEmpty && $0.link != nil })
        #expect(entries.dropFirst(2).allSatisfy { !($0.contentText ?? "").isEmpty })
    }

    @Test("legacy: each format as its version family reads it; CDF is refused with its own error")
    func legacy() throws {
        let formats = try [
            "legacy/rss090.rdf", "legacy/rss10-modules.rdf", "legacy/netscape-rss091.rss", "legacy/userland-rss091.rss",
            "legacy/rss092.rss", "legacy/rss093.rss", "legacy/rss094.rss", "legacy/atom03.atom",
        ].map { try Self.read($0).format }
        #expect(formats == [.rss1, .rss1, .rss2, .rss2, .rss2, .rss2, .rss2, .atom])
        #expect(try Self.read("legacy/rss090.rdf").image == "https://gamlenyheter.example.no/logo.gif")
        #expect(throws: FeedParseError.channelDefinitionFormat) { try Self.read("legacy/cdf.cdf") }
    }
}

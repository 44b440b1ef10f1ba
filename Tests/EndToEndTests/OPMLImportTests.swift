import FeedParsing
import Foundation
import Testing

@testable import tidings

/// What `tidings sources import` keeps of an OPML document and what it reports skipping. It used
/// to drop `file:`, `javascript:` and `feed://` outlines without a word and count them as imported.
@Suite("OPML import")
struct OPMLImportTests {
    static func plan(_ body: String) throws -> OPMLImport {
        OPMLImport(try OPMLParser().parse(Array("<opml version=\"2.0\"><body>\(body)</body></opml>".utf8)))
    }

    @Test("outlines that are not http(s) feeds are reported with their reason, and not counted")
    func unsupportedSchemes() throws {
        let plan = try Self.plan(
            """
            <outline text="Kept" xmlUrl="https://kept.example/rss"/>
            <outline text="Notes" xmlUrl="file:///home/me/notes.xml"/>
            <outline text="Evil" xmlUrl="javascript:alert(1)"/>
            <outline text="Data" xmlUrl="data:text/xml,&lt;rss/&gt;"/>
            <outline text="Old" xmlUrl="ftp://old.example/feed.xml"/>
            <outline text="Nested" xmlUrl="feed:javascript:alert(1)"/>
            """)
        #expect(plan.groups == [OPMLImport.Group(title: "Kept", urls: [URL(string: "https://kept.example/rss")!])])
        #expect(plan.feedCount == 1)
        #expect(
            plan.skipped.map(\.reason) == [
                "unsupported scheme file: (only http and https feeds are fetched)",
                "unsupported scheme javascript: (only http and https feeds are fetched)",
                "unsupported scheme data: (only http and https feeds are fetched)",
                "unsupported scheme ftp: (only http and https feeds are fetched)",
                "unsupported scheme feed:javascript: (only http and https feeds are fetched)",
            ])
        #expect(plan.skipped.map(\.title) == ["Notes", "Evil", "Data", "Old", "Nested"])
        #expect(plan.skipped.first?.url == "file:///home/me/notes.xml")
    }

    @Test("feed:// is read as http://, feed:https:// as https://, and each is reported")
    func feedScheme() throws {
        let plan = try Self.plan(
            """
            <outline text="A" xmlUrl="feed://a.example/rss.xml"/>
            <outline text="B" xmlUrl="FEED:https://b.example/atom"/>
            <outline text="C" xmlUrl="feed:http://c.example/"/>
            """)
        #expect(
            plan.groups.flatMap(\.urls).map(\.absoluteString) == [
                "http://a.example/rss.xml", "https://b.example/atom", "http://c.example/",
            ])
        #expect(
            plan.rewritten.map(\.from) == [
                "feed://a.example/rss.xml", "FEED:https://b.example/atom", "feed:http://c.example/",
            ])
        #expect(plan.skipped.isEmpty)
    }

    @Test("addresses that are no absolute http(s) URL are reported")
    func notWebURLs() throws {
        let plan = try Self.plan(
            """
            <outline text="Relative" xmlUrl="/feed.xml"/>
            <outline text="No host" xmlUrl="https://"/>
            <outline text="Spaces" xmlUrl="not a url at all"/>
            """)
        #expect(plan.groups.isEmpty)
        #expect(plan.skipped.map(\.reason) == Array(repeating: "not an absolute http(s) URL", count: 3))
        #expect(plan.skipped.map(\.url) == ["/feed.xml", "https://", "not a url at all"])
    }

    @Test("outlines without xmlUrl that are not folders are reported; folders are not")
    func missingXMLURL() throws {
        let plan = try Self.plan(
            """
            <outline text="Homepage" type="link" url="https://home.example/"/>
            <outline text="Only a page" htmlUrl="https://page.example/"/>
            <outline text="Folder"><outline text="F" xmlUrl="https://f.example/rss"/></outline>
            """)
        #expect(plan.groups.map(\.title) == ["Folder"])
        #expect(plan.skipped.map(\.title) == ["Homepage", "Only a page"])
        #expect(plan.skipped.allSatisfy { $0.reason.hasPrefix("no xmlUrl") && $0.url == nil })
    }

    @Test("duplicates in one folder or at the top level are reported; a feed in two folders is in both")
    func duplicates() throws {
        let plan = try Self.plan(
            """
            <outline text="Solo" xmlUrl="https://solo.example/rss"/>
            <outline text="Solo again" xmlUrl="https://SOLO.example/rss"/>
            <outline text="Tech">
              <outline text="A" xmlUrl="https://a.example/rss"/>
              <outline text="A twice" xmlUrl="https://a.example/rss"/>
            </outline>
            <outline text="Favourites"><outline text="A" xmlUrl="https://a.example/rss"/></outline>
            """)
        #expect(plan.groups.map(\.title) == ["Solo", "Tech", "Favourites"])
        #expect(plan.feedCount == 3)
        #expect(plan.skipped.map(\.title) == ["Solo again", "A twice"])
        #expect(plan.skipped.map(\.reason) == ["duplicate of a feed above", "duplicate: already in folder \"Tech\""])
    }

    @Test("a folder never merges into a top-level feed, or into another folder of the same name")
    func foldersByPath() throws {
        let plan = try Self.plan(
            """
            <outline text="Tech" xmlUrl="https://tech-blog.example/rss"/>
            <outline text="Work"><outline text="Tech"><outline text="W" xmlUrl="https://w.example/rss"/></outline></outline>
            <outline text="Home"><outline text="Tech"><outline text="H" xmlUrl="https://h.example/rss"/></outline></outline>
            """)
        #expect(plan.groups.map(\.title) == ["Tech", "Tech", "Tech"])
        #expect(plan.groups.map(\.urls.count) == [1, 1, 1])
        let yaml = SourcesCommand.Import.brandsFile(plan.groups, brand: "r", name: "R", locale: "en")
        for id in ["tech", "tech-2", "tech-3"] { #expect(yaml.contains("      - id: \(id)\n")) }
    }

    @Test("the report names each skipped outline and gives true counts; control characters are escaped")
    func report() {
        // The reader already drops control characters; a document built in code still has them.
        let plan = OPMLImport(
            ParsedOPML(outlines: [
                .init(text: "Kept", xmlURL: URL(string: "https://kept.example/rss")),
                .init(text: "Bell\u{1B}[31m", xmlURL: URL(string: "file:///x")),
                .init(text: "Old", xmlURL: URL(string: "feed://old.example/rss")),
            ]))
        #expect(
            SourcesCommand.Import.report(plan, brand: "reader") == [
                #"opml: read "Old" "feed://old.example/rss" as "http://old.example/rss""#,
                #"opml: skipped "Bell\x1b[31m" "file:///x": unsupported scheme file: (only http and https feeds are fetched)"#,
                "Imported 2 feeds into 2 sections of brand reader; skipped 1 outline.",
            ])
    }
}

import AsyncHTTPClient
import Foundation
import Hummingbird
import NIOCore
import Testing
import TidingsModel
import TidingsTesting

/// `tidings serve` with the demo brands, `tidings sources …` and a bad brands file, as processes.
@Suite("Sections and sources, end to end", .serialized)
struct SourcesCommandTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("sources")
    }

    @Test("the demo brands are served, listed by sources list, and every section has its feeds")
    func demo() async throws {
        let server = try TidingsProcess(["serve", "--port", "0"], in: folder)
        let base = try await server.waitForBase()
        try await server.waitForDemoSources()
        let brands = try TidingsJSON.decoder().decode(
            BrandList.self, from: Data(try await get("\(base)/api/v1/brands").body.utf8))
        #expect(brands.brands.map(\.id) == ["courier", "grocery", "vestland"])
        let economy = try TidingsJSON.decoder().decode(
            Feed.self, from: Data(try await get("\(base)/api/v1/brands/courier/sections/economy?limit=6").body.utf8))
        guard case .native(let items) = economy.content else {
            Issue.record("economy renders as web")
            return
        }
        #expect(
            items.map(\.type) == ["teaser", "teaser", "ad", "teaser", "teaser", "widget"], "the partner places ads")
        for format in ["rss", "atom", "json"] {
            let feed = try await get("\(base)/feeds/courier/news.\(format)")
            #expect(feed.status == 200 && feed.body.contains("Harbour ferry returns after storm repairs"))
        }
        let listed = try await TidingsProcess.run(["sources", "list"], in: folder)
        #expect(listed.status == 0)
        #expect(listed.output.contains("format unified_json · sections courier/economy"), "\(listed.output)")
        #expect(listed.output.contains("13 in the document, 13 kept · 0 failures in a row"))
        server.process.terminate()
        #expect(try await server.waitForExit() == 0)
    }

    /// Issue 34: `sources list` said nothing about full text and its failures.
    @Test("sources list shows a full_text source's article pages by status and the latest problem")
    func fullText() async throws {
        let paragraphs = (1...20).map { "<p>Paragraph \($0) of a long story about the harbour and its ferry.</p>" }
        let served = Locked(0)
        let router = Router()
        router.get("feed.rss") { _, _ -> Response in
            let base = "http://127.0.0.1:\(served.current)"
            let feed = """
                <rss version="2.0"><channel><title>Site</title><link>\(base)/</link>
                <item><title>Good</title><link>\(base)/good.html</link><description>Short.</description></item>
                <item><title>Gone</title><link>\(base)/gone.html</link><description>Short.</description></item>
                </channel></rss>
                """
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: feed)))
        }
        router.get("good.html") { _, _ -> Response in
            let page =
                "<html><head><title>Good</title></head><body><article><h1>Good</h1>"
                + paragraphs.joined() + "</article></body></html>"
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        }
        try await LoopbackServer.with(router) { port in
            served.withLock { $0 = port }
            let config = folder.appendingPathComponent("full.yaml")
            try """
            fetch: {allow_hosts: ["127.0.0.1"]}
            brands:
              - id: site
                name: Site
                sections:
                  - id: news
                    title: News
                    source: {type: feed, url: "http://127.0.0.1:\(port)/feed.rss", full_text: always}
            """.write(to: config, atomically: true, encoding: .utf8)
            let arguments = ["--config", config.path, "--database", "sqlite:full.sqlite"]
            let server = try TidingsProcess(["serve", "--port", "0", "--no-demo"] + arguments, in: folder)
            defer { server.process.terminate() }
            _ = try await server.waitForPort()
            var listed = ""
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                listed = try await TidingsProcess.run(["sources", "list"] + arguments, in: folder).output
                if listed.contains("1 extracted · 1 failed") { break }
                try await Task.sleep(for: .milliseconds(250))
            }
            #expect(listed.contains("full text (always): 1 extracted · 1 failed"), "\(listed)")
            #expect(listed.contains("/gone.html: fetch: http://127.0.0.1:\(port)/gone.html answered 404"), "\(listed)")
        }
    }

    @Test("an OPML file becomes a brands file that loads, and exports back to the same feeds")
    func opml() async throws {
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body>
            <outline text="Tech &amp; Science"><outline type="rss" text="A" xmlUrl="https://a.example/rss"/>
            <outline type="rss" text="B" xmlUrl="https://b.example/atom"/></outline>
            <outline type="rss" text="Solo blog" xmlUrl="https://solo.example/feed"/></body></opml>
            """
        try Data(opml.utf8).write(to: folder.appendingPathComponent("subs.opml"))
        let imported = try await TidingsProcess.run(["sources", "import", "subs.opml"], in: folder)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(imported.output.contains("- id: tech-science"))
        #expect(imported.output.contains("Imported 3 feeds into 2 sections of brand reader; skipped 0 outlines."))
        let yaml = imported.output.split(separator: "\n").filter { !$0.hasPrefix("Imported") && !$0.hasPrefix("opml:") }
            .joined(separator: "\n")
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("reader.yaml"))
        let exported = try await TidingsProcess.run(["sources", "export", "--config", "reader.yaml"], in: folder)
        #expect(exported.status == 0)
        for url in ["https://a.example/rss", "https://b.example/atom", "https://solo.example/feed"] {
            #expect(exported.output.contains("xmlUrl=\"\(url)\""))
        }
        let bad = try await TidingsProcess.run(["sources", "import", "reader.yaml"], in: folder)
        #expect(bad.status == 1)
        #expect(
            bad.output.contains("sources import: reader.yaml: opml: not an OPML document: it has no XML element"),
            "\(bad.output)")
        #expect(!bad.output.contains("Usage:"), "a file's mistake is not a usage mistake")
    }

    @Test("import reports every outline it leaves out on standard error, and counts only what it wrote")
    func opmlSkips() async throws {
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><body>
            <outline text="Blog" xmlUrl="https://blog.example/rss"/>
            <outline text="Local" xmlUrl="file:///etc/passwd"/>
            <outline text="Script" xmlUrl="javascript:alert(document.cookie)"/>
            <outline text="Pseudo" xmlUrl="feed://pseudo.example/rss"/>
            </body></opml>
            """
        try Data(opml.utf8).write(to: folder.appendingPathComponent("mixed.opml"))
        let child = try TidingsProcess(["sources", "import", "mixed.opml"], in: folder)
        #expect(try await child.waitForExit() == 0, "\(child.text)")
        try await Task.sleep(for: .milliseconds(100))  // let the pipes drain
        let output = child.text
        #expect(output.contains(#"opml: skipped "Local" "file:///etc/passwd": unsupported scheme file:"#), "\(output)")
        #expect(output.contains(#"opml: skipped "Script" "javascript:alert(document.cookie)": unsupported scheme"#))
        #expect(output.contains(#"opml: read "Pseudo" "feed://pseudo.example/rss" as "http://pseudo.example/rss""#))
        #expect(output.contains("Imported 2 feeds into 2 sections of brand reader; skipped 2 outlines."))
        #expect(output.contains(#"- "http://pseudo.example/rss""#))
        #expect(!output.contains("passwd\"\n") && !output.contains(#"- "file:"#), "nothing skipped is written")
    }

    @Test("a mistake in the brands file stops serve with file, line and key")
    func badConfiguration() async throws {
        let yaml =
            "brands:\n  - id: a\n    name: A\n    sections:\n      - {id: s, title: S, source: {type: feed, url: nope}}\n"
        try Data(yaml.utf8).write(to: folder.appendingPathComponent("bad.yaml"))
        let result = try await TidingsProcess.run(["serve", "--port", "0", "--config", "bad.yaml"], in: folder)
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "config: bad.yaml:5: brands[0].sections[0].source.url must be an absolute http or https URL, not \"nope\""
            ),
            "\(result.output)")
    }
}

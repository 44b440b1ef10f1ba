import Foundation
import Testing
import TidingsModel
import TidingsTesting

/// Brands kept in the database: `tidings config import|export` and what `serve` does with a file
/// and a database that keep different brands, run as an operator runs them.
@Suite("Brands in the database, end to end", .serialized)
struct ConfigBrandsCommandTests {
    let folder: URL

    init() throws {
        folder = try TemporaryFolder.make("config-brands")
        try "<rss version=\"2.0\"><channel><title>Wire</title></channel></rss>".write(
            to: folder.appendingPathComponent("wire.rss"), atomically: true, encoding: .utf8)
    }

    /// A configuration file naming brands `ids`, each with one section reading `feed`.
    func brandsFile(_ name: String, _ ids: [String], feed: String = "wire.rss") throws {
        let brands = ids.map { id in
            """
              - id: \(id)
                name: \(id.capitalized) Post
                locale: nb-NO
                sections:
                  - {id: news, title: {nb: Nyheter, en: News}, source: {type: file, path: \(feed)}}
            """
        }
        try ("brands:\n" + brands.joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) async throws -> (code: Int32, text: String) {
        let (status, output) = try await TidingsProcess.run(
            arguments + ["--database", "sqlite:brands.sqlite"], in: folder)
        return (status, output)
    }

    @Test("export → import → export gives the same bytes; an empty database and a bad file are refused, nothing stored")
    func roundTrip() async throws {
        let empty = try await run(["config", "export"])
        #expect(empty.code == 1 && empty.text.contains("keeps no brands yet"), "\(empty.text)")
        try brandsFile("a.yaml", ["alpha", "beta"])
        let imported = try await run(["config", "import", "a.yaml"])
        #expect(imported.code == 0 && imported.text.contains("imported 2 brand(s), 2 section(s)"), "\(imported.text)")
        #expect(try await run(["config", "export", "-o", "first.yaml"]).code == 0)
        #expect(try await run(["config", "import", "first.yaml"]).code == 0)
        #expect(try await run(["config", "export", "-o", "second.yaml"]).code == 0)
        let first = try String(contentsOf: folder.appendingPathComponent("first.yaml"), encoding: .utf8)
        let second = try String(contentsOf: folder.appendingPathComponent("second.yaml"), encoding: .utf8)
        #expect(first == second)
        #expect(first.contains("- id: alpha") && first.contains("path: \(folder.path)/wire.rss"), "\(first)")
        try
            "brands:\n  - id: gamma\n    name: G\n    sections: [{id: s, title: S, source: {type: feed, url: \"ftp://x\"}}]\n"
            .write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let bad = try await run(["config", "import", "bad.yaml"])
        #expect(bad.code == 1 && bad.text.contains("bad.yaml:4: brands[0].sections[0].source.url"), "\(bad.text)")
        try "fetch: {interval: 10m}\n".write(
            to: folder.appendingPathComponent("none.yaml"), atomically: true, encoding: .utf8)
        let none = try await run(["config", "import", "none.yaml"])
        #expect(none.code == 1 && none.text.contains("lists no brands"), "\(none.text)")
        #expect(try await run(["config", "export"]).text == first, "nothing stored by the refused imports")
    }

    @Test("serve imports the file's brands into a database that keeps none; after that the database's are served")
    func serveImportsOnce() async throws {
        try brandsFile("one.yaml", ["alpha"])
        try brandsFile("two.yaml", ["beta", "gamma"])
        func servedBrands(_ file: String) async throws -> (ids: [String], log: String) {
            let server = try TidingsProcess(
                ["serve", "--port", "0", "--no-demo", "--config", file, "--database", "sqlite:serve.sqlite"], in: folder
            )
            let base = try await server.waitForBase()
            let list = try TidingsJSON.decoder().decode(
                BrandList.self, from: Data(try await get("\(base)/api/v1/brands").body.utf8))
            server.process.terminate()
            _ = try await server.waitForExit()
            return (list.brands.map(\.id), server.text)
        }
        let first = try await servedBrands("one.yaml")
        #expect(first.ids == ["alpha"])
        #expect(first.log.contains("brands: the database kept none; imported 1 from one.yaml"), "\(first.log)")
        let second = try await servedBrands("two.yaml")
        #expect(second.ids == ["alpha"], "the database wins once it keeps brands")
        #expect(second.log.contains("two.yaml lists others"), "\(second.log)")
        let imported = try await TidingsProcess.run(
            ["config", "import", "two.yaml", "--database", "sqlite:serve.sqlite"], in: folder)
        #expect(imported.status == 0, "\(imported.output)")
        let third = try await servedBrands("two.yaml")
        #expect(third.ids == ["beta", "gamma"])
        #expect(!third.log.contains("lists others"), "file and database agree: \(third.log)")
    }

    @Test("a running server shows brands imported by another process within seconds, no restart")
    func runningServerFollowsImport() async throws {
        try brandsFile("one.yaml", ["alpha"])
        try brandsFile("two.yaml", ["beta", "gamma"])
        let server = try TidingsProcess(
            ["serve", "--port", "0", "--no-demo", "--config", "one.yaml", "--database", "sqlite:live.sqlite"],
            in: folder)
        let base = try await server.waitForBase()
        func ids() async throws -> [String] {
            try TidingsJSON.decoder().decode(
                BrandList.self, from: Data(try await get("\(base)/api/v1/brands").body.utf8)
            )
            .brands.map(\.id)
        }
        #expect(try await ids() == ["alpha"])
        let imported = try await TidingsProcess.run(
            ["config", "import", "two.yaml", "--database", "sqlite:live.sqlite"], in: folder)
        #expect(imported.status == 0 && imported.output.contains("within a second"), "\(imported.output)")
        let shown = try await eventually(within: .seconds(60)) { try await ids() == ["beta", "gamma"] }
        server.process.terminate()
        _ = try await server.waitForExit()
        #expect(shown, "\(server.text)")
        #expect(server.text.contains("brands: showing version 2 — 2 brand(s), 2 section(s)"), "\(server.text)")
    }

    @Test("sources list and refresh act on the brands the database keeps, as the servers on it do")
    func sourcesFollowTheDatabase() async throws {
        try
            "<rss version=\"2.0\"><channel><title>Other</title><item><title>A</title><link>https://o.example/a</link></item></channel></rss>"
            .write(to: folder.appendingPathComponent("other.rss"), atomically: true, encoding: .utf8)
        try brandsFile("one.yaml", ["alpha"])
        try brandsFile("kept.yaml", ["beta"], feed: "other.rss")
        #expect(try await run(["config", "import", "kept.yaml"]).code == 0)
        let list = try await run(["sources", "list", "--config", "one.yaml"])
        #expect(list.code == 0 && list.text.contains("other.rss") && !list.text.contains("wire.rss"), "\(list.text)")
        #expect(list.text.contains("sections beta/news"), "\(list.text)")
        let refresh = try await run(["sources", "refresh", "--config", "one.yaml"])
        #expect(refresh.code == 0 && refresh.text.contains("other.rss"), "\(refresh.text)")
    }
}

import Foundation
import Testing
import TidingsRuntime
import TidingsTesting

/// The brands files the documentation shows load as written, and so does the demo.
struct DocumentedConfigurationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first ```yaml block after `marker` in a Markdown file.
    static func yamlBlock(in file: String, after marker: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let start = try #require(text.range(of: marker)).upperBound
        let open = try #require(text.range(of: "```yaml\n", range: start..<text.endIndex)).upperBound
        let close = try #require(text.range(of: "\n```", range: open..<text.endIndex)).lowerBound
        return String(text[open..<close])
    }

    @Test func theReadmeExampleLoads() throws {
        let yaml = try Self.yamlBlock(in: "README.md", after: "A complete example")
        let configuration = try SectionsConfiguration.load(yaml: yaml, file: "README.md", baseDirectory: "/")
        #expect(configuration.brands.map(\.id) == ["courier", "grocery"])
        let kinds = Set(configuration.sections.map(\.section.source.typeName))
        #expect(kinds == ["feed", "unified_json", "legacy_json", "web", "catalog"])
    }

    @Test func theReferenceExampleLoads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<rss/>".utf8).write(to: folder.appendingPathComponent("feeds/world.rss"))
        let yaml = try Self.yamlBlock(in: "docs/sections.md", after: "## The file")
        let configuration = try SectionsConfiguration.load(yaml: yaml, file: "sections.md", baseDirectory: folder.path)
        #expect(configuration.sections.count == 6)
        #expect(configuration.fetch.concurrency == 4)
    }

    @Test func theDemoBrandsLoadWithEverySourceType() throws {
        let demo = try DemoBrands.configuration()
        #expect(demo.brands.map(\.id) == ["courier", "grocery", "vestland"])
        #expect(demo.brand("vestland")?.locale.identifier == "nb-NO", "seed 003's Norwegian newspaper")
        let kinds = Set(demo.sections.map(\.section.source.typeName))
        #expect(kinds == ["file", "web", "catalog"])
        // world.rss, tech.atom, economy, lifestyle, whats-on.rss, the weather widget's forecast, plus
        // local.rss (empty) and markets.json (cut off) that show the web reader's empty and error states,
        // and the Norwegian brand's nyheter.rss and kultur.rss (its forecast is the same file's).
        #expect(demo.fetchedSources.count == 10)
        #expect(demo.brand("courier")?.section("local")?.description != nil)
    }

    /// docs/configuration.md's table of every key is the one the rows make (`tidings config keys
    /// --markdown`); `TIDINGS_RECORD=1` writes it into the file, in place of the table there.
    @Test func theConfigurationReferenceListsEveryKey() throws {
        let file = Self.root.appendingPathComponent("docs/configuration.md")
        let text = try String(contentsOf: file, encoding: .utf8)
        let table = Settings.markdownTable
        if ProcessInfo.processInfo.environment["TIDINGS_RECORD"] == "1", !text.contains(table) {
            let start = try #require(text.range(of: "| key | variable |"), "docs/configuration.md has no table")
            let end = text.range(of: "\n\n", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
            try (text.replacingCharacters(in: start.lowerBound..<end, with: table)).write(
                to: file, atomically: true, encoding: .utf8)
            print("DocumentedConfigurationTests: wrote the table into docs/configuration.md")
            return
        }
        #expect(
            text.contains(table),
            "docs/configuration.md should hold the table `swift run tidings config keys --markdown` writes (TIDINGS_RECORD=1 writes it in)"
        )
    }
}

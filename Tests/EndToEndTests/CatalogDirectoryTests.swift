import AsyncHTTPClient
import Foundation
import Testing
import TidingsModel
import TidingsTesting

/// Adding a language is adding a file: `locale.catalogs` names a directory of `.xcstrings` files,
/// and the built server speaks a language Tidings does not ship, with no code change; the keys the
/// file lacks come from English, never blank.
@Suite("A language added as a file")
struct CatalogDirectoryTests {
    /// A Portuguese catalog with a handful of the keys, as a translator's tool would write it.
    static let portuguese = #"""
        {
          "sourceLanguage": "en",
          "strings": {
            "news.title.newProduct": {"localizations": {"pt": {"stringUnit": {"state": "translated", "value": "Novo produto: "}}}},
            "news.title.priceUp": {"localizations": {"pt": {"stringUnit": {"state": "translated", "value": "Aumento de %@: "}}}},
            "format.justNow": {"localizations": {"pt": {"stringUnit": {"state": "translated", "value": "agora mesmo"}}}},
            "web.refresh": {"localizations": {"pt": {"stringUnit": {"state": "translated", "value": "Atualizar"}}}}
          },
          "version": "1.0"
        }
        """#

    static func get(_ url: String) async throws -> String {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
        #expect(response.status == .ok, "\(url)")
        return String(buffer: try await response.body.collect(upTo: 4 << 20))
    }

    @Test("a Portuguese catalog in locale.catalogs is served: the API's words and CLDR forms, the web reader's")
    func portuguese() async throws {
        let server = try await ReadDemoServer.start(environment: ["TIDINGS_LOCALE_CATALOGS": "catalogs"]) { folder in
            let catalogs = folder.appendingPathComponent("catalogs")
            try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
            try Self.portuguese.write(
                to: catalogs.appendingPathComponent("pt.xcstrings"), atomically: true, encoding: .utf8)
        }
        let api = try await Self.get(server.base + "/api/v1/news_items?limit=100&locale=pt-BR")
        let items = try TidingsJSON.decoder().decode(NewsItemsPage.self, from: Data(api.utf8)).items
        #expect(items.contains { $0.title == "Novo produto: " }, "the catalog's words")
        #expect(items.contains { $0.title.hasPrefix("Aumento de ") && $0.title.hasSuffix("%: ") })
        #expect(
            items.contains { $0.title.hasPrefix("Price drop ") }, "a key the file lacks falls back to English")
        #expect(items.allSatisfy { !$0.title.hasPrefix("news.") }, "never a key name")
        #expect(items.contains { $0.price.hasPrefix("R$") || $0.price.contains("₽") }, "money as pt-BR writes it")
        let page = try await Self.get(server.base + "/courier/news?locale=pt")
        #expect(page.contains(#"<html lang="pt" dir="ltr">"#))
        #expect(page.contains("Atualizar"), "the web reader's word from the file")
        #expect(
            page.contains(#"hreflang="pt" lang="pt" aria-current="true">Português</a>"#),
            "offered in the language menu, by its own name, as the page's")
        #expect(try await server.stop() == 0)
    }

    @Test("tidings read --catalogs speaks a language added as a file; a wrong directory is a usage error")
    func reader() async throws {
        let server = try await ReadDemoServer.start()
        let catalogs = server.folder.appendingPathComponent("reader-catalogs")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        try #"""
        {"sourceLanguage": "en", "strings": {
          "read.ad": {"localizations": {"pt": {"stringUnit": {"state": "translated", "value": "Anúncio · %@"}}}}
        }, "version": "1.0"}
        """#.write(to: catalogs.appendingPathComponent("pt.xcstrings"), atomically: true, encoding: .utf8)
        let read = [
            "read", "--once", "--server", server.base, "--brand", "courier", "--section", "news", "--locale", "pt-BR",
            "--store", server.store,
        ]
        let plain = try await TidingsProcess.run(read, in: server.folder)
        #expect(plain.status == 0 && plain.output.contains("Ad · banner"), "without the file, English: \(plain.output)")
        let added = try await TidingsProcess.run(read + ["--catalogs", catalogs.path], in: server.folder)
        #expect(added.status == 0, "\(added.output)")
        #expect(added.output.contains("Anúncio · banner"), "the file's word: \(added.output)")
        #expect(!added.output.contains("Ad · banner"))
        let wrong = try await TidingsProcess.run(read + ["--catalogs", "nowhere"], in: server.folder)
        #expect(wrong.status == 64 && wrong.output.contains("--catalogs") && wrong.output.contains("nowhere"))
        #expect(try await server.stop() == 0)
    }

    @Test("a catalog that does not read stops the server at start, naming the key and the file")
    func unreadable() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-catalogs-\(UUID().uuidString)")
        let catalogs = folder.appendingPathComponent("catalogs")
        try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"strings": {"x": {"localizations": {"pt": {}}}}}"#.write(
            to: catalogs.appendingPathComponent("pt.xcstrings"), atomically: true, encoding: .utf8)
        let bad = try await TidingsProcess.run(
            ["serve", "--port", "0", "--no-demo"], in: folder, environment: ["TIDINGS_LOCALE_CATALOGS": "catalogs"])
        #expect(bad.status != 0)
        #expect(bad.output.contains("TIDINGS_LOCALE_CATALOGS"), "\(bad.output)")
        #expect(bad.output.contains("pt.xcstrings"), "\(bad.output)")
        let missing = try await TidingsProcess.run(
            ["serve", "--port", "0", "--no-demo"], in: folder, environment: ["TIDINGS_LOCALE_CATALOGS": "nowhere"])
        #expect(missing.status != 0 && missing.output.contains("is not a directory"), "\(missing.output)")
    }
}

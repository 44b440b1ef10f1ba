import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// Writing brands back as the file's `brands` list: what is read again is what was written, and
/// one value has one text — the ground `tidings config export` and the database stand on.
struct BrandsWriterTests {
    static func load(_ yaml: String) throws -> [Brand] {
        try SectionsConfigurationTests.load(yaml).brands
    }

    /// Every kind of source, render, placement, widget, notification and house ad, and names a
    /// YAML reader could take for something else.
    static let everything =
        SectionsConfigurationTests.complete + """

              - id: vestland
                name: "yes"
                locale: nb_NO
                theme: {primary: "#112233", accent: "#AABBCC", background: "#ffffff", text: "#000000"}
                house_ads:
                  - {format: native, image: "https://v.example/a.png", headline: {nb: "Les: mer", en: "#1 offer"}, text: "123", link: "https://v.example/"}
                  - {image: "https://v.example/b.png", headline: "null", link: "https://v.example/b"}
                placement:
                  ads: {every: 4, format: mpu}
                sections:
                  - id: front
                    title: {nb: Forsiden, sv: Förstasidan, en: "Front: today"}
                    description: {nb: "Alt som skjer\\nmed to linjer", en: "- a list? no"}
                    source: {type: feed, url: "https://v.example/rss", full_text: auto}
                    placement:
                      widgets:
                        - {position: 2, kind: list, section: courier/economy, count: 4, title: Økonomi}
                        - {position: 6, kind: local, section: front, location: {country: NO, city: Bergen}}
                        - {position: 9, kind: weather, location: {city: Bergen}, source: {type: weather, path: world.rss}}
                      notifications:
                        - {id: push, kind: enable_push, text: Slå på, dismissible: false}
                  - id: paper
                    title: Paper
                    source: {type: legacy_json, url: "https://v.example/paper.json"}
                    render: web
                    web_url: "https://v.example/paper"
                    embed: true
                  - id: files
                    title: Files
                    source: {type: file, paths: [world.rss, world.rss], format: unified_json, full_text: always}
                    placement: {ads: off}
            """

    @Test("what is written reads back to the same brands, and writing them again gives the same text")
    func roundTrip() throws {
        let brands = try Self.load(Self.everything)
        #expect(brands.count == 3)
        let written = try BrandsWriter.yaml(brands)
        let again = try Self.load(written)
        #expect(again == brands)
        #expect(try BrandsWriter.yaml(again) == written)
    }

    @Test("defaults are left out, a brand's placement is written into its sections, paths are absolute")
    func canonical() throws {
        let brands = try Self.load(Self.everything)
        let written = try BrandsWriter.yaml(brands)
        #expect(!written.contains("render: native") && !written.contains("full_text: never"))
        #expect(!written.contains("dismissible: true") && !written.contains("embed: false"))
        let vestland = try #require(brands.first { $0.id == "vestland" })
        #expect(vestland.section("front")?.placement.ads == AdRule(every: 4, format: "mpu"))
        #expect(written.contains("path: \(SectionsConfigurationTests.directory)/world.rss"))
        #expect(written.contains("locale: nb-NO"))
    }
}

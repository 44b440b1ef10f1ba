import FeedParsing
import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// Reading the brands file: what each key means, and where a mistake is reported.
struct SectionsConfigurationTests {
    /// A directory with one feed file, for `file` sources.
    static let directory: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-sections-tests")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try? Data("<rss/>".utf8).write(to: url.appendingPathComponent("world.rss"))
        return url.path
    }()

    static func load(_ yaml: String) throws -> SectionsConfiguration {
        try SectionsConfiguration.load(yaml: yaml, file: "brands.yaml", baseDirectory: directory)
    }

    static let complete = """
        fetch: {interval: 10m, min_interval: 30s, max_interval: 2h, allow_hosts: [127.0.0.1]}
        retention: {max_items: 200, max_age: 7d}
        brands:
          - id: courier
            name: The Courier
            locale: en
            theme: {primary: "#0B3D91"}
            front: news
            placement:
              ads: {positions: [3], every: 8, after: 3}
            sections:
              - id: economy
                title: {en: Economy, ru: Экономика}
                source: {type: unified_json, url: "https://partner.example/economy.json"}
              - id: news
                title: News
                source: {type: feed, urls: ["https://a.example/rss", "https://b.example/atom"]}
                placement:
                  widgets:
                    - {position: 5, kind: carousel, section: economy, count: 3}
                  notifications:
                    - {id: push, kind: enable_push, text: {en: Turn on, ru: Включите}}
              - id: lifestyle
                title: Lifestyle
                source: {type: legacy_json, url: "https://partner.example/lifestyle.json"}
                render: auto
                placement: {ads: off}
              - id: local
                title: Local
                source: {type: file, path: world.rss}
              - id: sport
                title: Sport
                source: {type: web, url: "https://sport.example/"}
          - id: grocery
            name: Grocery
            locale: ru
            sections:
              - {id: news, title: Новинки, source: {type: catalog}}
        """

    @Test func readsBrandsSectionsAndSources() throws {
        let configuration = try Self.load(Self.complete)
        #expect(configuration.brands.map(\.id) == ["courier", "grocery"])
        let courier = try #require(configuration.brand("courier"))
        #expect(courier.front == "news")
        #expect(courier.theme == ["primary": "#0b3d91"])
        #expect(courier.section("economy")?.title.text(.ru) == "Экономика")
        #expect(courier.section("news")?.title.text(.ru) == "News", "one text serves every language")
        #expect(courier.section("sport")?.render == .web(URL(string: "https://sport.example/")!))
        #expect(courier.section("lifestyle")?.render == .auto)
        let local = try #require(courier.section("local"))
        #expect(local.source == .file([Self.directory + "/world.rss"], format: .feed))
        #expect(configuration.fetch.interval == 600)
        #expect(configuration.fetch.allowHosts == ["127.0.0.1"])
        #expect(configuration.retention.maxItems == 200)
        #expect(configuration.brand("grocery")?.front == "news", "the first section is the front by default")
    }

    @Test func positionsCountFromOneInTheFileAndFromZeroInside() throws {
        let courier = try #require(try Self.load(Self.complete).brand("courier"))
        let news = try #require(courier.section("news"))
        #expect(news.placement.ads == AdRule(positions: [2], every: 8, after: 3), "brand default inherited")
        #expect(news.placement.widgets.first?.position == 4)
        #expect(news.placement.widgets.first?.section == SectionKey(brand: "courier", section: "economy"))
        #expect(courier.section("lifestyle")?.placement.ads == nil, "ads: off drops the brand default")
    }

    @Test func fetchedSourcesAreListedOnceWithEverySectionTheyFeed() throws {
        var configuration = try Self.load(Self.complete)
        configuration.brands[0].sections.append(
            Section(id: "again", title: LocalizedText("Again"), source: .feed([URL(string: "https://a.example/rss")!])))
        let fetched = configuration.fetchedSources
        let shared = try #require(fetched.first { $0.source.id == "https://a.example/rss" })
        #expect(shared.sections.map(\.stream) == ["courier/news", "courier/again"])
        #expect(fetched.count == 5, "two feed URLs, two partner URLs and one file; catalog and web fetch nothing")
    }

    @Test func sectionsMayDescribeThemselvesAndEmbedTheirWebPage() throws {
        let configuration = try Self.load(
            """
            brands:
              - id: a
                name: A
                sections:
                  - id: s
                    title: S
                    description: {en: What S shows., ru: Что показывает S.}
                    source: {type: web, url: "https://s.example/"}
                    embed: true
            """)
        let section = try #require(configuration.brands.first?.sections.first)
        #expect(section.description?.text(.ru) == "Что показывает S.")
        #expect(section.embed)
    }

    @Test func parseLimitsAndTheFetchDeadlineAreRead() throws {
        let configuration = try Self.load(
            "parse: {max_categories: 3, max_srcset_candidates: 4, max_depth: 64}\nfetch: {total_timeout: 20s}")
        let options = configuration.parse.options
        #expect(options.maxCategories == 3 && options.maxDepth == 64 && options.sanitizer.maxSrcsetCandidates == 4)
        #expect(options.maxTitleLength == FeedParser.Options().maxTitleLength, "the rest keep their defaults")
        #expect(configuration.fetch.totalTimeout == 20)
        #expect(SectionsConfiguration().fetch.totalTimeout == 30)
    }

    @Test("full_text: per source (default never), its settings in their own group")
    func fullText() throws {
        let configuration = try Self.load(
            """
            full_text: {min_characters: 300, per_host: 1, interval: 2s, recheck: 12h, concurrency: 8}
            brands:
              - id: a
                name: A
                sections:
                  - {id: s, title: S, source: {type: feed, url: "https://x.example/rss", full_text: auto}}
                  - {id: t, title: T, source: {type: feed, url: "https://y.example/rss"}}
            """)
        #expect(configuration.brands[0].sections.map(\.fullText) == [.auto, .never])
        #expect(configuration.fullText.minCharacters == 300)
        #expect(configuration.fullText.perHost == 1)
        #expect(configuration.fullText.interval == 2)
        #expect(configuration.fullText.recheck == 12 * 3600)
        #expect(configuration.fullText.concurrency == 8)
    }

    @Test func noBrandsKeyGivesNoBrands() throws {
        #expect(try Self.load("news: {window_days: 3}").brands.isEmpty)
    }

    @Test(arguments: [
        (
            "brands:\n  - id: a\n    name: A\n    colour: red\n    sections: []",
            "brands.yaml:4: brands[0].colour is not a known key"
        ),
        ("brands:\n  - name: A\n    sections: []", "brands.yaml:2: brands[0] needs id"),
        ("brands:\n  - id: Big Brand\n    name: A\n    sections: []", "brands.yaml:2: brands[0].id must be an id"),
        (
            "brands:\n  - id: a\n    name: A\n    sections: []",
            "brands.yaml:4: brands[0].sections must list at least one"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - {id: s, title: S, source: {type: catalog}}\n      - {id: s, title: T, source: {type: catalog}}",
            "brands.yaml:6: brands[0].sections[1] repeats section id s"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: feed, url: ftp://x/}",
            "brands.yaml:7: brands[0].sections[0].source.url must be an absolute http or https URL"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: rss, url: \"https://x/\"}",
            "brands.yaml:7: brands[0].sections[0].source.type must be catalog, feed"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: feed, url: \"https://x/\"}\n        render: auto",
            "brands.yaml:8: brands[0].sections[0].render auto needs a legacy_json source"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog}\n        render: web",
            "brands.yaml:5: brands[0].sections[0] renders as web, so it needs web_url"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: file, path: missing.rss}",
            "brands.yaml:7: brands[0].sections[0].source.path names"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog}\n        placement:\n          widgets:\n            - {position: 2, kind: carousel, section: nowhere}",
            "brands.yaml:10: brands[0].sections[0].placement.widgets[0].section names section a/nowhere, which is not configured"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog}\n        placement:\n          widgets:\n            - {position: 2, kind: list, section: s}",
            "brands.yaml:10: brands[0].sections[0].placement.widgets[0].section names a/s, which has no teasers"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    locale: n0rsk\n    sections: []",
            "brands.yaml:4: brands[0].locale must be a BCP 47 language tag such as nb-NO, sv or en, not \"n0rsk\""
        ),
        (
            "brands:\n  - id: a\n    name: A\n    theme: {primary: blue}\n    sections: []",
            "brands.yaml:4: brands[0].theme.primary must be a colour"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog}\n        placement: {ads: {every: 1}}",
            "brands.yaml:8: brands[0].sections[0].placement.ads.every must be a whole number from 2"
        ),
        (
            "fetch: {min_interval: 2h, max_interval: 1h}",
            "brands.yaml:1: fetch.min_interval (7200s) must not exceed fetch.max_interval (3600s)"
        ),
        ("brands: [", "brands.yaml:1: YAML syntax: "),
        (
            "brands:\n  - id: assets\n    name: A\n    sections: []",
            "brands.yaml:2: brands[0].id assets is a path of the server's own"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - {id: articles, title: S, source: {type: catalog}}",
            "brands.yaml:5: brands[0].sections[0].id articles is a path of the web reader's own"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - {id: search, title: S, source: {type: catalog}}",
            "brands.yaml:5: brands[0].sections[0].id search is a path of the web reader's own"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog}\n        embed: true",
            "brands.yaml:8: brands[0].sections[0].embed applies only to sections that render as web"
        ),
        // Issue 12: a port above 65535 passed the reader and then trapped inside NIO.
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: feed, url: \"http://127.0.0.1:99999/feed\"}",
            "brands.yaml:7: brands[0].sections[0].source.url must be an absolute http or https URL"
        ),
        // Issue 38: what the fetcher refuses before connecting is refused where the URL is written.
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: legacy_json, url: \"http://127.0.0.1:0/feed\"}",
            "brands.yaml:7: brands[0].sections[0].source.url cannot be fetched: http://127.0.0.1:0/feed has port 0"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: feed, urls: [\"https://a.example/\", \"https://u:p@a.example/\"]}",
            "brands.yaml:7: brands[0].sections[0].source.urls[1] cannot be fetched: https://a.example/ was given with user info"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    house_ads:\n      - {image: \"javascript:x\", headline: H, link: \"https://a.example/\"}\n    sections: [{id: s, title: S, source: {type: catalog}}]",
            "brands.yaml:5: brands[0].house_ads[0].image must be an absolute http or https URL"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    house_ads:\n      - {image: \"https://a.example/a.png\", link: \"https://a.example/\"}\n    sections: [{id: s, title: S, source: {type: catalog}}]",
            "brands.yaml:5: brands[0].house_ads[0] needs headline"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: catalog, full_text: auto}",
            "brands.yaml:7: brands[0].sections[0].source.full_text does not apply to a catalog source"
        ),
        (
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: s\n        title: S\n        source: {type: feed, url: \"https://x/\", full_text: yes}",
            "brands.yaml:7: brands[0].sections[0].source.full_text must be auto, always or never"
        ),
        ("full_text: {per_host: 0}", "brands.yaml:1: full_text.per_host must be a whole number from 1 to 16"),
        ("parse: {max_title: 10}", "brands.yaml:1: parse.max_title is not a known key"),
        ("parse: {max_depth: 2}", "brands.yaml:1: parse.max_depth must be a whole number from 8 to 4096"),
        ("fetch: {total_timeout: 1h}", "brands.yaml:1: fetch.total_timeout must be at most 10m"),
    ])
    func mistakesNameFileLineAndKey(yaml: String, expected: String) {
        let error = #expect(throws: ConfigurationError.self) { try Self.load(yaml) }
        #expect(error?.message.hasPrefix("config: " + expected) == true, "\(String(describing: error))")
    }

    /// Issue 34: a mis-indented key was reported as `bad3.yaml: 30:11: error: parser: …` (another form
    /// than every other mistake), and a key given twice printed the whole file.
    @Test("YAML syntax mistakes name the file and line like every other mistake, with the lines they are about")
    func syntaxMistakes() {
        let misindented =
            "brands:\n  - id: a\n    name: A\n    sections:\n      - id: news\n        title: News\n"
            + "       source: {type: feed, url: \"https://x.example/f.rss\"}\n"
        let error = #expect(throws: ConfigurationError.self) { try Self.load(misindented) }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("config: brands.yaml:7: YAML syntax: "), "\(message)")
        #expect(message.contains("    7 |        source: {type: feed"), "\(message)")
        #expect(message.contains("hint: a key indented unlike its neighbours"), "\(message)")

        let twice = "brands:\n  - id: a\n    name: A\n    name: B\n    sections: []\n"
        let duplicate = #expect(throws: ConfigurationError.self) { try Self.load(twice) }
        let said = duplicate?.message ?? ""
        #expect(said.hasPrefix(#"config: brands.yaml:4: "name" is given twice in one mapping"#), "\(said)")
        #expect(!said.contains("sections: []"), "not the whole file: \(said)")
    }

    @Test("house ads: a picture, a headline per language, a line of text and a link, for one slot format or any")
    func houseAds() throws {
        let yaml = """
            brands:
              - id: courier
                name: The Courier
                house_ads:
                  - format: banner
                    image: https://courier.example/media/ads/subscribe.svg
                    headline: {en: Subscribe, ru: Подписка}
                    text: First month free.
                    link: https://courier.example/subscribe
                  - {image: "https://courier.example/a.png", headline: Any slot, link: "https://courier.example/"}
                sections: [{id: s, title: S, source: {type: catalog}}]
            """
        let ads = try #require(try Self.load(yaml).brand("courier")).houseAds
        #expect(ads.count == 2)
        #expect(ads[0].format == "banner" && ads[1].format == nil)
        #expect(ads[0].headline.text(.ru) == "Подписка" && ads[0].text?.text(.en) == "First month free.")
        #expect(ads[0].link.absoluteString == "https://courier.example/subscribe")
    }
}

/// A configured source URL is held to `parse.max_url_length`, as a feed's URLs are.
@Suite("Configured URL length")
struct ConfiguredURLLengthTests {
    static func yaml(urlLength: Int, limit: Int? = nil) -> String {
        let url = "https://feeds.example/" + String(repeating: "a", count: urlLength - 22)
        return (limit.map { "parse: {max_url_length: \($0)}\n" } ?? "")
            + "brands:\n  - id: b\n    name: B\n    sections:\n      - {id: s, title: S, source: {type: feed, url: \"\(url)\"}}\n"
    }

    @Test("a source URL over parse.max_url_length is refused, naming the section and the setting")
    func refused() throws {
        #expect(throws: Never.self) { try SectionsConfigurationTests.load(Self.yaml(urlLength: 8_192)) }
        do {
            _ = try SectionsConfigurationTests.load(Self.yaml(urlLength: 100_000))
            Issue.record("a 100 KB URL was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("b/s"), "\(message)")
            #expect(message.contains("is 100000 bytes, over parse.max_url_length (8192)"), "\(message)")
            #expect(message.count < 400, "the URL is not repeated whole")
        }
        #expect(throws: Never.self) {
            try SectionsConfigurationTests.load(Self.yaml(urlLength: 9_000, limit: 10_000))
        }
    }
}

import Foundation
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsTesting

@testable import TidingsServer

/// The demo has its own pictures, served by Tidings from `Demo/media` (scripts/draw-demo-images.py
/// draws them): every story of the demo's sections and every product of the demo catalog shows
/// one, and none comes from another host.
@Suite("The demo's pictures and widgets")
struct DemoPicturesTests {
    @Test("every demo story, carousels and lists included, has a picture the proxy serves from the demo's files")
    func stories() async throws {
        let settings = try Settings.resolve(environment: [:])
        var configuration = TidingsConfiguration()
        configuration.images = settings.server.images
        configuration.images.cacheDirectory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("tidings-demo-images-\(UUID())").path
        let demo = settings.sections
        let cache = configuration.images.cacheDirectory
        try await TestApp.withPolled(demo, configuration: configuration) { _, client, _ in
            var checked = 0
            for (brand, section) in demo.sections where section.source != .catalog {
                let uri = "/api/v1/brands/\(brand.id)/sections/\(section.id)"
                let page = try await client.execute(uri: uri, method: .get) { try $0.json(Feed.self) }
                guard case .native(let items) = page.content else { continue }
                let teasers = items.flatMap { item -> [Teaser] in
                    switch item {
                    case .teaser(let teaser): [teaser]
                    case .widget(let widget): widget.items
                    default: []
                    }
                }
                for teaser in teasers {
                    let image = try #require(teaser.imageURL, "\(uri): \(teaser.title) has a picture")
                    #expect(["courier.example", "vestland.example"].contains(image.host()), "\(image)")
                    let path = try #require(teaser.imageProxyURL)
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(
                            response.status == .ok, "\(image): \(response.headers[ImageController.errorHeader] ?? "")")
                        #expect(response.headers[.contentType] == "image/svg+xml", "\(image)")
                    }
                    checked += 1
                }
            }
            #expect(checked >= 25, "the demo's news, economy and lifestyle stories, and their carousels")
            #expect(!FileManager.default.fileExists(atPath: cache), "nothing fetched")
        }
    }

    @Test("every demo product has its category's picture, every house ad its own, and every picture is an image file")
    func products() throws {
        let local = try DemoBrands.localImages()
        let products = DemoCatalog.csv(now: Date()).products.split(separator: "\n").dropFirst()
        #expect(products.count == 40)
        for line in products {
            let url = try #require(line.split(separator: ",").first { $0.hasPrefix("https://") }, "\(line)")
            let file = try #require(ImageProxy.localFile(URL(string: String(url))!, local[1]), "\(url) is a file")
            #expect(ImageType.local(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) == .svg, "\(file)")
        }
        for brand in try DemoBrands.configuration().brands {
            #expect(!brand.houseAds.isEmpty, "\(brand.id) has house ads")
            for ad in brand.houseAds {
                #expect(local.contains { ImageProxy.localFile(ad.image, $0) != nil }, "\(ad.image) is a file")
            }
        }
        let media = try DemoBrands.directory.appendingPathComponent("media")
        let files = try FileManager.default.subpathsOfDirectory(atPath: media.path).filter { $0.hasSuffix(".svg") }
        #expect(files.count >= 50)
        for name in files {
            let bytes = Array(try Data(contentsOf: media.appendingPathComponent(name)))
            #expect(ImageType.local(bytes) == .svg, "\(name)")
            let text = String(decoding: bytes, as: UTF8.self)
            for banned in ["<script", "href=\"http", "<foreignObject", "<text", "onload"] {
                #expect(!text.contains(banned), "\(name) has \(banned)")
            }
        }
    }

    @Test("the demo's weather widget shows its forecast, and the local widget the newest of What's on")
    func widgets() async throws {
        let settings = try Settings.resolve(environment: [:])
        var configuration = TidingsConfiguration()
        configuration.images = settings.server.images
        try await TestApp.withPolled(settings.sections, configuration: configuration) { _, client, _ in
            let news = try await client.execute(uri: "/api/v1/brands/courier/sections/news?limit=20", method: .get) {
                try $0.json(Feed.self)
            }
            guard case .native(let items) = news.content else { throw ImageTestError("news is native") }
            let weather = items.compactMap { item -> Widget? in
                if case .widget(let widget) = item, widget.kind == .weather { widget } else { nil }
            }
            let forecast = try #require(weather.first?.forecast, "the weather widget has its forecast")
            #expect(forecast.place == "Bergen" && forecast.days.count == 5 && forecast.condition == .rain)
            let lifestyle = try await client.execute(
                uri: "/api/v1/brands/courier/sections/lifestyle?limit=20", method: .get
            ) { try $0.json(Feed.self) }
            guard case .native(let more) = lifestyle.content else { throw ImageTestError("lifestyle is native") }
            let local = more.compactMap { item -> Widget? in
                if case .widget(let widget) = item, widget.kind == .local { widget } else { nil }
            }.first
            #expect(local?.section == "courier/whats-on")
            #expect(local?.items.map(\.title).first == "The gingerbread town opens at the library")
            #expect(local?.items.count == 3)
            try await client.execute(uri: "/courier/news", method: .get) { response in
                #expect(response.text.contains("<p class=\"weather-temperature\">6°C</p>"))
                #expect(response.text.contains("weather-days"))
            }
            try await client.execute(uri: "/courier/news?locale=ru", method: .get) { response in
                #expect(response.text.contains("<p class=\"weather-condition\">Дождь</p>"))
            }
        }
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsTesting

@testable import TidingsServer

/// The image proxy (`/img/…`): images of teasers, articles and products fetched once through the
/// SSRF-guarded fetcher from a real origin on loopback, sniffed, capped, kept on disk, and served
/// from the reader's own origin with the API offering the proxied URL beside the original.
@Suite("Image proxy")
struct ImageProxyTests {
    /// A PNG's signature and header chunk, then filler: enough for the sniffer.
    /// A real PNG, 301×7 (as Pillow writes it).
    static let png = Array(
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAS0AAAAHCAIAAADSwYxdAAAALklEQVR4nO3TMQEAIAzAMIZ/zyCjOxIFfTrvALFbBwA+hAV8CD0fQs+H0PMh9D5lgAENq/DyLwAAAABJRU5ErkJggg=="
        )!)
    /// The same PNG with a header that says 20000×20000: 400 megapixels for a browser to decode.
    static let hugePNG: [UInt8] = {
        var bytes = png
        bytes.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        return bytes
    }()
    static let maxBytes = 2_048

    /// The origin's paths and what each answers: an image, HTML sent as `image/png`, an image over
    /// the cap, one over the pixel cap, a server error.
    static let paths = ["/a.png", "/page.png", "/big.png", "/huge.png", "/broken.png"]

    /// An app whose one section's four teasers have the origin's four images, polled once.
    static func with(
        allowLoopback: Bool = true, configure: (inout TidingsConfiguration) -> Void = { _ in },
        _ body:
            @Sendable (TestApp, any TestClientProtocol, _ proxied: [String: String], _ hits: Locked<[String: Int]>)
            async throws -> Void
    ) async throws {
        let hits = Locked<[String: Int]>([:])
        let router = Router()
        router.get("/:file") { request, _ -> Response in
            hits.withLock { $0[request.uri.path, default: 0] += 1 }
            switch request.uri.path {
            case "/a.png":
                return Response(
                    status: .ok, headers: [.contentType: "application/octet-stream"],
                    body: .init(byteBuffer: ByteBuffer(bytes: png)))
            case "/page.png":
                return Response(
                    status: .ok, headers: [.contentType: "image/png"],
                    body: .init(byteBuffer: ByteBuffer(string: "<html><script>alert(1)</script></html>")))
            case "/huge.png":
                return Response(
                    status: .ok, headers: [.contentType: "image/png"],
                    body: .init(byteBuffer: ByteBuffer(bytes: hugePNG)))
            case "/big.png":
                return Response(
                    status: .ok, headers: [.contentType: "image/png"],
                    body: .init(byteBuffer: ByteBuffer(bytes: png + Array(repeating: 0, count: maxBytes))))
            default:
                return Response(status: .internalServerError)
            }
        }
        try await LoopbackServer.with(router) { port in
            let files = try FeedFiles()
            defer { files.remove() }
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-images-\(UUID())")
            defer { try? FileManager.default.removeItem(at: cache) }
            let items = paths.enumerated().map { index, path in
                """
                <item><title>\(path)</title><link>https://example.com/\(index)</link>
                <enclosure url="http://127.0.0.1:\(port)\(path)" type="image/png" length="0"/></item>
                """
            }
            let feed = try files.write(
                "news.rss", "<rss version=\"2.0\"><channel><title>T</title>\(items.joined())</channel></rss>")
            var sections = SectionsConfiguration(brands: [
                Brand(
                    id: "daily", name: "Daily", locale: .en,
                    sections: [Section(id: "news", title: LocalizedText("News"), source: .file([feed], format: .feed))])
            ])
            if allowLoopback { sections.fetch.allowHosts = ["127.0.0.1"] }
            var configuration = TidingsConfiguration()
            configuration.images.cacheDirectory = cache.path
            configuration.images.maxBytes = maxBytes
            configure(&configuration)
            try await TestApp.withPolled(sections, configuration: configuration) { app, client, _ in
                let page = try await client.execute(uri: "/api/v1/brands/daily/sections/news", method: .get) {
                    try $0.json(Feed.self)
                }
                guard case .native(let items) = page.content else { throw ImageTestError("not a native page") }
                var proxied: [String: String] = [:]
                for case .teaser(let teaser) in items {
                    #expect(teaser.imageURL?.absoluteString == "http://127.0.0.1:\(port)\(teaser.title)")
                    let path = try #require(teaser.imageProxyURL, "\(teaser.title) has a proxied URL")
                    proxied[teaser.title] = path
                }
                #expect(proxied.count == paths.count)
                try await body(app, client, proxied, hits)
            }
        }
    }

    @Test("an image is fetched once, told by its bytes, kept on disk and served for a year under a sandboxing CSP")
    func servesAndKeeps() async throws {
        try await Self.with { app, client, proxied, hits in
            let path = try #require(proxied["/a.png"])
            #expect(path.hasPrefix("/img/"))
            var etag = ""
            for _ in 0..<2 {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(Array(buffer: response.body) == Self.png)
                    #expect(response.headers[.contentType] == "image/png")
                    #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
                    #expect(response.headers[.contentSecurityPolicy]?.contains("sandbox") == true)
                    #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
                    #expect(response.headers[.xContentTypeOptions] == "nosniff")
                    etag = response.headers[.eTag] ?? ""
                }
            }
            #expect(hits.current["/a.png"] == 1, "fetched once, then served from the cache")
            try await client.execute(uri: path, method: .get, headers: [.ifNoneMatch: etag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            let directory = app.runtime.settings.server.images.cacheDirectory
            let kept = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }
            #expect(kept.count == 1, "one file on disk: \(kept)")
        }
    }

    @Test(
        "HTML sent as image/png, an image over the byte or the pixel cap and a failing origin get the placeholder with 502 and the reason"
    )
    func refusesWhatIsNotAnImage() async throws {
        try await Self.with { _, client, proxied, hits in
            let expected = [
                "/page.png": "not a png, jpeg, gif, webp or avif image", "/big.png": "larger than images.max_bytes",
                "/huge.png": "20000x20000 pixels, more than images.max_pixels (50000000)", "/broken.png": "500",
            ]
            for (name, reason) in expected {
                let path = try #require(proxied[name])
                for _ in 0..<2 {
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.status == .badGateway, "\(name)")
                        #expect(response.headers[.contentType] == "image/svg+xml", "\(name): the placeholder")
                        #expect(response.text.hasPrefix("<svg"), "\(name)")
                        #expect(!response.text.contains("script"), "\(name): nothing of the origin's body")
                        let said = response.headers[ImageController.errorHeader] ?? ""
                        #expect(said.contains(reason), "\(name): \(said)")
                        #expect(response.headers[.cacheControl] == "public, max-age=300", "\(name)")
                    }
                }
                #expect(hits.current[name] == 1, "\(name): a failure is remembered, not fetched again at once")
            }
        }
    }

    @Test("a changed, cut, made-up or foreign token, or one signed for a cursor, gets 403 and fetches nothing")
    func refusesTokensItDidNotSign() async throws {
        try await Self.with { app, client, proxied, hits in
            let path = try #require(proxied["/a.png"])
            let token = String(path.dropFirst("/img/".count))
            var changed = Array(token)
            changed[changed.count / 2] = changed[changed.count / 2] == "A" ? "B" : "A"
            let url = try #require(String(validating: Base64URL.decodeBytes(token)!.dropLast(16), as: UTF8.self))
            let seal = try await app.runtime.environment.keys.seal(for: .image)
            #expect("/img/" + seal.seal(url, for: .image) == path, "the app's own seal made the link")
            let foreign = TokenSeal(key: .init(size: .bits256)).seal(url, for: .image)
            let bad = [
                String(changed), String(token.dropLast(3)), "aGVsbG8", foreign, seal.seal(url, for: .news),
                String(repeating: "A", count: 12_001),
            ]
            for token in bad {
                try await client.execute(uri: "/img/" + token, method: .get) { response in
                    #expect(response.status == .forbidden, "\(token.prefix(40))")
                    #expect(response.text.contains("not signed by this server"))
                }
            }
            #expect(hits.current.isEmpty, "nothing fetched: \(hits.current)")
        }
    }

    @Test("a private address is refused unless fetch.allow_hosts names it; nothing is fetched")
    func refusesPrivateAddresses() async throws {
        try await Self.with(allowLoopback: false) { _, client, proxied, hits in
            let path = try #require(proxied["/a.png"])
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .badGateway)
                let said = response.headers[ImageController.errorHeader] ?? ""
                #expect(said.contains("loopback") && said.contains("fetch.allow_hosts"), "\(said)")
            }
            #expect(hits.current.isEmpty, "the origin was never asked: \(hits.current)")
        }
    }

    @Test("pages load images from their own origin only: /img/ links, and a CSP with img-src 'self'")
    func pagesUseTheProxy() async throws {
        try await Self.with { _, client, proxied, _ in
            try await client.execute(uri: "/daily/news", method: .get) { response in
                let html = response.text
                #expect(response.headers[.contentSecurityPolicy]?.contains("img-src 'self';") == true)
                #expect(!html.contains("127.0.0.1"), "no origin URL on the page")
                for path in proxied.values {
                    #expect(html.contains("src=\"\(path)\""), "\(path.prefix(30)) is on the page")
                }
            }
        }
    }

    @Test("images.local serves files of a directory for a URL prefix, SVG included, and nothing outside it")
    func localImages() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-local-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("stories"), withIntermediateDirectories: true)
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3"/></svg>"#
        try Data(svg.utf8).write(to: directory.appendingPathComponent("stories/ferry.svg"))
        try Data("<html>not an image</html>".utf8).write(to: directory.appendingPathComponent("stories/page.svg"))
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("stories/out.png"),
            withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        let local = ImageSettings.LocalImages(prefix: "https://media.example/", directory: directory.path)
        let file = { (url: String) in ImageProxy.localFile(URL(string: url)!, local) }
        let resolved = directory.resolvingSymlinksInPath().path
        #expect(file("https://media.example/stories/ferry.svg") == resolved + "/stories/ferry.svg")
        #expect(file("https://media.example/stories/ferry.svg?v=2#x") == resolved + "/stories/ferry.svg")
        #expect(file("https://media.example/stories/%66erry.svg") == resolved + "/stories/ferry.svg")
        for outside in [
            "https://media.example/stories/../../etc/passwd", "https://media.example/stories/%2e%2e/%2e%2e/etc/passwd",
            "https://media.example/stories/..%2f..%2fetc%2fpasswd", "https://media.example/stories/out.png",
            "https://media.example//etc/passwd", "https://media.example/stories/",
        ] {
            #expect(file(outside) == nil, "\(outside)")
        }
        var settings = ImageSettings()
        settings.local = [local]
        settings.cacheDirectory = directory.appendingPathComponent("cache").path
        let proxy = ImageProxy(settings: settings)
        guard case .image(let image) = await proxy.image(URL(string: "https://media.example/stories/ferry.svg")!) else {
            Issue.record("the local SVG is served")
            return
        }
        #expect(image.type == .svg)
        #expect(String(buffer: image.body) == svg)
        if case .image = await proxy.image(URL(string: "https://media.example/stories/page.svg")!) {
            Issue.record("HTML named .svg is not an image")
        }
        if case .image = await proxy.image(URL(string: "https://media.example/stories/out.png")!) {
            Issue.record("a link out of the directory is not followed")
        }
        #expect(!FileManager.default.fileExists(atPath: settings.cacheDirectory), "local files are not copied")
    }
}

/// What the proxy takes for an image, and how much of them it keeps.
@Suite("Image proxy: sniffing and the cache")
struct ImageSniffingTests {
    static func bytes(_ text: String, then rest: [UInt8] = Array(repeating: 0, count: 16)) -> [UInt8] {
        Array(text.utf8) + rest
    }

    @Test("raster types are told by their first bytes; SVG only from local files; HTML, HEIC and PDF never")
    func sniffs() {
        let avif: [UInt8] = [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8)
        let avifCompatible: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("miafavif".utf8)
        let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)
        let cases: [([UInt8], ImageType?)] = [
            (ImageProxyTests.png, .png), ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], .jpeg), (Self.bytes("GIF89a"), .gif),
            (Self.bytes("GIF87a"), .gif), (Self.bytes("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "), .webp), (avif, .avif),
            (avifCompatible, .avif), (heic, nil), (Self.bytes("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt "), nil),
            (Self.bytes("<!doctype html><html>"), nil), (Self.bytes("%PDF-1.7"), nil), (Self.bytes("<svg xmlns="), nil),
            ([0x89, 0x50], nil), ([], nil),
        ]
        for (bytes, expected) in cases {
            #expect(ImageType.raster(bytes) == expected, "\(bytes.prefix(12))")
        }
        let svgs = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "\u{FEFF}  <?xml version=\"1.0\"?>\n<!-- drawn -->\n<svg/>",
            "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x\"><svg/>",
        ]
        for svg in svgs { #expect(ImageType.local(Array(svg.utf8)) == .svg, "\(svg)") }
        for other in ["<html><svg/></html>", "<?xml version=\"1.0\"?><html/>", "svg", "<!-- <svg -->"] {
            #expect(ImageType.local(Array(other.utf8)) == nil, "\(other)")
        }
        #expect(ImageType.local(ImageProxyTests.png) == .png)
    }

    @Test("width and height are read from the header of each raster format, as encoders write them")
    func dimensions() throws {
        // 301×7 images written by Pillow 11: PNG, baseline and progressive JPEG, GIF, lossy,
        // lossless and extended (alpha) WebP, AVIF.
        let fixtures: [(String, String)] = [
            (
                "png",
                "iVBORw0KGgoAAAANSUhEUgAAAS0AAAAHCAIAAADSwYxdAAAALklEQVR4nO3TMQEAIAzAMIZ/zyCjOxIFfTrvALFbBwA+hAV8CD0fQs+H0PMh9D5lgAENq/DyLwAAAABJRU5ErkJggg=="
            ),
            (
                "jpeg",
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAHAS0DASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDi6KKK+ZP3EKKKKACiiigAooooAKKKKACiiigAooooAKKKKACiiigAooooAKKKKACiiigAooooAKKKKACiiigAooooAKKKKACiiigAooooA//Z"
            ),
            (
                "jpeg-progressive",
                "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wgARCAAHAS0DASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAWAQEBAQAAAAAAAAAAAAAAAAAABQb/2gAMAwEAAhADEAAAAYombgAAAAAAAAAAAAAAAAAD/8QAFBABAAAAAAAAAAAAAAAAAAAAUP/aAAgBAQABBQIb/8QAFBEBAAAAAAAAAAAAAAAAAAAAQP/aAAgBAwEBPwEf/8QAFBEBAAAAAAAAAAAAAAAAAAAAQP/aAAgBAgEBPwEf/8QAFBABAAAAAAAAAAAAAAAAAAAAUP/aAAgBAQAGPwIb/8QAFBABAAAAAAAAAAAAAAAAAAAAUP/aAAgBAQABPyEb/9oADAMBAAIAAwAAABAEEEEEEEEEEEEEEEEEEH//xAAUEQEAAAAAAAAAAAAAAAAAAABA/9oACAEDAQE/EB//xAAUEQEAAAAAAAAAAAAAAAAAAABA/9oACAECAQE/EB//xAAUEAEAAAAAAAAAAAAAAAAAAABQ/9oACAEBAAE/EBv/2Q=="
            ),
            (
                "gif",
                "R0lGODdhLQEHAIEAAP8AAAAAAAAAAAAAACwAAAAALQEHAAAITAABCBxIsKDBgwgTKlzIsKHDhxAjSpxIsaLFixgzatzIsaPHjyBDihxJsqTJkyhTqlzJsqXLlzBjypxJs6bNmzhz6tzJs6fPn0A3BgQAOw=="
            ),
            (
                "webp",
                "UklGRlgAAABXRUJQVlA4IEwAAAAQBACdASotAQcAPtFor1KoJiQioagBABoJaQDSJoAADbPekgQIECA+AAD+6zb/9CbHtRX//Qk/+Js/4mz4NscDMh8syHyzIfLMh0gA"
            ),
            ("webp-lossless", "UklGRiIAAABXRUJQVlA4TBUAAAAvLIEBAAcQ/Y/+B4CE8H+9GNH/FAEA"),
            (
                "webp-alpha",
                "UklGRoIAAABXRUJQVlA4WAoAAAAQAAAALAEABgAAQUxQSBAAAAABB1DAiAgACeH/ejGi/ykCVlA4IEwAAAAQBACdASotAQcAPtFor1KoJiQioagBABoJaQDSJoAADbPekgQIECA+AAD+6zb/9CbHtRX//Qk/+Js/4mz4NscDMh8syHyzIfLMh0gA"
            ),
            (
                "avif",
                "AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIAAADrbWV0YQAAAAAAAAAhaGRscgAAAAAAAAAAcGljdAAAAAAAAAAAAAAAAAAAAAAOcGl0bQAAAAAAAQAAAB5pbG9jAAAAAEQAAAEAAQAAAAEAAAETAAAANQAAAChpaW5mAAAAAAABAAAAGmluZmUCAAAAAAEAAGF2MDFDb2xvcgAAAABqaXBycAAAAEtpcGNvAAAAFGlzcGUAAAAAAAABLQAAAAcAAAAQcGl4aQAAAAADCAgIAAAADGF2MUOBAAwAAAAAE2NvbHJuY2x4AAEADQAGgAAAABdpcG1hAAAAAAAAAAEAAQQBAoMEAAAAPW1kYXQSAAoJGCClmaICGg0IMiYSY8PDMoEEEE8oAAAAzQ9SH4KS2Eo8OhlcCwqNd2sLU65Ic8jboA=="
            ),
        ]
        for (name, base64) in fixtures {
            let bytes = try #require(Data(base64Encoded: base64)).map { $0 }
            let type = try #require(ImageType.raster(bytes), "\(name)")
            let size = ImageType.dimensions(of: bytes, type: type)
            #expect(size?.width == 301 && size?.height == 7, "\(name): \(String(describing: size))")
            // Cut inside the header: no size, never a wrong one.
            #expect(ImageType.dimensions(of: Array(bytes.prefix(9)), type: type) == nil, "\(name)")
        }
    }

    @Test(
        "the disk cache stays within its size, drops the least recently used first, and is found again after a restart")
    func cacheIsBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ImageCache(directory: directory.path, capacity: 3_000, memoryCapacity: 0, logger: .init(label: "t"))
        let image = { (fill: UInt8) in ImageProxyTests.png.prefix(8) + Array(repeating: fill, count: 992) }
        for (name, fill) in [("a", 1), ("b", 2), ("c", 3)] {
            cache.store(Array(image(UInt8(fill))), type: .png, for: ImageCache.key(name))
        }
        #expect(cache.image(ImageCache.key("a")) != nil, "a is used again: b is now the least recently used")
        cache.store(Array(image(4)), type: .png, for: ImageCache.key("d"))
        #expect(cache.size <= 3_000)
        #expect(cache.image(ImageCache.key("b")) == nil, "b was dropped")
        for name in ["a", "c", "d"] { #expect(cache.image(ImageCache.key(name)) != nil, "\(name) is kept") }
        let files = try FileManager.default.subpathsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }
        #expect(files.count == 3)
        let restarted = ImageCache(directory: directory.path, capacity: 3_000, logger: .init(label: "t"))
        #expect(restarted.size == 3_000)
        #expect(Array(buffer: try #require(restarted.image(ImageCache.key("d"))).body) == Array(image(4)))
        let tooBig = Array(image(5)) + Array(repeating: 5, count: 3_000)
        #expect(restarted.store(tooBig, type: .png, for: ImageCache.key("e")).body.readableBytes == tooBig.count)
        #expect(restarted.image(ImageCache.key("e")) == nil, "an image larger than the whole cache is served, not kept")
        #expect(restarted.size == 3_000)
    }
}

struct ImageTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import Logging
import ServiceLifecycle
import TidingsIngest
import TidingsModel
import TidingsSections

/// The image proxy behind `/img/…`: the images of teasers, articles and products, fetched once
/// through the same SSRF-guarded fetcher as sources (private addresses refused unless
/// `fetch.allow_hosts` names them), told apart by their first bytes (png, jpeg, gif, webp, avif),
/// at most `images.max_bytes`, and kept in a bounded cache on disk. Images under an
/// `images.local` prefix are read from their directory instead (SVG allowed there: the files are
/// the operator's own).
///
/// One fetch per URL at a time: requests for an image being fetched wait for that fetch. A
/// failure is remembered for `failureMemory`, so a dead origin is not asked again by every page
/// view. Runs as a service so that its HTTP clients are shut down with the server.
public final class ImageProxy: Service, Sendable {
    /// What a request for an image gets.
    enum Answer: Sendable {
        case image(ImageCache.Image)
        /// Why there is none (logged, and said in a header; the placeholder is shown).
        case unavailable(String)
    }

    let settings: ImageSettings
    let cache: ImageCache
    private let fetcher: SourceFetcher
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let failures = Locked<[String: (reason: String, at: Date)]>([:])
    /// Readers of one image wait for one fetch.
    private let inFlight = SingleFlight<String, Answer>()
    /// How long a failed URL is answered with the placeholder before it is fetched again.
    static let failureMemory: TimeInterval = 300
    /// Failures remembered at most (the oldest are forgotten first).
    static let failureCapacity = 4_096

    /// A proxy with `settings`, fetching with `fetch`'s timeouts and allow-list.
    public init(
        settings: ImageSettings, fetch: FetchSettings = FetchSettings(), logger: Logger = Logger(label: "tidings"),
        clock: @escaping @Sendable () -> Date = Date.init
    ) {
        self.settings = settings
        self.cache = ImageCache(directory: settings.cacheDirectory, capacity: settings.cacheBytes, logger: logger)
        self.fetcher = SourceFetcher(policy: FetchPolicy(fetch, maxBodyBytes: settings.maxBytes))
        self.logger = logger
        self.clock = clock
    }

    /// Waits for the server to stop, then shuts the fetcher's clients down.
    public func run() async throws {
        try? await gracefulShutdown()
        try await fetcher.shutdown()
    }

    /// The image at `url`: a local file, the cached copy, or a fetch.
    func image(_ url: URL) async -> Answer {
        if let local = settings.local.first(where: { url.absoluteString.hasPrefix($0.prefix) }) {
            return localImage(url, local)
        }
        let key = ImageCache.key(url.absoluteString)
        if let image = cache.image(key) { return .image(image) }
        if let reason = recentFailure(key) { return .unavailable(reason) }
        // The fetch answers every failure itself; only a cancelled wait ends here.
        do { return try await inFlight.value(for: key) { await self.fetch(url, key: key) } } catch {
            return .unavailable("the wait for the image ended: \(error)")
        }
    }

    private func fetch(_ url: URL, key: String) async -> Answer {
        let reason: String
        do {
            let response = try await fetcher.fetch(FetchRequest(url: url, accept: ImageType.accept))
            if response.isCut {
                reason = "larger than images.max_bytes (\(settings.maxBytes) bytes)"
            } else if let type = ImageType.raster(response.body) {
                switch ImageType.dimensions(of: response.body, type: type) {
                case let (width, height)? where width * height <= settings.maxPixels:
                    return .image(cache.store(response.body, type: type, for: key))
                case let (width, height)?:
                    reason = "\(width)x\(height) pixels, more than images.max_pixels (\(settings.maxPixels))"
                case nil:
                    reason = "a \(type.rawValue) image whose size cannot be read from its header"
                }
            } else {
                reason = "not a png, jpeg, gif, webp or avif image (\(response.contentType ?? "no Content-Type"))"
            }
        } catch {
            reason = error.message
        }
        logger.notice(
            "images: \(url.absoluteString): \(reason)",
            metadata: ["url": .string(url.absoluteString), "error": .string(reason)])
        remember(failure: reason, for: key)
        return .unavailable(reason)
    }

    private func recentFailure(_ key: String) -> String? {
        let now = clock()
        return failures.withLock { failures in
            guard let failure = failures[key] else { return nil }
            guard now.timeIntervalSince(failure.at) < Self.failureMemory else {
                failures[key] = nil
                return nil
            }
            return failure.reason
        }
    }

    private func remember(failure reason: String, for key: String) {
        let now = clock()
        failures.withLock { failures in
            if failures.count >= Self.failureCapacity {
                let oldest = failures.sorted { $0.value.at < $1.value.at }.prefix(Self.failureCapacity / 4)
                for (name, _) in oldest { failures[name] = nil }
            }
            failures[key] = (reason, now)
        }
    }

    /// A file under a local prefix: the rest of the URL's path, segment by segment, percent-decoded,
    /// within the directory (no `..`, no symbolic link leading out of it).
    private func localImage(_ url: URL, _ local: ImageSettings.LocalImages) -> Answer {
        guard let file = Self.localFile(url, local) else { return .unavailable("not a file under \(local.prefix)") }
        guard let handle = FileHandle(forReadingAtPath: file) else { return .unavailable("no such file") }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: settings.maxBytes + 1)) ?? Data()
        guard data.count <= settings.maxBytes else {
            return .unavailable("larger than images.max_bytes (\(settings.maxBytes) bytes)")
        }
        let bytes = Array(data)
        guard let type = ImageType.local(bytes) else { return .unavailable("not a png, jpeg, gif, webp, avif or svg") }
        return .image(ImageCache.image(bytes, type: type))
    }

    static func localFile(_ url: URL, _ local: ImageSettings.LocalImages) -> String? {
        var rest = Substring(url.absoluteString.dropFirst(local.prefix.count))
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        var path = URL(fileURLWithPath: local.directory, isDirectory: true)
        for segment in rest.split(separator: "/", omittingEmptySubsequences: false) {
            guard let name = String(segment).removingPercentEncoding, !name.isEmpty, name != ".", name != "..",
                !name.contains("/"), !name.contains("\0")
            else { return nil }
            path.appendPathComponent(name)
        }
        let root = URL(fileURLWithPath: local.directory, isDirectory: true).resolvingSymlinksInPath().path
        let resolved = path.resolvingSymlinksInPath().path
        return resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") ? resolved : nil
    }
}

import Foundation
import TidingsModel
import TidingsSections

/// The image proxy's settings (`images.*`): where fetched images are kept and how much of them, the
/// largest image fetched, the key image URLs are signed with, and the origins whose images are
/// files on this machine.
public struct ImageSettings: Sendable, Equatable {
    /// `images.cache_dir`: fetched images are kept here, one file each.
    public var cacheDirectory = ImageSettings.defaultCacheDirectory()
    /// `images.cache_size`: the most bytes the directory holds; the least recently used go first.
    public var cacheBytes = 256 << 20
    /// `images.max_bytes`: a longer image is refused (and the placeholder shown).
    public var maxBytes = 5 << 20
    /// `images.max_pixels`: an image wider × higher than this (read from its header) is refused
    /// (and the placeholder shown): decoding it would cost a phone hundreds of megabytes.
    public var maxPixels = 50_000_000
    /// `images.key`: the HMAC key image URLs are signed with; nil signs with the database's
    /// secret (made on first start and kept, so every server over one database signs alike).
    public var key: [UInt8]?
    /// `images.local`: URL prefixes whose images are read from a directory instead of fetched, in
    /// the order given (the demo's pictures are served this way).
    public var local: [LocalImages] = []

    public init() {}

    /// Images under `prefix` (`https://media.example.com/pictures/`) are the files under
    /// `directory`: `…/pictures/a/b.png` is `directory/a/b.png`.
    public struct LocalImages: Sendable, Equatable {
        public var prefix: String
        public var directory: String

        public init(prefix: String, directory: String) {
            self.prefix = prefix
            self.directory = directory
        }
    }

    /// `$XDG_CACHE_HOME/tidings/images`, else `~/.cache/tidings/images`.
    static func defaultCacheDirectory(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String
    {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/tidings/images" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/tidings/images"
    }

    static let settings: [Setting<ImageSettings>] = [
        Setting(
            "images.cache_dir", "where proxied images are kept",
            documentedDefault: "$XDG_CACHE_HOME/tidings/images, else ~/.cache/tidings/images",
            write: { $0.cacheDirectory }, read: { images, value, _ in images.cacheDirectory = try value.filePath() }),
        .bytes(
            "images.cache_size", \.cacheBytes, 0...(1 << 40),
            "bytes of images kept there, the least recently used dropped first"),
        .bytes("images.max_bytes", \.maxBytes, 1024...(1 << 30), "larger images are refused and the placeholder shown"),
        .int(
            "images.max_pixels", \.maxPixels, 1...1_000_000_000,
            "images with more pixels (width × height, read from the header) are refused and the placeholder shown"),
        Setting(
            "images.key", "hex key image URLs are signed with, at least 32 digits (openssl rand -hex 32 makes one)",
            write: { $0.key == nil ? "the database's own secret" : "a key of \($0.key?.count ?? 0) bytes" },
            read: { images, value, _ in
                let text = try value.string()
                guard text.utf8.count >= 32, let bytes = Hex.bytes(text) else {
                    throw value.error("must be at least 32 hexadecimal digits (openssl rand -hex 32 makes one)")
                }
                images.key = bytes
            }),
        Setting(
            "images.local", "URL prefixes whose images are files in a directory: {PREFIX: DIR, …}",
            write: { images in
                images.local.isEmpty
                    ? "none" : "{" + images.local.map { "\($0.prefix): \($0.directory)" }.joined(separator: ", ") + "}"
            },
            read: { images, value, _ in
                images.local = try value.pairs().map { prefix, directory in
                    guard let url = URL(string: prefix), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                        url.host?.isEmpty == false, prefix.hasSuffix("/")
                    else {
                        throw directory.error("must be keyed by an http(s) URL prefix ending in /, not \"\(prefix)\"")
                    }
                    return LocalImages(prefix: prefix, directory: try directory.filePath())
                }
            }),
    ]
}

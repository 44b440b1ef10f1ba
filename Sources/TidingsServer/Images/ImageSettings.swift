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

    static let keys: [(key: String, description: String)] = [
        ("images.cache_dir", "where proxied images are kept (default ~/.cache/tidings/images)"),
        ("images.cache_size", "bytes of images kept there, the least recently used dropped first (default 256 MiB)"),
        ("images.max_bytes", "larger images are refused and the placeholder shown (default 5 MiB)"),
        (
            "images.max_pixels",
            "images with more pixels (width × height, read from the header) are refused and the placeholder shown (default 50000000)"
        ),
        ("images.key", "hex key image URLs are signed with (default: the database's own secret)"),
        ("images.local", "URL prefixes whose images are files in a directory: {PREFIX: DIR, …} (default none)"),
    ]

    /// Sets one `images.*` key.
    mutating func set(_ path: String, _ value: ConfigNode) throws {
        switch path {
        case "images.cache_dir": cacheDirectory = try value.filePath()
        case "images.cache_size": cacheBytes = try value.int(0...(1 << 40))
        case "images.max_bytes": maxBytes = try value.int(1024...(1 << 30))
        case "images.max_pixels": maxPixels = try value.int(1...1_000_000_000)
        case "images.key":
            let text = try value.string()
            guard text.utf8.count >= 32, let bytes = Hex.bytes(text) else {
                throw value.error("must be at least 32 hexadecimal digits (openssl rand -hex 32 makes one)")
            }
            key = bytes
        case "images.local":
            local = try value.pairs().map { prefix, directory in
                guard let url = URL(string: prefix), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                    url.host?.isEmpty == false, prefix.hasSuffix("/")
                else {
                    throw directory.error("must be keyed by an http(s) URL prefix ending in /, not \"\(prefix)\"")
                }
                return LocalImages(prefix: prefix, directory: try directory.filePath())
            }
        default: throw value.error("is not a setting")
        }
    }
}

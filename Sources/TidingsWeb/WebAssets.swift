import FeedParsing
import Foundation

/// The reader's static files (stylesheet, script, placeholder image), loaded once. Pages link to
/// them with a version query, so browsers may keep them for a year.
public struct WebAssets: Sendable {
    /// One file.
    public struct File: Sendable {
        public var bytes: Data
        public var contentType: String
        /// A hash of the bytes; links carry it as `?v=`.
        public var version: String
        /// Subresource Integrity: `sha256-` and the base64 of the bytes' SHA-256.
        public var integrity: String
    }

    /// Files by name.
    public let files: [String: File]

    static let types = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
    ]

    init() throws {
        guard let directory = Bundle.module.url(forResource: "assets", withExtension: nil) else {
            throw WebError("web: the assets are missing from the bundle")
        }
        var files: [String: File] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            guard let type = Self.types[(name as NSString).pathExtension] else { continue }
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            let version = String(StableHash.hex(String(decoding: bytes, as: UTF8.self)).prefix(12))
            files[name] = File(
                bytes: bytes, contentType: type, version: version,
                integrity: RenderedPage.hashSource(bytes))
        }
        self.files = files
    }

    /// The versioned path of a file: `/assets/reader.css?v=…`.
    public func href(_ name: String) -> String {
        "/assets/\(name)?v=\(files[name]?.version ?? "0")"
    }
}

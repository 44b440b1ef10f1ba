import Foundation

extension SyndicationFeed {
    /// The feed written in `format`, as UTF-8 bytes.
    public func rendered(as format: SyndicationFormat) -> [UInt8] {
        switch format {
        case .rss: RSSWriter(feed: self).write()
        case .atom: AtomWriter(feed: self).write()
        case .json: JSONFeedWriter(feed: self).write()
        }
    }

    /// Room for the document, so the buffer grows once or not at all.
    var estimatedSize: Int {
        items.reduce(1024) { size, item in
            size + 512 + (item.contentHTML?.utf8.count ?? 0) * 6 / 5 + (item.summary?.utf8.count ?? 0)
        }
    }
}

extension SyndicationItem {
    /// The MIME type of the image, from its file name extension; nil when the name does not say.
    var imageType: String? {
        // By hand: `URL.pathExtension` showed in profiles.
        guard let address = imageURL?.absoluteString.utf8 else { return nil }
        let path = address.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard let dot = path.lastIndex(of: UInt8(ascii: ".")), !path[dot...].contains(UInt8(ascii: "/")) else {
            return nil
        }
        switch String(decoding: path[path.index(after: dot)...], as: UTF8.self).lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "avif": return "image/avif"
        case "svg": return "image/svg+xml"
        default: return nil
        }
    }
}

import Foundation

/// Writes RSS 2.0 as the RSS Advisory Board's profile recommends: `atom:link rel="self"`,
/// `content:encoded` for HTML content, `dc:creator` for authors (RSS `author` must be an email).
struct RSSWriter {
    let feed: SyndicationFeed

    func write() -> [UInt8] {
        var xml = XMLWriter(capacity: feed.estimatedSize, hexReferences: true)
        xml.open(
            "rss",
            [
                ("version", "2.0"), ("xmlns:atom", "http://www.w3.org/2005/Atom"),
                ("xmlns:content", "http://purl.org/rss/1.0/modules/content/"),
                ("xmlns:dc", "http://purl.org/dc/elements/1.1/"), ("xmlns:media", "http://search.yahoo.com/mrss/"),
            ])
        xml.open("channel")
        xml.element("title", feed.title)
        xml.element("link", (feed.homePageURL ?? feed.feedURL).absoluteString)
        // Required, and readers show it: the title stands in for a missing description.
        xml.element("description", feed.description ?? feed.title)
        xml.empty(
            "atom:link", [("href", feed.feedURL.absoluteString), ("rel", "self"), ("type", "application/rss+xml")])
        xml.element("language", feed.language)
        xml.element("lastBuildDate", WireDate.rfc822(feed.updated))
        xml.element("generator", "Tidings")
        for item in feed.items { write(item, to: &xml) }
        xml.close("channel")
        xml.close("rss")
        return xml.bytes
    }

    private func write(_ item: SyndicationItem, to xml: inout XMLWriter) {
        xml.open("item")
        xml.element("title", item.title)
        xml.element("link", item.url?.absoluteString)
        // RSS descriptions are HTML. An item needs a title or a description.
        if let summary = item.summary {
            xml.element("description", plainTextAsHTML: summary)
        } else if item.title == nil {
            xml.element("description", item.contentHTML ?? "")
        }
        xml.element("content:encoded", item.contentHTML)
        xml.element("guid", item.id, [("isPermaLink", isPermaLink(item) ? "true" : "false")])
        xml.element("pubDate", (item.published ?? item.updated).map(WireDate.rfc822))
        xml.element("dc:creator", item.authorName)
        for category in item.categories { xml.element("category", category) }
        if let enclosure = item.enclosure {
            xml.empty(
                "enclosure",
                [
                    ("url", enclosure.url.absoluteString), ("length", String(enclosure.length ?? 0)),
                    ("type", enclosure.typeOrGeneric),
                ])
        }
        if let image = item.separateImageURL?.absoluteString {
            // One `enclosure` per item (most readers take only the first): an image beside one,
            // or whose name gives no type, is Media RSS.
            if item.enclosure == nil, let type = item.imageType {
                xml.empty("enclosure", [("url", image), ("length", "0"), ("type", type)])
            } else {
                xml.empty("media:content", [("url", image), ("medium", "image")])
            }
        }
        xml.close("item")
    }

    /// A guid is a permalink when it is a web address and is the item's link (or the item has none).
    private func isPermaLink(_ item: SyndicationItem) -> Bool {
        let id = item.id.lowercased()
        guard id.hasPrefix("http://") || id.hasPrefix("https://"), URL(string: item.id) != nil else { return false }
        return item.url == nil || item.url?.absoluteString == item.id
    }
}

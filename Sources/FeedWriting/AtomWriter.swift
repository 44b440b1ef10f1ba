import Foundation

/// Writes Atom 1.0 (RFC 4287): every required element is written, deriving it when the feed does
/// not give it (an entry's `updated` from its publication or the feed's date, a missing title as
/// an empty one, an id that is not an IRI as a fragment of the feed URL).
struct AtomWriter {
    let feed: SyndicationFeed

    func write() -> [UInt8] {
        var xml = XMLWriter(capacity: feed.estimatedSize)
        xml.open("feed", [("xmlns", "http://www.w3.org/2005/Atom"), ("xml:lang", feed.language)])
        xml.element("id", feed.feedURL.absoluteString)
        xml.element("title", feed.title, [("type", "text")])
        xml.element("subtitle", feed.description, [("type", "text")])
        xml.element("updated", WireDate.rfc3339(feed.updated))
        xml.empty("link", [("rel", "self"), ("type", "application/atom+xml"), ("href", feed.feedURL.absoluteString)])
        if let home = feed.homePageURL {
            xml.empty("link", [("rel", "alternate"), ("type", "text/html"), ("href", home.absoluteString)])
        }
        // An author is required on the feed unless every entry has one.
        if feed.authorName != nil || feed.items.isEmpty || feed.items.contains(where: { $0.authorName == nil }) {
            author(feed.authorName ?? feed.title, to: &xml)
        }
        xml.element("generator", "Tidings")
        for item in feed.items { write(item, to: &xml) }
        xml.close("feed")
        return xml.bytes
    }

    private func write(_ item: SyndicationItem, to xml: inout XMLWriter) {
        xml.open("entry")
        xml.element("id", Self.isIRI(item.id) ? item.id : fragmentID(item.id))
        xml.element("title", item.title ?? "", [("type", "text")])
        xml.element("updated", WireDate.rfc3339(item.updated ?? item.published ?? feed.updated))
        xml.element("published", item.published.map(WireDate.rfc3339))
        if let url = item.url {
            xml.empty("link", [("rel", "alternate"), ("type", "text/html"), ("href", url.absoluteString)])
        }
        if let enclosure = item.enclosure {
            xml.empty(
                "link",
                [
                    ("rel", "enclosure"), ("type", enclosure.type), ("href", enclosure.url.absoluteString),
                    ("length", enclosure.length.map(String.init)),
                ])
        }
        if let image = item.separateImageURL {
            xml.empty("link", [("rel", "enclosure"), ("type", item.imageType), ("href", image.absoluteString)])
        }
        if let name = item.authorName { author(name, to: &xml) }
        for category in item.categories { xml.empty("category", [("term", category)]) }
        if item.contentHTML == nil, item.url == nil {
            // Without an alternate link an entry must have content: the summary becomes it.
            xml.element("content", item.summary ?? "", [("type", "text")])
        } else {
            xml.element("summary", item.summary, [("type", "text")])
            xml.element("content", item.contentHTML, [("type", "html")])
        }
        xml.close("entry")
    }

    private func author(_ name: String, to xml: inout XMLWriter) {
        xml.open("author")
        xml.element("name", name)
        xml.close("author")
    }

    /// `https://example.com/feed.atom#item-1` for the id `item-1`: an IRI, stable and unique in the feed.
    private func fragmentID(_ id: String) -> String {
        var base = feed.feedURL.absoluteString
        if let hash = base.firstIndex(of: "#") { base = String(base[..<hash]) }
        return base + "#" + (id.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "")
    }

    /// An absolute IRI: a scheme (an ASCII letter, then letters, digits, `+`, `-`, `.`), a colon,
    /// something after it, and no spaces, controls, `<`, `>` or `"`.
    static func isIRI(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first,
            isLetter(first), bytes.index(after: colon) != bytes.endIndex
        else { return false }
        let scheme = bytes[..<colon].allSatisfy {
            isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
        return scheme
            && !bytes.contains {
                $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                    || $0 == UInt8(ascii: "\"")
            }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}

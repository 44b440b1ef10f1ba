import Foundation

/// RSS 2.0 written as JSON (Dave Winer's "RSS in JSON": `{"rss": {"channel": {"item": […]}}}`),
/// which some feeds publish; the fields are RSS's, so the result is reported as `rss2`.
extension JSONFeedReader {
    mutating func readRSS(_ channel: JSONValue) throws(FeedParseError) -> ParsedFeed {
        var feed = ParsedFeed(format: .rss2)
        feed.title = channel["title"]?.string.map { oneLine(HTMLText.plainText($0), entry: nil) }
        feed.link = url(channel["link"], base: base, field: "link", entry: nil)
        feed.description = channel["description"]?.string.map { summary(HTMLText.plainText($0)) }
        feed.language = channel["language"]?.string.map { ParsedFeed.languageTag(oneLine($0, entry: nil)) }
        feed.updated = (channel["lastBuildDate"] ?? channel["pubDate"])?.string.flatMap { FeedDate.parse($0) }
        let items = channel["item"]?.array ?? (channel["item"].map { [$0] } ?? [])
        let linkBase = feed.link.flatMap { HTTPURL($0) } ?? base
        for (index, item) in items.prefix(options.maxEntries).enumerated() where item.isObject {
            if index % 256 == 255, Task.isCancelled { throw .cancelled }
            let link = url(item["link"], base: linkBase, field: "link", entry: index)
            let title = item["title"]?.string.map { HTMLText.plainText($0) }.flatMap { $0.isEmpty ? nil : $0 }
                .map { oneLine($0, entry: index) }
            let published = date(item["pubDate"], index: index)
            var entry: ParsedEntry
            if let guid = item["guid"]?.string ?? item["guid"]?["#value"]?.string, !guid.isEmpty {
                entry = ParsedEntry(id: guid, idSource: .guid)
            } else if let link {
                entry = ParsedEntry(id: link, idSource: .link)
            } else {
                entry = ParsedEntry(id: "", idSource: .hash)
            }
            warnings.bounded(&entry, options)
            entry.title = title
            entry.link = link
            entry.published = published
            let sanitizer = options.sanitizer
            let limit = options.maxSummaryBytes
            if let sanitized = item["description"]?.withText({
                sanitizer.sanitizeWithText($0, base: linkBase, limit: limit)
            }) {
                warnings.note(sanitized, .summary, options, entry: index)
                entry.summaryHTML = sanitized.html.isEmpty ? nil : sanitized.html
                let text = sanitized.text
                entry.summaryText = text.isEmpty ? nil : text
                if let image = sanitized.image {
                    (entry.image, entry.imageSource, entry.imageDetails) = (image, .content, sanitized.imageDetails)
                }
            }
            entry.categories = categories(
                item["category"]?.array ?? (item["category"].map { [$0] } ?? []), entry: index)
            if let enclosure = item["enclosure"],
                let url = url(enclosure["url"], base: linkBase, field: "enclosure url", entry: index)
            {
                let length = enclosure["length"]?.number.flatMap { $0 > 0 && $0 < 1e18 ? Int($0) : nil }
                let type = enclosure["type"]?.string.map { oneLine($0, entry: index) }
                entry.enclosures.append(ParsedEnclosure(url: url, type: type, length: length))
            }
            feed.append(entry, keepingNewest: options.keepNewest)
        }
        feed.warnings = warnings.feedWarnings
        return feed
    }
}

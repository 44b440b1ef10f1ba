import Foundation

/// Reads JSON Feed 1.0 and 1.1 (https://www.jsonfeed.org/version/1.1/) leniently: a field of the
/// wrong type is dropped with a warning naming the entry, and the rest of the entry is kept.
struct JSONFeedReader {
    let options: FeedParser.Options
    let base: URL?
    var warnings: WarningList

    init(options: FeedParser.Options, base: URL?) {
        self.options = options
        self.base = base
        self.warnings = WarningList(limit: options.maxWarnings)
    }

    /// The feed, and how many warnings were left out of it.
    mutating func read(_ text: [UInt8]) throws(FeedParseError) -> (ParsedFeed, Int) {
        let root: JSONValue
        do {
            root = try JSONValue(parsing: Data(text))
        } catch {
            guard let repaired = JSONRepair.completePrefix(text),
                let value = try? JSONValue(parsing: Data(repaired))
            else { throw .invalidJSON(reason: Self.reason(error)) }
            root = value
            warnings.add("the document ends early (truncated?); the complete entries were read")
        }
        if let channel = root["rss"]?["channel"], channel.isObject {
            return (readRSS(channel), warnings.omitted)
        }
        guard root.isObject,
            root["version"]?.string?.contains("jsonfeed.org/version/") == true || root["items"]?.array != nil
        else { throw .notAJSONFeed }
        if root["version"]?.string?.contains("jsonfeed.org/version/") != true {
            warnings.add("\"version\" is not a JSON Feed version URL; read as JSON Feed anyway")
        }
        var feed = ParsedFeed(format: .json)
        feed.title = root["title"]?.string
        feed.link = url(root["home_page_url"], base: base)
        feed.feedLink = url(root["feed_url"], base: base)
        feed.description = root["description"]?.string
        feed.language = root["language"]?.string
        feed.image = url(root["icon"], base: base)
        feed.icon = url(root["favicon"], base: base)
        feed.authors = authors(root, entry: nil)
        let linkBase = feed.link.flatMap { URL(string: $0) } ?? base
        switch root["items"] {
        case .array(let items):
            for (index, item) in items.prefix(options.maxEntries).enumerated() {
                guard item.isObject else {
                    warnings.add("an item that is not an object was skipped", entry: index)
                    continue
                }
                feed.entries.append(entry(item, index: index, base: linkBase))
            }
            if items.count > options.maxEntries {
                warnings.add("entries beyond the first \(options.maxEntries) were ignored")
            }
        case nil, .null?:
            warnings.add("the feed has no \"items\"")
        default:
            warnings.add("\"items\" is not an array; no entries were read")
        }
        feed.warnings = warnings.feedWarnings
        return (feed, warnings.omitted)
    }

    private mutating func entry(_ item: JSONValue, index: Int, base: URL?) -> ParsedEntry {
        let link = url(item["url"], base: base) ?? url(item["external_url"], base: base)
        let title = item["title"]?.string.map { HTMLText.plainText($0) }.flatMap { $0.isEmpty ? nil : $0 }
        let published = date(item["date_published"], index: index)
        let updated = date(item["date_modified"], index: index)
        var entry: ParsedEntry
        if let id = item["id"]?.string, !id.isEmpty {
            entry = ParsedEntry(id: id, idSource: .jsonID)
        } else if let link {
            entry = ParsedEntry(id: link, idSource: .link)
        } else {
            entry = ParsedEntry(id: StableHash.entryID(title: title, date: published ?? updated), idSource: .hash)
        }
        entry.title = title
        entry.link = link
        entry.published = published
        entry.updated = updated
        entry.comments = nil
        entry.authors = authors(item, entry: index)
        var contentImage: String?
        if let html = item["content_html"]?.string {
            let sanitized = options.sanitizer.sanitizeWithText(html, base: base)
            entry.contentHTML = nonEmpty(sanitized.html)
            entry.contentText = nonEmpty(sanitized.text)
            contentImage = sanitized.image
        }
        if let text = item["content_text"]?.string {
            entry.contentText = entry.contentText ?? nonEmpty(text.trimmed)
            entry.contentHTML = entry.contentHTML ?? entry.contentText.map(XMLFeedBuilder.escape)
        }
        if let summary = item["summary"]?.string.flatMap({
            nonEmpty($0.trimmed)
        }) {
            entry.summaryText = summary
            entry.summaryHTML = XMLFeedBuilder.escape(summary)
        }
        var tags: Set<String> = []
        for tag in item["tags"]?.array ?? [] {
            if let tag = tag.string, !tag.isEmpty, tags.insert(tag).inserted { entry.categories.append(tag) }
        }
        for attachment in item["attachments"]?.array ?? [] {
            guard let address = url(attachment["url"], base: base) else {
                warnings.add("an attachment without a url was skipped", entry: index)
                continue
            }
            let length = attachment["size_in_bytes"]?.number.flatMap { $0 > 0 && $0 < 1e18 ? Int($0) : nil }
            entry.enclosures.append(
                ParsedEnclosure(url: address, type: attachment["mime_type"]?.string, length: length))
        }
        let imageAttachment = entry.enclosures.first { $0.type?.lowercased().hasPrefix("image/") == true }
        let cascade: [(String?, ParsedEntry.ImageSource)] = [
            (url(item["image"], base: base), .jsonImage), (url(item["banner_image"], base: base), .jsonImage),
            (imageAttachment?.url, .enclosure), (contentImage, .content),
        ]
        if let (image, source) = cascade.first(where: { $0.0 != nil }) {
            (entry.image, entry.imageSource) = (image, source)
        }
        return entry
    }

    /// JSON Feed 1.1 `authors`, else 1.0 `author`.
    private func authors(_ object: JSONValue, entry: Int?) -> [ParsedAuthor] {
        let list = object["authors"]?.array ?? (object["author"].map { [$0] } ?? [])
        return list.compactMap { author in
            let person = ParsedAuthor(
                name: author["name"]?.string, email: nil, url: url(author["url"], base: base))
            return person.name == nil && person.url == nil ? nil : person
        }
    }

    mutating func date(_ value: JSONValue?, index: Int) -> Date? {
        guard let text = value?.string, !text.isEmpty else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warnings.add("unreadable date \"\(text.prefix(60))\" was left out", entry: index)
        return nil
    }

    private func url(_ value: JSONValue?, base: URL?) -> String? { FeedURL.absolute(value?.string, base: base) }

    private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    private static func reason(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return context.debugDescription
        }
        return String(describing: error)
    }
}

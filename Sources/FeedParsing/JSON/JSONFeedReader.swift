import Foundation

/// Reads JSON Feed 1.0 and 1.1 (https://www.jsonfeed.org/version/1.1/) leniently: a field of the
/// wrong type is dropped with a warning naming the entry, and the rest of the entry is kept.
struct JSONFeedReader {
    let options: FeedParser.Options
    let base: HTTPURL?
    var warnings: WarningList

    init(options: FeedParser.Options, base: HTTPURL?) {
        self.options = options
        self.base = base
        self.warnings = WarningList(limit: options.maxWarnings)
    }

    /// The feed, and how many warnings were left out of it. `cutAtCap`: the caller cut the document
    /// at its size cap and warns about it itself.
    mutating func read(_ text: [UInt8], cutAtCap: Bool = false) throws(FeedParseError) -> (ParsedFeed, Int) {
        let root: JSONValue
        var dropped = false
        do {
            root = try JSONValue(parsing: text, dropped: &dropped)
        } catch {
            guard let repaired = JSONRepair.completePrefix(text),
                let value = try? JSONValue(parsing: repaired, dropped: &dropped)
            else { throw .invalidJSON(reason: error.reason(in: text)) }
            root = value
            if !cutAtCap { warnings.add("the document ends early (truncated?); the complete entries were read") }
        }
        // Parsing is not interrupted; look before going on.
        if Task.isCancelled { throw .cancelled }
        if dropped { warnings.add("characters XML does not allow (U+0000 and other controls) were dropped") }
        if let channel = root["rss"]?["channel"], channel.isObject {
            return (try readRSS(channel), warnings.omitted)
        }
        guard root.isObject,
            root["version"]?.string?.contains("jsonfeed.org/version/") == true || root["items"]?.array != nil
        else { throw .notAJSONFeed }
        if root["version"]?.string?.contains("jsonfeed.org/version/") != true {
            warnings.add("\"version\" is not a JSON Feed version URL; read as JSON Feed anyway")
        }
        var feed = ParsedFeed(format: .json)
        feed.title = root["title"]?.string.map { oneLine($0, entry: nil) }
        feed.link = url(root["home_page_url"], base: base, field: "home_page_url", entry: nil)
        feed.feedLink = url(root["feed_url"], base: base, field: "feed_url", entry: nil)
        feed.description = root["description"]?.string.map { summary($0) }
        feed.language = root["language"]?.string.map { ParsedFeed.languageTag(oneLine($0, entry: nil)) }
        feed.image = url(root["icon"], base: base, field: "icon", entry: nil)
        feed.icon = url(root["favicon"], base: base, field: "favicon", entry: nil)
        feed.authors = authors(root, entry: nil, base: base)
        let linkBase = feed.link.flatMap { HTTPURL($0) } ?? base
        switch root["items"] {
        case .array(let items):
            for (index, item) in items.prefix(options.maxEntries).enumerated() {
                if index % 256 == 255, Task.isCancelled { throw .cancelled }
                guard item.isObject else {
                    warnings.add("an item that is not an object was skipped", entry: index)
                    continue
                }
                feed.append(entry(item, index: index, base: linkBase), keepingNewest: options.keepNewest)
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

    mutating func date(_ value: JSONValue?, index: Int) -> Date? {
        guard let text = value?.string, !text.isEmpty else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warnings.add("unreadable date \"\(text.prefix(60))\" was left out", entry: index)
        return nil
    }

    /// The URL a field holds, resolved against `base`; nil with a warning naming the field when it
    /// is not an http(s) URL.
    mutating func url(_ value: JSONValue?, base: HTTPURL?, field: String, entry: Int?, person: Bool = false)
        -> String?
    {
        let text = value?.string
        let outcome =
            person
            ? FeedURL.resolvePerson(text, base: base, maxLength: options.maxURLLength)
            : FeedURL.resolve(text, base: base, maxLength: options.maxURLLength)
        switch outcome {
        case .url(let url): return url
        case .absent: return nil
        case .dropped(let reason):
            warnings.add("\(field) \(FeedURL.quoted(text ?? "")) \(reason); dropped", entry: entry)
            return nil
        }
    }

    func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}

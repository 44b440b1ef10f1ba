import FeedParsing
import Foundation
import TidingsModel

/// The partner formats of seed 003. Unified: `{"title", "items": [{"type": "teaser" | "ad" |
/// "widget" | …, …}]}` in editorial order, ads and widgets included. Legacy: `{"title",
/// "renderAsWeb", "renderAsWebUrl", "items": [{"title", …}]}`, plain teasers only. Both are read
/// leniently: a field of the wrong type is ignored, an item without a title is skipped with a
/// warning, and a unified item of a type Tidings does not know is passed on as it came.
extension SourceReader {
    func readUnified(_ bytes: [UInt8], _ scope: Scope) throws(SourceReadError) -> SourceDocument {
        var (title, items, _, warnings) = try partnerDocument(bytes)
        var scope = scope
        scope.sourceName = title ?? scope.sourceName
        var entries: [SourceEntry] = []
        var occurrences: [String: Int] = [:]
        for (index, raw) in items.enumerated() {
            guard case .string(let type)? = raw["type"], !type.isEmpty else {
                warnings.append("item \(index + 1): an item without a text \"type\" was skipped")
                continue
            }
            var item: FeedItem
            var identity: (key: String, former: String)?
            switch type {
            case "teaser":
                guard let (teaser, key, former) = teaser(raw, scope) else {
                    warnings.append("item \(index + 1): a teaser without a title was skipped")
                    continue
                }
                item = .teaser(teaser)
                identity = (key, former)
            case "ad":
                item = .ad(AdSlot(id: raw["id"]?.text ?? "\(index + 1)", format: raw["format"]?.text ?? "banner"))
            case "widget":
                let kindName = raw["kind"]?.text ?? raw["subtype"]?.text ?? ""
                guard let kind = Widget.Kind(rawValue: kindName) else {
                    item = .unknown(type: type, raw: raw)
                    break
                }
                let teasers = (raw["items"]?.array ?? []).compactMap { teaser($0, scope)?.teaser }
                var location: [String: String] = [:]
                for (key, value) in raw["location"]?.object ?? [:] { location[key] = value.text }
                item = .widget(
                    Widget(
                        id: raw["id"]?.text ?? "\(kind.rawValue)-\(index + 1)", kind: kind, title: raw["title"]?.text,
                        section: raw["section"]?.text, items: teasers, location: location))
            case "notification", "catalog_news":
                // The server's own kinds: a partner may not inject cards or catalog news.
                warnings.append("item \(index + 1): a partner item of type \(type) was skipped")
                continue
            default:
                item = .unknown(type: type, raw: raw)
            }
            // Partner data repeats ads ("276" twice in seed 003), so a repeated key gets a suffix.
            var key = identity?.key ?? item.id
            occurrences[key, default: 0] += 1
            if let count = occurrences[key], count > 1 { key += "#\(count)" }
            let published: Date? = if case .teaser(let teaser) = item { teaser.publishedAt } else { nil }
            entries.append(SourceEntry(key: key, item: item, publishedAt: published, formerKey: identity?.former))
        }
        return SourceDocument(title: title, entries: entries, warnings: warnings)
    }

    func readLegacy(_ bytes: [UInt8], _ scope: Scope) throws(SourceReadError) -> SourceDocument {
        var (title, items, root, warnings) = try partnerDocument(bytes)
        var scope = scope
        scope.sourceName = title ?? scope.sourceName
        var entries: [SourceEntry] = []
        var seen: Set<String> = []
        for (index, raw) in items.enumerated() {
            guard let (teaser, key, former) = teaser(raw, scope) else {
                warnings.append("item \(index + 1): an item without a title was skipped")
                continue
            }
            guard seen.insert(key).inserted else { continue }
            let legacyFormer = teaser.url == nil ? "teaser:" + former : former
            entries.append(
                SourceEntry(key: key, item: .teaser(teaser), publishedAt: teaser.publishedAt, formerKey: legacyFormer))
        }
        var webURL: URL?
        if root["renderAsWeb"] == .bool(true) {
            webURL = root["renderAsWebUrl"]?.text.flatMap { WebLink.url($0, relativeTo: scope.baseURL) }
            if webURL == nil {
                warnings.append("renderAsWeb is true but renderAsWebUrl is missing or not a web link; shown natively")
            }
        }
        return SourceDocument(title: title, entries: entries, webURL: webURL, warnings: warnings)
    }

    /// The title and items of a partner document.
    /// The document's title, its items (the first `keepNewest` of them), its root, and a warning
    /// when items were left out.
    private func partnerDocument(_ bytes: [UInt8]) throws(SourceReadError) -> (
        String?, [JSONValue], JSONValue, [String]
    ) {
        let root: JSONValue
        let data = Data(bytes)
        do {
            root = try TidingsJSON.decoder().decode(JSONValue.self, from: data)
        } catch {
            throw SourceReadError(TidingsJSON.describe(error, in: data))
        }
        guard case .object = root else { throw SourceReadError("the document must be a JSON object") }
        guard var items = root["items"]?.array else { throw SourceReadError("the document has no \"items\" list") }
        // Editorial order: the first are the ones kept (`keepNewest`, as feeds keep their newest).
        var warnings: [String] = []
        if let keep = parser.options.keepNewest, items.count > keep {
            warnings.append("\(items.count - keep) items after the first \(keep) were left out")
            items.removeSubrange(keep...)
        }
        return (root["title"]?.text, items, root, warnings)
    }

    /// A teaser from a partner item, with its key and the key earlier versions used: `title` is
    /// required; `id`, `summary` (or `description`, `lead`), `image_url` (or `image`, `imageUrl`),
    /// `url` (or `link`), `published_at` (or `publishedAt`, `date`) and `author` (or `byline`; a
    /// name, or an object with a `name`) are optional. The key is
    /// the id, else the link, else a hash of title, summary, image and date.
    private func teaser(_ raw: JSONValue, _ scope: Scope) -> (teaser: Teaser, key: String, former: String)? {
        guard let title = raw["title"]?.text.map(HTMLText.plainText), !title.isEmpty else { return nil }
        func first(_ keys: String...) -> String? { keys.lazy.compactMap { raw[$0]?.text }.first { !$0.isEmpty } }
        func url(_ keys: String...) -> URL? {
            keys.lazy.compactMap { raw[$0]?.text }.compactMap { WebLink.url($0, relativeTo: scope.baseURL) }.first
        }
        let link = url("url", "link")
        let partnerID = first("id")
        let summary = summary(first("summary", "description", "lead").map(HTMLText.plainText))
        let image = url("image_url", "image", "imageUrl")
        let published = first("published_at", "publishedAt", "date").flatMap(partnerDate)
        let author = (first("author", "byline") ?? raw["author"]?["name"]?.text).map(HTMLText.plainText)
            .flatMap { $0.isEmpty ? nil : $0 }
        let content = [
            title, summary ?? "", image?.absoluteString ?? "", published.map { "\($0.timeIntervalSince1970)" } ?? "",
        ]
        let key =
            partnerID.map { "id:" + $0 } ?? link?.absoluteString
            ?? "hash:" + StableHash.hex(content.joined(separator: "\u{1F}"))
        let teaser = Teaser(
            id: scope.itemID(key), title: title, summary: summary, imageURL: image, url: link, publishedAt: published,
            source: scope.sourceName, author: author)
        // Before identity was scoped, a teaser was keyed by its link, else a hash of id or title.
        let former = link?.absoluteString ?? StableHash.hex(partnerID ?? title)
        return (teaser, key, former)
    }

    /// ISO 8601 (with or without fractions) or RFC 822, as partners send them.
    private func partnerDate(_ text: String) -> Date? {
        TidingsJSON.parseDate(text) ?? FeedDate.parse(text)
    }
}

extension JSONValue {
    /// A string, or a number written as one (partners send ids both ways).
    var text: String? {
        switch self {
        case .string(let value): value
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var object: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}

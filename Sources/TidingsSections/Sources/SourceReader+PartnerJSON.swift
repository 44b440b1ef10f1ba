import FeedParsing
import Foundation
import TidingsModel

/// The partner formats of seed 003. Unified: `{"title", "items": [{"type": "teaser" | "ad" |
/// "widget" | …, …}]}` in editorial order, ads and widgets included. Legacy: `{"title",
/// "renderAsWeb", "renderAsWebUrl", "items": [{"title", …}]}`, plain teasers only. Both are read
/// leniently: a field of the wrong type is ignored, an item without a title is skipped with a
/// warning, and a unified item of a type Tidings does not know is passed on as it came.
extension SourceReader {
    func readUnified(_ bytes: [UInt8], sourceName: String, baseURL: URL?) throws(SourceReadError) -> SourceDocument {
        let (title, items, _) = try partnerDocument(bytes)
        let sourceName = title ?? sourceName
        var entries: [SourceEntry] = []
        var warnings: [String] = []
        var occurrences: [String: Int] = [:]
        for (index, raw) in items.enumerated() {
            guard case .string(let type)? = raw["type"], !type.isEmpty else {
                warnings.append("item \(index + 1): an item without a text \"type\" was skipped")
                continue
            }
            var item: FeedItem
            switch type {
            case "teaser":
                guard let teaser = teaser(raw, sourceName: sourceName, baseURL: baseURL) else {
                    warnings.append("item \(index + 1): a teaser without a title was skipped")
                    continue
                }
                item = .teaser(teaser)
            case "ad":
                item = .ad(AdSlot(id: raw["id"]?.text ?? "\(index + 1)", format: raw["format"]?.text ?? "banner"))
            case "widget":
                let kindName = raw["kind"]?.text ?? raw["subtype"]?.text ?? ""
                guard let kind = Widget.Kind(rawValue: kindName) else {
                    item = .unknown(type: type, raw: raw)
                    break
                }
                let teasers = (raw["items"]?.array ?? []).compactMap {
                    teaser($0, sourceName: sourceName, baseURL: baseURL)
                }
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
            var key = item.id
            if case .teaser(let teaser) = item, let url = teaser.url { key = url.absoluteString }
            occurrences[key, default: 0] += 1
            if let count = occurrences[key], count > 1 { key += "#\(count)" }
            let published: Date? = if case .teaser(let teaser) = item { teaser.publishedAt } else { nil }
            entries.append(SourceEntry(key: key, item: item, publishedAt: published))
        }
        return SourceDocument(title: title, entries: entries, warnings: warnings)
    }

    func readLegacy(_ bytes: [UInt8], sourceName: String, baseURL: URL?) throws(SourceReadError) -> SourceDocument {
        let (title, items, root) = try partnerDocument(bytes)
        let sourceName = title ?? sourceName
        var entries: [SourceEntry] = []
        var warnings: [String] = []
        var seen: Set<String> = []
        for (index, raw) in items.enumerated() {
            guard let teaser = teaser(raw, sourceName: sourceName, baseURL: baseURL) else {
                warnings.append("item \(index + 1): an item without a title was skipped")
                continue
            }
            let key = teaser.url?.absoluteString ?? ("teaser:" + teaser.id)
            guard seen.insert(key).inserted else { continue }
            entries.append(SourceEntry(key: key, item: .teaser(teaser), publishedAt: teaser.publishedAt))
        }
        var webURL: URL?
        if root["renderAsWeb"] == .bool(true) {
            webURL = root["renderAsWebUrl"]?.text.flatMap { WebLink.url($0, relativeTo: baseURL) }
            if webURL == nil {
                warnings.append("renderAsWeb is true but renderAsWebUrl is missing or not a web link; shown natively")
            }
        }
        return SourceDocument(title: title, entries: entries, webURL: webURL, warnings: warnings)
    }

    /// The title and items of a partner document.
    private func partnerDocument(_ bytes: [UInt8]) throws(SourceReadError) -> (String?, [JSONValue], JSONValue) {
        let root: JSONValue
        do {
            root = try TidingsJSON.decoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw SourceReadError("not JSON (\(error.localizedDescription))")
        }
        guard case .object = root else { throw SourceReadError("the document must be a JSON object") }
        guard let items = root["items"]?.array else { throw SourceReadError("the document has no \"items\" list") }
        return (root["title"]?.text, items, root)
    }

    /// A teaser from a partner item: `title` is required; `id`, `summary` (or `description`,
    /// `lead`), `image_url` (or `image`, `imageUrl`), `url` (or `link`) and `published_at` (or
    /// `publishedAt`, `date`) are optional. Without an id, the link or title stands in.
    private func teaser(_ raw: JSONValue, sourceName: String, baseURL: URL?) -> Teaser? {
        guard let title = raw["title"]?.text.map(HTMLText.plainText), !title.isEmpty else { return nil }
        func first(_ keys: String...) -> String? { keys.lazy.compactMap { raw[$0]?.text }.first { !$0.isEmpty } }
        func url(_ keys: String...) -> URL? {
            keys.lazy.compactMap { raw[$0]?.text }.compactMap { WebLink.url($0, relativeTo: baseURL) }.first
        }
        let link = url("url", "link")
        let id = first("id") ?? link?.absoluteString ?? title
        return Teaser(
            id: Self.teaserID(id), title: title,
            summary: summary(first("summary", "description", "lead").map(HTMLText.plainText)),
            imageURL: url("image_url", "image", "imageUrl"), url: link,
            publishedAt: first("published_at", "publishedAt", "date").flatMap(partnerDate), source: sourceName)
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

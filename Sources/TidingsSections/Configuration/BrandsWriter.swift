import Foundation
import TidingsModel
import Yams

/// Writes brands back as the `brands` list `BrandsReader` reads: what `tidings config export`
/// prints and what the database keeps of each brand and section. Reading what it writes gives the
/// same values (`BrandsWriterTests`), and it writes one text for one value: keys in the
/// reader's order, languages and location keys sorted, a field at its default left out, a brand's
/// placement written into each of its sections (the reader has already applied it there), and
/// `file` sources by their absolute paths.
public enum BrandsWriter {
    /// A YAML document of `brands` alone.
    public static func yaml(_ brands: [Brand]) throws -> String {
        try text(mapping([("brands", .sequence(.init(brands.map(brand))))]))
    }

    /// One brand, its sections included.
    public static func brand(_ brand: Brand) -> Node {
        mapping(brandFields(brand) + [("sections", .sequence(.init(brand.sections.map(section))))])
    }

    /// One brand's own fields, without its sections (the database keeps those apart).
    public static func brandOwn(_ brand: Brand) -> Node { mapping(brandFields(brand)) }

    /// A node as YAML text: the documents the database keeps. Every language as itself (not
    /// escaped), and no line folded.
    public static func text(_ node: Node) throws -> String {
        try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)
    }

    private static func brandFields(_ brand: Brand) -> [(String, Node)] {
        var fields: [(String, Node)] = [("id", Node(brand.id)), ("name", Node(brand.name))]
        fields.append(("locale", Node(brand.locale.identifier)))
        let theme = ["primary", "accent", "background", "text"].compactMap { role in
            brand.theme[role].map { (role, Node($0)) }
        }
        if !theme.isEmpty { fields.append(("theme", mapping(theme))) }
        fields.append(("front", Node(brand.front)))
        if !brand.houseAds.isEmpty { fields.append(("house_ads", .sequence(.init(brand.houseAds.map(houseAd))))) }
        return fields
    }

    /// One section.
    public static func section(_ section: Section) -> Node {
        var fields: [(String, Node)] = [("id", Node(section.id)), ("title", text(section.title))]
        if let description = section.description { fields.append(("description", text(description))) }
        fields.append(("source", source(section.source, fullText: section.fullText)))
        switch (section.render, section.source) {
        case (.native, _), (.web, .web): break
        case (.web(let url), _): fields += [("render", Node("web")), ("web_url", Node(url.absoluteString))]
        case (.auto, _): fields.append(("render", Node("auto")))
        }
        if section.embed { fields.append(("embed", Node("true"))) }
        let placement = placement(section.placement)
        if let placement { fields.append(("placement", placement)) }
        return mapping(fields)
    }

    private static func source(_ source: SourceSpec, fullText: FullTextMode) -> Node {
        var fields: [(String, Node)] = [("type", Node(source.typeName))]
        switch source {
        case .catalog: break
        case .feed(let urls) where urls.count == 1: fields.append(("url", Node(urls[0].absoluteString)))
        case .feed(let urls): fields.append(("urls", list(urls.map(\.absoluteString))))
        case .unifiedJSON(let url), .legacyJSON(let url), .web(let url):
            fields.append(("url", Node(url.absoluteString)))
        case .file(let paths, let format):
            fields.append(paths.count == 1 ? ("path", Node(paths[0])) : ("paths", list(paths)))
            fields.append(("format", Node(format.rawValue)))
        }
        if fullText != .never { fields.append(("full_text", Node(fullText.rawValue))) }
        return mapping(fields)
    }

    /// A section's placement; nil when it places nothing.
    private static func placement(_ placement: Placement) -> Node? {
        var fields: [(String, Node)] = []
        if let ads = placement.ads { fields.append(("ads", adRule(ads))) }
        if !placement.widgets.isEmpty { fields.append(("widgets", .sequence(.init(placement.widgets.map(widget))))) }
        if !placement.notifications.isEmpty {
            fields.append(("notifications", .sequence(.init(placement.notifications.map(notification)))))
        }
        return fields.isEmpty ? nil : mapping(fields)
    }

    private static func adRule(_ rule: AdRule) -> Node {
        var fields: [(String, Node)] = []
        if !rule.positions.isEmpty { fields.append(("positions", list(rule.positions.map { String($0 + 1) }))) }
        if let every = rule.every { fields.append(("every", Node(String(every)))) }
        if rule.after != 0 { fields.append(("after", Node(String(rule.after)))) }
        fields.append(("format", Node(rule.format)))
        return mapping(fields + schedule(rule.schedule))
    }

    private static func widget(_ rule: WidgetRule) -> Node {
        var fields: [(String, Node)] = [
            ("position", Node(String(rule.position + 1))), ("kind", Node(rule.kind.rawValue)),
        ]
        if let title = rule.title { fields.append(("title", text(title))) }
        if let section = rule.section {
            fields.append(("section", Node(section.stream)))
            fields.append(("count", Node(String(rule.count))))
        }
        if !rule.location.isEmpty {
            fields.append(
                ("location", mapping(rule.location.sorted { $0.key < $1.key }.map { ($0.key, Node($0.value)) })))
        }
        if let source = rule.source {
            let place: (String, Node) =
                switch source.location {
                case .url(let url): ("url", Node(url.absoluteString))
                case .file(let path): ("path", Node(path))
                }
            fields.append(("source", mapping([("type", Node("weather")), place])))
        }
        return mapping(fields + schedule(rule.schedule))
    }

    private static func notification(_ rule: NotificationRule) -> Node {
        var fields: [(String, Node)] = [("id", Node(rule.id)), ("kind", Node(rule.kind)), ("text", text(rule.text))]
        if !rule.dismissible { fields.append(("dismissible", Node("false"))) }
        return mapping(fields + schedule(rule.schedule))
    }

    private static func houseAd(_ ad: HouseAd) -> Node {
        var fields: [(String, Node)] = []
        if let format = ad.format { fields.append(("format", Node(format))) }
        fields += [("image", Node(ad.image.absoluteString)), ("headline", text(ad.headline))]
        if let text = ad.text { fields.append(("text", self.text(text))) }
        fields.append(("link", Node(ad.link.absoluteString)))
        return mapping(fields)
    }

    /// A text in one language as English is written plain, as the reader takes a plain text.
    private static func text(_ text: LocalizedText) -> Node {
        if text.values.count == 1, let english = text.values[.en] { return Node(english) }
        return mapping(
            text.values.sorted { $0.key.identifier < $1.key.identifier }.map { ($0.key.identifier, Node($0.value)) })
    }

    private static func list(_ values: [String]) -> Node { .sequence(.init(values.map { Node($0) })) }

    private static func mapping(_ fields: [(String, Node)]) -> Node {
        .mapping(.init(fields.map { (Node($0.0), $0.1) }))
    }
}

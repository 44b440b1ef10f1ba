import Foundation
import TidingsModel

/// Reads the `brands` list: each brand, its sections, sources and placement rules.
struct BrandsReader {
    let baseDirectory: String
    /// Checked on every URL the poller would fetch, after the rule every fetched URL is held to.
    let sourceCheck: SectionsConfiguration.SourceURLCheck?
    /// Widgets naming another section, checked once every brand is read.
    private var references: [(node: ConfigNode, reference: SectionKey)] = []

    init(baseDirectory: String, sourceCheck: SectionsConfiguration.SourceURLCheck? = nil) {
        self.baseDirectory = baseDirectory
        self.sourceCheck = sourceCheck
    }

    mutating func noteReference(_ node: ConfigNode, _ reference: SectionKey) {
        references.append((node, reference))
    }

    mutating func brands(_ node: ConfigNode) throws -> [Brand] {
        var brands: [Brand] = []
        for item in try node.list() {
            let brand = try self.brand(item)
            guard !brands.contains(where: { $0.id == brand.id }) else {
                throw item.error("repeats brand id \(brand.id)")
            }
            brands.append(brand)
        }
        for (node, reference) in references {
            guard let target = brands.first(where: { $0.id == reference.brand })?.section(reference.section) else {
                throw node.error("names section \(reference.stream), which is not configured")
            }
            if case .catalog = target.source { throw node.error("names \(reference.stream), which has no teasers") }
            if case .web = target.source { throw node.error("names \(reference.stream), which has no teasers") }
        }
        return brands
    }

    private mutating func brand(_ node: ConfigNode) throws -> Brand {
        let fields = try node.mapping(allowed: [
            "id", "name", "locale", "theme", "front", "placement", "sections", "house_ads",
        ])
        let idNode = try node.require("id", in: fields)
        let id = try idNode.id()
        if Brand.reservedIDs.contains(id) {
            throw idNode.error("\(id) is a path of the server's own; choose another brand id")
        }
        let name = try node.require("name", in: fields).nonEmptyString()
        let locale = try fields["locale"]?.language() ?? .en
        var theme: [String: String] = [:]
        if let themeNode = fields["theme"] {
            for (role, value) in try themeNode.mapping(allowed: ["primary", "accent", "background", "text"]) {
                theme[role] = try value.colour()
            }
        }
        let defaults =
            try fields["placement"].map { try placement($0, brand: id, defaults: Placement()) } ?? Placement()
        let sectionsNode = try node.require("sections", in: fields)
        var sections: [Section] = []
        for item in try sectionsNode.list() {
            let section = try self.section(item, brand: id, defaults: defaults)
            guard !sections.contains(where: { $0.id == section.id }) else {
                throw item.error("repeats section id \(section.id) in brand \(id)")
            }
            sections.append(section)
        }
        guard !sections.isEmpty else { throw sectionsNode.error("must list at least one section") }
        let front = try fields["front"]?.id()
        if let front, !sections.contains(where: { $0.id == front }) {
            throw fields["front"]!.error("names section \(front), which brand \(id) does not have")
        }
        var brand = Brand(id: id, name: name, locale: locale, theme: theme, sections: sections, front: front)
        brand.houseAds = try fields["house_ads"]?.list().map(houseAd) ?? []
        return brand
    }

    private func houseAd(_ node: ConfigNode) throws -> HouseAd {
        let fields = try node.mapping(allowed: ["format", "image", "headline", "text", "link"])
        return HouseAd(
            format: try fields["format"]?.nonEmptyString(), image: try node.require("image", in: fields).webURL(),
            headline: try node.require("headline", in: fields).localized(), text: try fields["text"]?.localized(),
            link: try node.require("link", in: fields).webURL())
    }

    private mutating func section(_ node: ConfigNode, brand: String, defaults: Placement) throws -> Section {
        let fields = try node.mapping(allowed: [
            "id", "title", "description", "source", "render", "web_url", "embed", "placement",
        ])
        let idNode = try node.require("id", in: fields)
        let id = try idNode.id()
        if Section.reservedIDs.contains(id) {
            throw idNode.error("\(id) is a path of the web reader's own; choose another section id")
        }
        let title = try node.require("title", in: fields).localized()
        let description = try fields["description"]?.localized()
        let embed = try fields["embed"]?.bool() ?? false
        let sourceNode = try node.require("source", in: fields)
        let source = try self.source(sourceNode)
        let fullText = try self.fullText(sourceNode, source: source)
        let render = try self.render(fields, source: source, section: node)
        let placement =
            try fields["placement"].map { try self.placement($0, brand: brand, defaults: defaults) } ?? defaults
        if embed, case .native = render {
            throw fields["embed"]!.error("applies only to sections that render as web")
        }
        var section = Section(id: id, title: title, source: source, render: render, placement: placement)
        section.description = description
        section.embed = embed
        section.fullText = fullText
        return section
    }

    /// `source.full_text`: for sources whose entries link to article pages.
    private func fullText(_ node: ConfigNode, source: SourceSpec) throws -> FullTextMode {
        guard let value = try node.mapping(allowed: Self.sourceKeys)["full_text"] else { return .never }
        switch source {
        case .catalog, .web:
            throw value.error("does not apply to a \(source.typeName) source (its items link to no article pages)")
        case .file(_, format: .weather):
            throw value.error("does not apply to a weather document")
        default: break
        }
        let raw = try value.string()
        guard let mode = FullTextMode(rawValue: raw) else {
            throw value.error("must be auto, always or never, not \"\(raw)\"")
        }
        return mode
    }

    static let sourceKeys: Set<String> = ["type", "url", "urls", "path", "paths", "format", "full_text"]

    private func render(_ fields: [String: ConfigNode], source: SourceSpec, section: ConfigNode) throws -> RenderMode {
        let webURL = try fields["web_url"]?.webURL()
        if case .web(let url) = source {
            if let node = fields["render"], try node.string() != "web" {
                throw node.error("must be web for a web source")
            }
            return .web(url)
        }
        switch try fields["render"]?.string() ?? "native" {
        case "native": return .native
        case "web":
            guard let webURL else { throw section.error("renders as web, so it needs web_url") }
            return .web(webURL)
        case "auto":
            guard source.format == .legacyJSON else {
                throw fields["render"]!.error("auto needs a legacy_json source, whose responses carry renderAsWeb")
            }
            return .auto
        case let other:
            throw fields["render"]!.error("must be native, web or auto, not \"\(other)\"")
        }
    }

    private func source(_ node: ConfigNode) throws -> SourceSpec {
        let fields = try node.mapping(allowed: Self.sourceKeys)
        let type = try node.require("type", in: fields)
        func only(_ allowed: Set<String>) throws {
            for (key, value) in fields where key != "type" && key != "full_text" && !allowed.contains(key) {
                throw value.error("does not apply to a \(try type.string()) source")
            }
        }
        switch try type.string() {
        case "catalog":
            try only([])
            return .catalog
        case "feed":
            try only(["url", "urls"])
            guard let urls = fields["urls"] ?? fields["url"] else { throw node.error("needs url or urls") }
            let list = try urls.oneOrMany().map { try $0.fetchedURL(sourceCheck) }
            guard !list.isEmpty else { throw urls.error("must list at least one URL") }
            return .feed(list)
        case "unified_json":
            try only(["url"])
            return .unifiedJSON(try node.require("url", in: fields).fetchedURL(sourceCheck))
        case "legacy_json":
            try only(["url"])
            return .legacyJSON(try node.require("url", in: fields).fetchedURL(sourceCheck))
        case "web":
            try only(["url"])
            return .web(try node.require("url", in: fields).webURL())
        case "file":
            try only(["path", "paths", "format"])
            guard let pathsNode = fields["paths"] ?? fields["path"] else { throw node.error("needs path or paths") }
            let paths = try pathsNode.oneOrMany().map { try file($0) }
            let raw = try fields["format"]?.string() ?? "feed"
            guard let format = SourceFormat(rawValue: raw) else {
                throw fields["format"]!.error("must be feed, unified_json, legacy_json or weather, not \"\(raw)\"")
            }
            return .file(paths, format: format)
        case let other:
            throw type.error("must be catalog, feed, unified_json, legacy_json, web or file, not \"\(other)\"")
        }
    }

    /// An existing file, relative to the configuration's directory.
    func file(_ node: ConfigNode) throws -> String {
        let raw = try node.nonEmptyString()
        let path = raw.hasPrefix("/") ? raw : URL(fileURLWithPath: baseDirectory).appendingPathComponent(raw).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw node.error("names \(path), which is not a readable file")
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private mutating func placement(_ node: ConfigNode, brand: String, defaults: Placement) throws -> Placement {
        let fields = try node.mapping(allowed: ["ads", "widgets", "notifications"])
        var placement = defaults
        if let ads = fields["ads"] { placement.ads = try adRule(ads) }
        if let widgets = fields["widgets"] {
            placement.widgets = try widgets.list().map { try widget($0, brand: brand) }
            // Two widgets may share a position only at different times (a campaign's in the evening).
            var taken: [Int: [Schedule]] = [:]
            for (rule, item) in zip(placement.widgets, try widgets.list()) {
                if taken[rule.position, default: []].contains(where: { $0.overlaps(rule.schedule) }) {
                    throw item.error("puts a second widget at position \(rule.position + 1) at the same time")
                }
                taken[rule.position, default: []].append(rule.schedule)
            }
        }
        if let notifications = fields["notifications"] {
            placement.notifications = try notifications.list().map { try notification($0) }
        }
        return placement
    }
}

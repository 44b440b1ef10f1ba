import Foundation
import TidingsModel

extension BrandsReader {
    /// `ads: {positions: [3, 9], every: 6, after: 4, format: banner}`, or `ads: off` to drop the
    /// brand's default. Positions count from 1 in the file. Ads, widgets and cards take `start`
    /// and `end` (``Schedule``).
    func adRule(_ node: ConfigNode) throws -> AdRule? {
        if node.node.mapping == nil, try node.bool() == false { return nil }
        let fields = try node.mapping(allowed: ["positions", "every", "after", "format", "start", "end"])
        var rule = AdRule()
        rule.schedule = try schedule(fields)
        rule.positions = try fields["positions"]?.oneOrMany().map { try $0.int(1...100_000) - 1 } ?? []
        rule.every = try fields["every"]?.int(2...1000)
        rule.after = try fields["after"]?.int(0...100_000) ?? 0
        rule.format = try fields["format"]?.nonEmptyString() ?? "banner"
        guard !rule.positions.isEmpty || rule.every != nil else { throw node.error("needs positions or every") }
        return rule
    }

    /// `{position: 4, kind: carousel, section: economy, count: 5, title: …}` or
    /// `{position: 8, kind: weather, location: {city: Oslo}}`.
    mutating func widget(_ node: ConfigNode, brand: String) throws -> WidgetRule {
        let fields = try node.mapping(allowed: [
            "position", "kind", "title", "section", "count", "location", "source", "start", "end",
        ])
        let position = try node.require("position", in: fields).int(1...100_000) - 1
        let kindNode = try node.require("kind", in: fields)
        let raw = try kindNode.string()
        guard let kind = Widget.Kind(rawValue: raw) else {
            throw kindNode.error("must be carousel, list, weather or local, not \"\(raw)\"")
        }
        var rule = WidgetRule(position: position, kind: kind, title: try fields["title"]?.localized())
        rule.schedule = try schedule(fields)
        if let sourceNode = fields["source"] {
            guard kind == .weather else { throw sourceNode.error("applies to weather widgets only") }
            rule.source = try weatherSource(sourceNode)
        }
        switch kind {
        case .carousel, .list,
            .local where fields["section"] != nil:
            let sectionNode = try node.require("section", in: fields)
            let name = try sectionNode.nonEmptyString()
            guard
                let reference = name.contains("/")
                    ? SectionKey(stream: name) : SectionKey(brand: brand, section: name)
            else {
                throw sectionNode.error("must be a section id or brand/section, not \"\(name)\"")
            }
            rule.section = reference
            noteReference(sectionNode, reference)
            rule.count = try fields["count"]?.int(1...50) ?? (kind == .local ? 3 : 5)
            if kind == .local {
                rule.location = try location(node.require("location", in: fields))
            } else if let location = fields["location"] {
                throw location.error("applies to weather and local widgets only")
            }
        case .weather, .local:
            rule.location = try location(node.require("location", in: fields))
            if let count = fields["count"] { throw count.error("applies to carousel, list and local widgets only") }
            if let section = fields["section"] {
                throw section.error("applies to carousel, list and local widgets only (weather takes a source)")
            }
        }
        return rule
    }

    /// `{city: Oslo, country: NO}`.
    private func location(_ node: ConfigNode) throws -> [String: String] {
        guard let mapping = node.node.mapping, !mapping.isEmpty else {
            throw node.error("must be a mapping such as {city: Oslo}")
        }
        var location: [String: String] = [:]
        for (key, value) in mapping {
            location[key.string ?? ""] = try node.child(value, key.string ?? "").nonEmptyString()
        }
        return location
    }

    /// A weather widget's forecast: `{type: weather, url: …}` or `{type: weather, path: …}`.
    private func weatherSource(_ node: ConfigNode) throws -> FetchedSource {
        let fields = try node.mapping(allowed: ["type", "url", "path"])
        let type = try node.require("type", in: fields)
        guard try type.string() == "weather" else { throw type.error("must be weather") }
        switch (fields["url"], fields["path"]) {
        case (let url?, nil): return FetchedSource(location: .url(try url.fetchedURL(sourceCheck)), format: .weather)
        case (nil, let path?): return FetchedSource(location: .file(try file(path)), format: .weather)
        default: throw node.error("needs url or path (one of them)")
        }
    }

    /// `{id: enable-push, kind: enable_push, text: {en: …, ru: …}, dismissible: true}`.
    func notification(_ node: ConfigNode) throws -> NotificationRule {
        let fields = try node.mapping(allowed: ["id", "kind", "text", "dismissible", "start", "end"])
        var rule = NotificationRule(
            id: try node.require("id", in: fields).id(),
            kind: try node.require("kind", in: fields).nonEmptyString(),
            text: try node.require("text", in: fields).localized(),
            dismissible: try fields["dismissible"]?.bool() ?? true)
        rule.schedule = try schedule(fields)
        return rule
    }
}

extension ConfigNode {
    /// A `#rrggbb` colour.
    func colour() throws -> String {
        let raw = try string()
        let digits = raw.utf8.dropFirst()
        guard raw.utf8.first == UInt8(ascii: "#"), digits.count == 6,
            digits.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0 | 0x20) })
        else { throw error("must be a colour such as #1a2b3c, not \"\(raw)\"") }
        return raw.lowercased()
    }
}

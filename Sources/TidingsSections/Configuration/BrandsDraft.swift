import Foundation
import TidingsModel
import Yams

/// One document an editor sends: a brand's or a section's fields as one JSON object.
public struct EditedDocument {
    let node: Node

    /// `body` read as one JSON object (YAML that is not JSON is refused too, so an API speaks one
    /// language); mistakes in it are named at its lines.
    public init(json body: [UInt8], origin: String) throws {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), object is [String: Any] else {
            throw ConfigurationError("\(origin) must be one JSON object")
        }
        node = try BrandsDraft.compose(String(decoding: body, as: UTF8.self), origin: origin)
        guard node.mapping != nil else { throw ConfigurationError("\(origin) must be one JSON object") }
    }

    /// Its `id`, when it has a text one.
    public var id: String? { BrandsDraft.id(of: node) }

    /// Whether it has the key `name`.
    public func has(_ name: String) -> Bool { node.mapping?[Node(name)] != nil }

    /// The document with `id` as its id when it has none; nil when it names another.
    public func identified(as id: String) -> EditedDocument? {
        guard case .mapping(var fields) = node else { return self }
        if let given = fields[Node("id")] { return given.string == id ? self : nil }
        fields[Node("id")] = Node(id)
        return EditedDocument(node: .mapping(fields))
    }

    init(node: Node) {
        self.node = node
    }
}

/// The brands as the database keeps them — each brand's own fields and each of its sections as a
/// document in the configuration file's form — changed one document at a time and then read whole
/// by the file's reader: how an editor's change is checked before anything is stored (one set of
/// rules for the file, the import and the admin API). A mistake names the key path and line of
/// the document it is in; ``locate(_:)`` says which brand and section that is.
public struct BrandsDraft {
    /// One brand: its own fields and its sections, in order.
    struct Entry {
        var id: String
        var own: Node
        var sections: [(id: String, node: Node)]
    }

    private(set) var entries: [Entry]

    /// The documents as kept: each brand's own fields and its sections', as YAML.
    public init(documents: [(brand: String, sections: [String])]) throws {
        entries = try documents.map { brand, sections in
            let own = try Self.compose(brand, origin: "a kept brand")
            return Entry(
                id: Self.id(of: own) ?? "",
                own: own,
                sections: try sections.map {
                    let node = try Self.compose($0, origin: "a kept section")
                    return (Self.id(of: node) ?? "", node)
                })
        }
    }

    /// The brands' ids, in order.
    public var brandIDs: [String] { entries.map(\.id) }

    /// The ids of `brand`'s sections, in order; nil when there is no such brand.
    public func sectionIDs(of brand: String) -> [String]? {
        entries.first { $0.id == brand }?.sections.map(\.id)
    }

    /// Adds a brand at the end: its own fields with its `sections` list, as the file writes one.
    /// Its id is the document's; a brand with that id already kept is the caller's to refuse.
    public mutating func addBrand(_ edited: EditedDocument) {
        let document = edited.node
        guard case .mapping(var fields) = document else {
            entries.append(Entry(id: "", own: document, sections: []))
            return
        }
        let sections = fields[Node("sections")]?.sequence.map(Array.init) ?? []
        if sections.isEmpty {
            // Left for the reader to refuse with its own words (missing, or an empty list).
            entries.append(Entry(id: Self.id(of: document) ?? "", own: document, sections: []))
            return
        }
        fields[Node("sections")] = nil
        entries.append(
            Entry(
                id: Self.id(of: document) ?? "", own: .mapping(fields),
                sections: sections.map { (Self.id(of: $0) ?? "", $0) }))
    }

    /// Puts `document` in place of the own fields of `brand` (its sections stay); false when there
    /// is no such brand.
    @discardableResult
    public mutating func replaceBrand(_ brand: String, with edited: EditedDocument) -> Bool {
        let document = edited.node
        guard let index = entries.firstIndex(where: { $0.id == brand }) else { return false }
        entries[index].own = document
        entries[index].id = Self.id(of: document) ?? brand
        return true
    }

    /// Removes `brand` and its sections; false when there is no such brand.
    @discardableResult
    public mutating func removeBrand(_ brand: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == brand }) else { return false }
        entries.remove(at: index)
        return true
    }

    /// Puts `document` in place of `section` of `brand`, or adds it at the end of the brand's
    /// sections when `section` is nil; false when there is no such brand or section.
    @discardableResult
    public mutating func putSection(_ edited: EditedDocument, brand: String, replacing section: String?) -> Bool {
        let document = edited.node
        guard let index = entries.firstIndex(where: { $0.id == brand }) else { return false }
        let id = Self.id(of: document) ?? section ?? ""
        if let section {
            guard let at = entries[index].sections.firstIndex(where: { $0.id == section }) else { return false }
            entries[index].sections[at] = (id, document)
        } else {
            entries[index].sections.append((id, document))
        }
        return true
    }

    /// Merges `patch` into the own fields of `brand` (RFC 7396: a key's value replaces the kept
    /// one, mappings merge, `null` removes the key); false when there is no such brand.
    @discardableResult
    public mutating func patchBrand(_ brand: String, with patch: EditedDocument) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == brand }) else { return false }
        entries[index].own = Self.merge(patch.node, into: entries[index].own)
        return true
    }

    /// Merges `patch` into `section` of `brand`, as ``patchBrand(_:with:)`` does; false when there
    /// is no such brand or section.
    @discardableResult
    public mutating func patchSection(_ section: String, brand: String, with patch: EditedDocument) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == brand }),
            let at = entries[index].sections.firstIndex(where: { $0.id == section })
        else { return false }
        entries[index].sections[at].node = Self.merge(patch.node, into: entries[index].sections[at].node)
        return true
    }

    /// RFC 7396's merge of `patch` into `target`.
    static func merge(_ patch: Node, into target: Node) -> Node {
        guard case .mapping(let changes) = patch else { return patch }
        var fields = target.mapping ?? Node.Mapping([])
        for (key, value) in changes {
            if value.tag.rawValue == Tag.Name.null.rawValue, case .scalar = value {
                fields[key] = nil
            } else {
                fields[key] = merge(value, into: fields[key] ?? .mapping(.init([])))
            }
        }
        return .mapping(fields)
    }

    /// Removes `section` from `brand`; false when there is no such brand or section.
    @discardableResult
    public mutating func removeSection(_ section: String, brand: String) -> Bool {
        guard let index = entries.firstIndex(where: { $0.id == brand }),
            let at = entries[index].sections.firstIndex(where: { $0.id == section })
        else { return false }
        entries[index].sections.remove(at: at)
        return true
    }

    /// The brands, read by the configuration file's reader; `origin` names them in errors, and
    /// every URL the poller would fetch passes `sourceCheck` too when it is given.
    public func read(origin: String, sourceCheck: SectionsConfiguration.SourceURLCheck? = nil) throws -> [Brand] {
        let list = entries.map { entry -> Node in
            guard case .mapping(var fields) = entry.own else { return entry.own }
            if !entry.sections.isEmpty || fields[Node("sections")] == nil {
                fields[Node("sections")] = .sequence(.init(entry.sections.map(\.node)))
            }
            return .mapping(fields)
        }
        var configuration = SectionsConfiguration()
        try configuration.readBrands(
            ConfigNode(node: .sequence(.init(list)), path: "brands", origin: .file(origin)), baseDirectory: "/",
            sourceCheck: sourceCheck)
        try configuration.check { _ in nil }
        return configuration.brands
    }

    /// Which brand and section a key path of ``read(origin:)``'s errors is in, and the path within
    /// that document: `brands[1].sections[0].source.url` → the second brand's id, its first
    /// section's id, `source.url`.
    public func locate(_ path: String) -> (brand: String?, section: String?, field: String) {
        var rest = Substring(path)
        guard let brandIndex = Self.index(after: "brands", in: &rest) else { return (nil, nil, path) }
        let brand = entries.indices.contains(brandIndex) ? entries[brandIndex].id : nil
        guard rest.hasPrefix(".sections") else { return (brand, nil, String(rest.drop { $0 == "." })) }
        rest = rest.dropFirst(1)
        guard let sectionIndex = Self.index(after: "sections", in: &rest) else {
            return (brand, nil, String(rest))
        }
        let sections = brandIndex < entries.count ? entries[brandIndex].sections : []
        let section = sections.indices.contains(sectionIndex) ? sections[sectionIndex].id : nil
        return (brand, section, String(rest.drop { $0 == "." }))
    }

    /// Reads `name[N]` from the start of `text`, leaving what follows; nil when it is not there.
    private static func index(after name: String, in text: inout Substring) -> Int? {
        guard text.hasPrefix(name + "["), let close = text.firstIndex(of: "]") else { return nil }
        guard let index = Int(text[text.index(text.startIndex, offsetBy: name.count + 1)..<close]) else {
            return nil
        }
        text = text[text.index(after: close)...]
        return index
    }

    /// A document's `id`, when it is a mapping with a text id.
    static func id(of node: Node) -> String? {
        node.mapping?[Node("id")]?.string
    }

    /// A YAML (or JSON) text as a node; `origin` names it in errors.
    static func compose(_ text: String, origin: String) throws -> Node {
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw ConfigurationError("\(origin) is empty")
            }
            return node
        } catch let error as YamlError {
            throw ConfigurationError(ConfigNode.syntaxError(error, text: text, file: origin))
        }
    }

    /// A kept document (YAML) as JSON text, keys in the document's order: what an editor gets and
    /// sends back.
    public static func json(yaml: String) throws -> String {
        json(try compose(yaml, origin: "a kept document"))
    }

    /// A document as JSON text, keys in the document's order.
    static func json(_ node: Node) -> String {
        var text = ""
        writeJSON(node, to: &text)
        return text
    }

    private static func writeJSON(_ node: Node, to text: inout String) {
        switch node {
        case .mapping(let mapping):
            text += "{"
            for (index, (key, value)) in mapping.enumerated() {
                if index > 0 { text += "," }
                JSONStringLiteral.append(key.string ?? "", to: &text)
                text += ":"
                writeJSON(value, to: &text)
            }
            text += "}"
        case .sequence(let sequence):
            text += "["
            for (index, item) in sequence.enumerated() {
                if index > 0 { text += "," }
                writeJSON(item, to: &text)
            }
            text += "]"
        case .scalar(let scalar):
            // Yams resolves plain scalars as YAML 1.1 does: `NO` (Norway), `yes` and `off` are
            // booleans, `0123` an octal, `18:00` a number of minutes. Only what JSON and YAML 1.2
            // agree on becomes a JSON literal; the rest stays the text it was written as, which
            // the file's reader takes as the same value.
            let raw = scalar.string
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: text += "null"
            case .bool where ["true", "True", "TRUE"].contains(raw): text += "true"
            case .bool where ["false", "False", "FALSE"].contains(raw): text += "false"
            case .int where Int(raw).map(String.init) == raw: text += raw
            case .float where Double(raw)?.isFinite == true && raw.allSatisfy({ "0123456789.-+eE".contains($0) }):
                text += String(Double(raw) ?? 0)
            default: JSONStringLiteral.append(raw, to: &text)
            }
        case .alias:
            text += "null"
        }
    }
}

import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension OPMLDocument {
    /// Reads OPML 1.0 or 2.0 leniently: any case of element and attribute names (`xmlUrl`,
    /// `xmlurl`), `title` when `text` is missing, HTML entities, stray `&`, control characters and
    /// a byte order mark. Throws for what is not OPML, and for any entity declaration.
    public init(bytes: [UInt8]) throws(OPMLError) {
        let prepared = try OPMLInput.prepare(bytes, limit: Self.maxBytes)
        let reader = OPMLReader()
        let parser = XMLParser(data: Data(prepared))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let parsed = parser.parse()
        if let root = reader.foreignRoot { throw .notOPML(root: root) }
        guard parsed, reader.sawRoot else {
            let code = reader.errorCode ?? parser.parserError.map { ($0 as NSError).code }
            // Only the number: swift-corelibs-foundation passes libxml2's codes, which do not match
            // the names of `XMLParser.ErrorCode` (76, a tag mismatch, reads as standaloneValueError).
            let reason = code.map { "XMLParser error \($0)" }
            throw .notWellFormed(
                line: parser.lineNumber, column: parser.columnNumber, reason: reason ?? "no root element")
        }
        self.init(title: reader.title, dateCreated: reader.dateCreated, outlines: reader.outlines)
    }
}

/// Collects the head fields and the outline tree from `XMLParser` events.
private final class OPMLReader: NSObject, XMLParserDelegate {
    var sawRoot = false
    var foreignRoot: String?
    var errorCode: Int?
    var title: String?
    var dateCreated: Date?
    var outlines: [OPMLOutline] = []
    /// Outlines open around the current position, outermost first.
    private var open: [OPMLOutline] = []
    private var inHead = false
    private var headField: String?
    private var headText = ""

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let name = elementName.lowercased()
        guard sawRoot else {
            sawRoot = true
            if name != "opml" {
                foreignRoot = elementName
                parser.abortParsing()
            }
            return
        }
        switch name {
        case "head": inHead = true
        case "title" where inHead, "datecreated" where inHead: (headField, headText) = (name, "")
        case "outline": open.append(Self.outline(attributes))
        default: break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        switch elementName.lowercased() {
        case "head": inHead = false
        case "title" where headField == "title": title = finishHeadField()
        case "datecreated" where headField == "datecreated": dateCreated = finishHeadField().flatMap(WireDate.parse)
        case "outline":
            guard let outline = open.popLast() else { return }
            if open.isEmpty { outlines.append(outline) } else { open[open.count - 1].children.append(outline) }
        default: break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if headField != nil { headText += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if headField != nil { headText += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        errorCode = errorCode ?? (parseError as NSError).code
    }

    private func finishHeadField() -> String? {
        headField = nil
        let text = headText.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// An outline from its attributes, whatever their case.
    private static func outline(_ attributes: [String: String]) -> OPMLOutline {
        var values: [String: String] = [:]
        for (key, value) in attributes {
            let text = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty, values[key.lowercased()] == nil { values[key.lowercased()] = text }
        }
        let xmlURL = values["xmlurl"].flatMap { URL(string: $0) }
        let text = values["text"] ?? values["title"] ?? values["xmlurl"] ?? ""
        return OPMLOutline(
            text: text, title: values["title"], type: values["type"], xmlURL: xmlURL,
            htmlURL: values["htmlurl"].flatMap { URL(string: $0) }, xmlURLText: values["xmlurl"])
    }
}

extension OPMLDocument {
    /// The document as OPML 2.0, UTF-8 bytes.
    public func rendered() -> [UInt8] {
        var xml = XMLWriter()
        xml.open("opml", [("version", "2.0")])
        xml.open("head")
        xml.element("title", title)
        xml.element("dateCreated", dateCreated.map(WireDate.rfc822))
        xml.close("head")
        xml.open("body")
        for outline in outlines { write(outline, to: &xml) }
        xml.close("body")
        xml.close("opml")
        return xml.bytes
    }

    private func write(_ outline: OPMLOutline, to xml: inout XMLWriter) {
        let attributes: XMLWriter.Attributes = [
            ("type", outline.type ?? (outline.xmlURL == nil ? nil : "rss")), ("text", outline.text),
            ("title", outline.title), ("xmlUrl", outline.xmlURL?.absoluteString),
            ("htmlUrl", outline.htmlURL?.absoluteString),
        ]
        guard !outline.children.isEmpty else { return xml.empty("outline", attributes) }
        xml.open("outline", attributes)
        for child in outline.children { write(child, to: &xml) }
        xml.close("outline")
    }
}

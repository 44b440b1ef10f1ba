import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A document as read by Foundation's `XMLParser` (libxml2 on Linux), independent of our own
/// parser: whether it is well-formed, and its elements by path (`rss/channel/item/title`).
final class XMLStructure: NSObject, XMLParserDelegate {
    struct Element {
        var path: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private(set) var error: (any Error)?
    private var open: [Int] = []

    init(_ bytes: [UInt8]) {
        super.init()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        if !parser.parse() { error = error ?? parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    /// Element paths in document order.
    var paths: [String] { elements.map(\.path) }

    /// Every element at `path`.
    func all(_ path: String) -> [Element] { elements.filter { $0.path == path } }

    /// The text of the first element at `path`.
    func text(_ path: String) -> String? { all(path).first?.text }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        let parent = open.last.map { elements[$0].path + "/" } ?? ""
        elements.append(Element(path: parent + elementName, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        error = error ?? parseError
    }
}

/// Builds an XML document as UTF-8 bytes: one element per line, indented, text and attribute
/// values escaped, and the characters XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF) dropped,
/// since feeds carry them and one of them makes the whole document unreadable. Names are static
/// strings: they are always literals, and appending them is a copy.
struct XMLWriter {
    /// A list of attributes; nil values are left out.
    typealias Attributes = [(StaticString, String?)]

    /// The document so far.
    var bytes: [UInt8] = []
    /// Nesting depth of the next line.
    private var depth = 0
    /// Whether `&`, `<` and `>` are written as hexadecimal references.
    let hexReferences: Bool

    /// A document that starts with the XML declaration. With `hexReferences`, `&`, `<` and `>` are
    /// written `&#x26;`, `&#x3C;` and `&#x3E;`: the RSS Best Practices Profile's advice, the form the
    /// most aggregators read right in plain-text elements.
    init(capacity: Int = 4096, hexReferences: Bool = false) {
        self.hexReferences = hexReferences
        bytes.reserveCapacity(capacity)
        append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        bytes.append(0x0A)
    }

    /// `<name attributes>` on its own line; what follows is nested in it.
    mutating func open(_ name: StaticString, _ attributes: Attributes = []) {
        startTag(name, attributes)
        append(">\n")
        depth += 1
    }

    /// `</name>` on its own line.
    mutating func close(_ name: StaticString) {
        depth -= 1
        indent()
        endTag(name)
    }

    /// `<name attributes/>`.
    mutating func empty(_ name: StaticString, _ attributes: Attributes) {
        startTag(name, attributes)
        append("/>\n")
    }

    /// `<name attributes>text</name>`, or nothing when `text` is nil.
    mutating func element(_ name: StaticString, _ text: String?, _ attributes: Attributes = []) {
        guard let text else { return }
        startTag(name, attributes)
        bytes.append(UInt8(ascii: ">"))
        escape(text, .text)
        endTag(name)
    }

    /// `<name>text</name>` for plain text in an element read as HTML: escaped for HTML, then for XML.
    mutating func element(_ name: StaticString, plainTextAsHTML text: String?) {
        guard let text else { return }
        startTag(name, [])
        bytes.append(UInt8(ascii: ">"))
        escape(text, .html)
        endTag(name)
    }

    private mutating func startTag(_ name: StaticString, _ attributes: Attributes) {
        indent()
        bytes.append(UInt8(ascii: "<"))
        append(name)
        for case (let key, let value?) in attributes {
            bytes.append(0x20)
            append(key)
            append("=\"")
            escape(value, .attribute)
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private mutating func endTag(_ name: StaticString) {
        append("</")
        append(name)
        append(">\n")
    }

    private mutating func indent() {
        for _ in 0..<depth { append("  ") }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

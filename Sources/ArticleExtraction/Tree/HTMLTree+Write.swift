/// Writing a subtree back as HTML, for the sanitizer to make safe: names, attributes and text as
/// the page wrote them (entities stay encoded), attribute values re-quoted.
extension HTMLTree {
    /// The HTML of `node`'s children.
    func innerHTML(_ node: Node) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(Int(stats[Int(node)].characters) * 2 + 64)
        var current = firstChild[Int(node)]
        guard current != Self.none else { return output }
        // A walk in document order without recursion, writing end tags on the way up.
        while true {
            let index = Int(current)
            if kind[index] == .text {
                output.append(contentsOf: bytes[Int(range[index].lowerBound)..<Int(range[index].upperBound)])
            } else {
                writeStartTag(current, into: &output)
                if !kind[index].isVoid, firstChild[index] != Self.none {
                    current = firstChild[index]
                    continue
                }
                if !kind[index].isVoid { writeEndTag(current, into: &output) }
            }
            while next[Int(current)] == Self.none {
                current = parent[Int(current)]
                if current == node || current == Self.none { return output }
                writeEndTag(current, into: &output)
            }
            current = next[Int(current)]
        }
    }

    private func writeStartTag(_ node: Node, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: nameBytes(node))
        for index in attributeRange[Int(node)] {
            let attribute = attributes[Int(index)]
            guard !attribute.name.isEmpty else { continue }
            output.append(UInt8(ascii: " "))
            output.append(contentsOf: bytes[attribute.name])
            output.append(contentsOf: "=\"".utf8)
            for byte in bytes[attribute.value] {
                if byte == UInt8(ascii: "\"") {
                    output.append(contentsOf: "&quot;".utf8)
                } else {
                    output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
    }

    private func writeEndTag(_ node: Node, into output: inout [UInt8]) {
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: nameBytes(node))
        output.append(UInt8(ascii: ">"))
    }
}

import FeedParsing

/// Reading attributes and text: decoded (entities) only when asked for.
extension HTMLTree {
    /// The index in `attributes` of `node`'s attribute `name` (ASCII, lower-case), matched
    /// case-insensitively; the first when it repeats, as browsers keep the first.
    func attributeIndex(_ node: Node, _ name: String) -> Int? {
        attributeRange[Int(node)].lazy.map(Int.init).first { isNamed(attributes[$0], name) }
    }

    /// Whether `attribute` is called `name` (ASCII, lower-case), case-insensitively.
    func isNamed(_ attribute: Attribute, _ name: String) -> Bool {
        attribute.name.count == name.utf8.count
            && bytes.withUnsafeBufferPointer {
                ClassPatterns.matches($0, at: attribute.name.lowerBound, end: attribute.name.upperBound, name)
            }
    }

    func hasAttribute(_ node: Node, _ name: String) -> Bool { attributeIndex(node, name) != nil }

    /// The attribute's value, entities decoded; nil when the element has no such attribute.
    func attribute(_ node: Node, _ name: String) -> String? {
        guard let index = attributeIndex(node, name) else { return nil }
        return decoded(attributes[index].value)
    }

    /// The value's raw bytes (entities not decoded).
    func rawAttribute(_ node: Node, _ name: String) -> ArraySlice<UInt8>? {
        guard let index = attributeIndex(node, name) else { return nil }
        return bytes[attributes[index].value]
    }

    /// `bytes[range]` with character references decoded.
    func decoded(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            guard
                ByteScan.index(of: UInt8(ascii: "&"), in: buffer, from: range.lowerBound, to: range.upperBound)
                    != nil
            else { return String(decoding: buffer[range], as: UTF8.self) }
            var output: [UInt8] = []
            output.reserveCapacity(range.count)
            HTMLEntities.decode(buffer, range, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The text of `node` and its descendants, as the DOM's `textContent`: text nodes joined.
    func textContent(_ node: Node) -> String {
        if kind[Int(node)] == .text {
            return decoded(Int(range[Int(node)].lowerBound)..<Int(range[Int(node)].upperBound))
        }
        return String(decoding: textBytes(node), as: UTF8.self)
    }

    /// The UTF-8 of the text of `node`'s descendants, character references decoded.
    func textBytes(_ node: Node) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBufferPointer { buffer in
            if kind[Int(node)] == .text {
                HTMLEntities.decode(
                    buffer, Int(range[Int(node)].lowerBound)..<Int(range[Int(node)].upperBound), into: &output)
                return
            }
            var current = firstChild[Int(node)]
            guard current != Self.none else { return }
            // A walk of the subtree in document order, without recursion (the tree may be deep).
            while current != Self.none {
                let index = Int(current)
                if kind[index] == .text {
                    HTMLEntities.decode(
                        buffer, Int(range[index].lowerBound)..<Int(range[index].upperBound), into: &output)
                }
                if kind[index] != .text, firstChild[index] != Self.none {
                    current = firstChild[index]
                    continue
                }
                while current != node, next[Int(current)] == Self.none { current = parent[Int(current)] }
                if current == node { break }
                current = next[Int(current)]
            }
        }
        return output
    }

    /// `innerText(node).utf16.count`, counted on the text's bytes without building either string
    /// (Readability's scoring asks it of every candidate near a threshold).
    func innerTextLength(_ node: Node) -> Int {
        let text = textBytes(node)
        return text.withUnsafeBufferPointer { bytes in
            var count = 0
            var pendingSpace = false
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                guard index + length <= bytes.count else {
                    count += 1  // a cut sequence: one replacement character
                    break
                }
                var scalar = UInt32(lead)
                if length > 1 {
                    scalar &= UInt32(0x7F) >> length
                    for next in 1..<length { scalar = scalar << 6 | UInt32(bytes[index + next] & 0x3F) }
                }
                index += length
                if let value = Unicode.Scalar(scalar), Self.isSpace(value) {
                    pendingSpace = count > 0
                } else {
                    if pendingSpace { count += 1 }
                    pendingSpace = false
                    count += length == 4 ? 2 : 1
                }
            }
            return count
        }
    }

    func innerText(_ node: Node) -> String { Self.collapsingSpaces(textContent(node)) }

    static func collapsingSpaces(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for character in text.unicodeScalars {
            if isSpace(character) {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Lower-cased runs of letters and digits: the words of a title, a URL's path, a class name.
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }

    /// JavaScript's `\s`: what `trim()` and Readability's patterns treat as white space.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// The element's name: its kind's, or the bytes it was written with for `.other`.
    func nameBytes(_ node: Node) -> ArraySlice<UInt8> {
        let kind = kind[Int(node)]
        if kind == .other { return bytes[Int(range[Int(node)].lowerBound)..<Int(range[Int(node)].upperBound)] }
        return kind.nameBytes[...]
    }

    /// The class attribute, or an empty string.
    func className(_ node: Node) -> String { attribute(node, "class") ?? "" }
}

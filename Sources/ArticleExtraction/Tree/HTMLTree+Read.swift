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

    /// `innerText(node).utf16.count`, counted without building the collapsed string
    /// (Readability's scoring asks it of every candidate near a threshold).
    func innerTextLength(_ node: Node) -> Int {
        var count = 0
        Self.collapsingSpaces(String(decoding: textBytes(node), as: UTF8.self).unicodeScalars) {
            count += $0.value > 0xFFFF ? 2 : 1
        }
        return count
    }

    func innerText(_ node: Node) -> String { Self.collapsingSpaces(textContent(node)) }

    /// The text with JavaScript's white space collapsed: none at the start or the end, one space
    /// for each run between.
    static func collapsingSpaces(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        collapsingSpaces(text.unicodeScalars) { result.unicodeScalars.append($0) }
        return result
    }

    /// The rule of `collapsingSpaces(_:)` for a string, giving each scalar kept to `keep`.
    @inline(__always)
    static func collapsingSpaces<Scalars: Sequence<Unicode.Scalar>>(
        _ scalars: Scalars, _ keep: (Unicode.Scalar) -> Void
    ) {
        var started = false
        var pendingSpace = false
        for scalar in scalars {
            if isSpace(scalar) {
                pendingSpace = started
            } else {
                if pendingSpace { keep(" ") }
                pendingSpace = false
                started = true
                keep(scalar)
            }
        }
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

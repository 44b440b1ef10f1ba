import Foundation

/// One HTML tag read from UTF-8 bytes without allocating: byte ranges of its name and attributes
/// (raw: name not lower-cased, value not decoded). Quoted attribute values may hold `>`; comments,
/// doctypes, CDATA sections and processing instructions are `.other`.
package struct Tag {
    package enum Kind {
        case start
        case end
        case other
    }

    /// One attribute as written; `value` is empty when the attribute has none.
    package struct Attribute: Sendable {
        package var name: Range<Int>
        package var value: Range<Int>

        package init(name: Range<Int>, value: Range<Int>) {
            self.name = name
            self.value = value
        }
    }

    /// The attributes of the last tag read. Their storage is kept from tag to tag: emptying an
    /// array for every tag went through the generic `replaceSubrange` and cost more than reading.
    package struct Attributes: Sequence {
        private var storage: [Attribute] = []
        package private(set) var count = 0

        package init() {}

        package mutating func removeAll() { count = 0 }

        mutating func append(_ attribute: Attribute) {
            if count < storage.count {
                storage[count] = attribute
            } else {
                storage.append(attribute)
            }
            count += 1
        }

        package func makeIterator() -> ArraySlice<Attribute>.Iterator { storage[..<count].makeIterator() }
    }

    package var kind: Kind
    package var name: Range<Int>
    package var selfClosing: Bool
    /// False when the input ended inside the tag (browsers drop such a tag).
    package var terminated: Bool
    /// The index just after the tag.
    package var end: Int

    /// Reads a tag at `start` (which holds "<"), its attributes into `attributes` (emptied first);
    /// nil when the "<" does not open a tag, as in "1 < 2".
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, attributes: inout Attributes) -> Tag? {
        let count = bytes.count
        var i = start + 1
        guard i < count else { return nil }
        let c = bytes[i]
        if c == UInt8(ascii: "!") || c == UInt8(ascii: "?") {
            let comment = i + 2 < count && bytes[i + 1] == UInt8(ascii: "-") && bytes[i + 2] == UInt8(ascii: "-")
            var end = count
            while i < count {
                if comment {
                    if bytes[i] == UInt8(ascii: "-"), i + 2 < count, bytes[i + 1] == UInt8(ascii: "-"),
                        bytes[i + 2] == UInt8(ascii: ">")
                    {
                        end = i + 3
                        break
                    }
                } else if bytes[i] == UInt8(ascii: ">") {
                    end = i + 1
                    break
                }
                i += 1
            }
            return Tag(kind: .other, name: start..<start, selfClosing: false, terminated: end < count, end: end)
        }
        let closing = c == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while i < count, isNameByte(bytes[i]) { i += 1 }
        guard i > nameStart, isLetter(bytes[nameStart]) else { return nil }
        var tag = Tag(
            kind: closing ? .end : .start, name: nameStart..<i, selfClosing: false, terminated: false, end: count)
        attributes.removeAll()
        while i < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: ">") {
                tag.terminated = true
                tag.end = i + 1
                return tag
            }
            if byte == UInt8(ascii: "/") {
                tag.selfClosing = true
                i += 1
                continue
            }
            if byte <= 32 {
                i += 1
                continue
            }
            tag.selfClosing = false
            let attributeStart = i
            i += 1  // the first byte belongs to the name even when it is "/" or "="
            while i < count {
                let b = bytes[i]
                if b <= 32 || b == UInt8(ascii: "=") || b == UInt8(ascii: ">") || b == UInt8(ascii: "/") { break }
                i += 1
            }
            if bytes[attributeStart] == UInt8(ascii: "=") { i = attributeStart }  // "=" alone: empty name
            let name = attributeStart..<i
            var value = i..<i
            while i < count, bytes[i] <= 32 { i += 1 }
            if i < count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < count, bytes[i] <= 32 { i += 1 }
                if i < count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    let valueStart = i + 1
                    // Values are the long part of a tag (URLs, srcsets): searched for with memchr.
                    i = ByteScan.index(of: quote, in: bytes, from: valueStart, to: count) ?? count
                    value = valueStart..<i
                    if i < count { i += 1 }
                } else {
                    let valueStart = i
                    while i < count, bytes[i] > 32, bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = valueStart..<i
                }
            }
            attributes.append(Attribute(name: name, value: value))
        }
        return tag  // unterminated: the rest of the input was inside it
    }

    /// The index of the "<" of the end tag that closes the raw-text element named like
    /// `bytes[name]` (script, style…), found case-insensitively after `start`; the end when none does.
    package static func rawTextEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: Range<Int>) -> Int {
        let count = bytes.count
        var lt = start
        search: while lt + 1 < count {
            guard bytes[lt] == UInt8(ascii: "<"), bytes[lt + 1] == UInt8(ascii: "/") else {
                lt += 1
                continue
            }
            var j = lt + 2
            for k in name {
                guard j < count, bytes[j] | 0x20 == bytes[k] | 0x20 else {
                    lt += 1
                    continue search
                }
                j += 1
            }
            // "</scripts>" does not close a script; "</script>", "</script " and "</script/" do.
            if j == count || bytes[j] <= 32 || bytes[j] == UInt8(ascii: ">") || bytes[j] == UInt8(ascii: "/") {
                return lt
            }
            lt += 1
        }
        return count
    }

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
    static func isNameByte(_ c: UInt8) -> Bool {
        isLetter(c) || (c >= 48 && c <= 57) || c == UInt8(ascii: "-") || c == UInt8(ascii: ":")
    }
}

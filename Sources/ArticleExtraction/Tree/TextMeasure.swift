import FeedParsing

/// A text node's measures, read from its raw bytes once: characters (white-space runs counting
/// one), non-space characters and commas, with character references counted as what they decode to.
enum TextMeasure {
    static func measure(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> TextStats {
        var stats = TextStats()
        var inSpace = false
        var index = range.lowerBound
        let end = range.upperBound
        @inline(__always) func count(space: Bool, comma: Bool) {
            if space {
                if !inSpace { stats.characters &+= 1 }
                inSpace = true
            } else {
                stats.characters &+= 1
                stats.solid &+= 1
                if comma { stats.commas &+= 1 }
                inSpace = false
            }
        }
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == UInt8(ascii: "&"), let (decoded, after) = HTMLEntities.reference(bytes, at: index, end: end)
                {
                    for scalar in decoded.unicodeScalars {
                        count(space: HTMLTree.isSpace(scalar), comma: isComma(scalar.value))
                    }
                    index = after
                    continue
                }
                count(space: byte == 0x20 || (byte >= 0x09 && byte <= 0x0D), comma: byte == UInt8(ascii: ","))
                index += 1
                continue
            }
            // A multi-byte scalar: decode it only for the few that are spaces or commas.
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard length > 1, index + length <= end else {
                count(space: false, comma: false)
                index += 1
                continue
            }
            var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            let scalar = Unicode.Scalar(value)
            count(space: scalar.map(HTMLTree.isSpace) ?? false, comma: isComma(value))
            index += length
        }
        return stats
    }

    /// Readability's commas: Latin, Arabic, the small, vertical, reversed and full-width forms.
    @inline(__always) static func isComma(_ value: UInt32) -> Bool {
        switch value {
        case 0x2C, 0x60C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: true
        default: false
        }
    }
}

/// The facts about an element its attributes tell, read once when it is made (`NodeFlags`).
enum NodeFlagReader {
    static let unlikelyRoles: Set<String> = [
        "menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog",
    ]

    static func flags(_ bytes: UnsafeBufferPointer<UInt8>, _ attributes: Tag.Attributes, kind: ElementKind)
        -> NodeFlags
    {
        var flags: NodeFlags = []
        var ariaHidden = false
        var modal = false
        var dialog = false
        var fallbackImage = false
        for attribute in attributes {
            let name = attribute.name
            let value = attribute.value
            switch name.count {
            case 2 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "id"):
                let groups = ClassPatterns.groups(bytes, value)
                flags.formUnion(common(groups))
                if groups.contains(.positive) { flags.insert(.positiveID) }
                if groups.contains(.negative) { flags.insert(.negativeID) }
                if value.contains(where: { bytes[$0] > 32 }) { flags.insert(.hasID) }
            case 5 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "class"):
                let groups = ClassPatterns.groups(bytes, value)
                flags.formUnion(common(groups))
                if groups.contains(.positive) { flags.insert(.positiveClass) }
                if groups.contains(.negative) { flags.insert(.negativeClass) }
                if value.contains(where: { bytes[$0] > 32 }) { flags.insert(.hasClass) }
                fallbackImage = ClassPatterns.contains(bytes, value, "fallback-image")
            case 5 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "style"):
                if hides(bytes, value) { flags.insert(.hidden) }
            case 6 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "hidden"):
                flags.insert(.hidden)
            case 11 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "aria-hidden"):
                ariaHidden = equals(bytes, value, "true")
            case 10 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "aria-modal"):
                modal = equals(bytes, value, "true")
            case 4 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "role"):
                let role = String(decoding: bytes[value], as: UTF8.self)
                dialog = role == "dialog"
                if unlikelyRoles.contains(role) { flags.insert(.unlikelyRole) }
            case 3 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "rel"):
                if equals(bytes, value, "author") { flags.insert(.authorAttribute) }
            case 8 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "itemprop"):
                if ClassPatterns.contains(bytes, value, "author") { flags.insert(.authorAttribute) }
                if ClassPatterns.contains(bytes, value, "name") { flags.insert(.itemName) }
            case 4 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "href"):
                if value.count > 1, bytes[value.lowerBound] == UInt8(ascii: "#") { flags.insert(.hashLink) }
            case 11 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "data-author"),
                16 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "data-author-name"),
                20 where ClassPatterns.matches(bytes, at: name.lowerBound, end: name.upperBound, "data-author-username"):
                flags.insert(.dataAuthor)
            default: break
            }
        }
        if ariaHidden, !fallbackImage { flags.insert(.hidden) }
        if modal, dialog { flags.insert(.modalDialog) }
        return flags
    }

    private static func common(_ groups: ClassPatterns.Groups) -> NodeFlags {
        var flags: NodeFlags = []
        if groups.contains(.unlikely) { flags.insert(.unlikely) }
        if groups.contains(.maybeCandidate) { flags.insert(.maybeCandidate) }
        if groups.contains(.byline) { flags.insert(.byline) }
        if groups.contains(.share) { flags.insert(.share) }
        return flags
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: String) -> Bool {
        range.count == word.utf8.count
            && ClassPatterns.matches(bytes, at: range.lowerBound, end: range.upperBound, word)
    }

    /// Whether a style attribute says `display: none` or `visibility: hidden`.
    static func hides(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        declares(bytes, range, "display", "none") || declares(bytes, range, "visibility", "hidden")
    }

    private static func declares(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ property: String, _ value: String
    )
        -> Bool
    {
        let property = property.utf8
        guard range.count > property.count else { return false }
        var index = range.lowerBound
        while index + property.count <= range.upperBound {
            defer { index += 1 }
            guard ClassPatterns.matches(bytes, at: index, end: range.upperBound, property) else { continue }
            // A whole property name: not the end of "-webkit-display" or the like.
            if index > range.lowerBound {
                let before = bytes[index - 1]
                guard before <= 32 || before == UInt8(ascii: ";") else { continue }
            }
            var cursor = index + property.count
            while cursor < range.upperBound, bytes[cursor] <= 32 { cursor += 1 }
            guard cursor < range.upperBound, bytes[cursor] == UInt8(ascii: ":") else { continue }
            cursor += 1
            while cursor < range.upperBound, bytes[cursor] <= 32 { cursor += 1 }
            if ClassPatterns.matches(bytes, at: cursor, end: range.upperBound, value) {
                let after = cursor + value.utf8.count
                if after == range.upperBound || !ClassPatterns.isAlphanumeric(bytes[after]) { return true }
            }
        }
        return false
    }
}

/// HTML character references: named (the ones feeds use — Latin-1, typography, arrows, Greek, math),
/// decimal and hexadecimal. XML defines only five names, but feeds use HTML's (`&nbsp;`, `&eacute;`),
/// so the XML side decodes with this table too.
public enum HTMLEntities {
    /// The character a reference names, from the text between `&` and `;` ("amp", "#233", "#xE9").
    /// Numeric references to C1 controls are read as windows-1252, as browsers do (`&#150;` is "–");
    /// `&#0;` is U+FFFD, as in browsers. A reference to a character XML 1.0 does not allow (C0
    /// controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) is the empty string:
    /// it names nothing that may be stored or shown.
    public static func character(for name: some StringProtocol) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = digits.count <= 7 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = digits.count <= 8 ? UInt32(digits, radix: 10) : nil
            }
            return value.flatMap(numericCharacter)
        }
        return named[String(name)]
    }

    /// The character a numeric reference to `value` names (see `character(for:)`).
    static func numericCharacter(_ value: UInt32) -> String {
        if value == 0 { return "\u{FFFD}" }
        if isForbiddenInXML(value) { return "" }
        var scalar = value
        if (0x80...0x9F).contains(scalar) {
            // Browsers read these as windows-1252; its five undefined bytes stay as they are.
            let mapped = SingleByteTables.windows1252[Int(scalar - 0x80)]
            if mapped != 0xFFFD { scalar = UInt32(mapped) }
        }
        return Unicode.Scalar(scalar).map { String(Character($0)) } ?? "\u{FFFD}"
    }

    /// Whether XML 1.0 forbids the character `value` (a C0 control other than tab, line feed and
    /// carriage return, or U+FFFE, U+FFFF; surrogates never reach here).
    static func isForbiddenInXML(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF
    }

    /// Decodes every reference in `text`; unknown or malformed ones stay as written.
    public static func decode(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        return withUTF8(text) { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            decode(bytes, 0..<bytes.count, into: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Appends `bytes[range]` to `output` with every reference decoded.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into output: inout [UInt8]) {
        var index = range.lowerBound
        var run = index
        while index < range.upperBound {
            guard bytes[index] == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index]))
            if let (character, end) = reference(bytes, at: index, end: range.upperBound) {
                output.append(contentsOf: character.utf8)
                index = end
            } else {
                output.append(UInt8(ascii: "&"))
                index += 1
            }
            run = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<range.upperBound]))
    }

    /// What the reference at `amp` (an "&" in `bytes[..<end]`) decodes to, and the index after it;
    /// nil when the "&" is just an ampersand.
    package static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at amp: Int, end: Int) -> (String, Int)? {
        let start = amp + 1
        // Every name starts with a letter, every number with "#": a quick no for "& " and "&&".
        guard start < end, Tag.isLetter(bytes[start]) || bytes[start] == UInt8(ascii: "#") else { return nil }
        var semicolon = start
        let limit = min(end, start + 32)
        while semicolon < limit, bytes[semicolon] != UInt8(ascii: ";") { semicolon += 1 }
        if semicolon < limit {
            let name = UnsafeBufferPointer(rebasing: bytes[start..<semicolon])
            if let character = common(name) ?? character(bytes: name) {
                return (character, semicolon + 1)
            }
        }
        return legacy(bytes, from: start, end: end)
    }

    /// The references most text is full of, without building a string to look them up.
    private static func common(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        switch name.count {
        case 2 where name[1] == UInt8(ascii: "t"):
            name[0] == UInt8(ascii: "l") ? "<" : name[0] == UInt8(ascii: "g") ? ">" : nil
        case 3 where name[0] == UInt8(ascii: "a") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p"):
            "&"
        case 4
        where name[0] == UInt8(ascii: "q") && name[1] == UInt8(ascii: "u") && name[2] == UInt8(ascii: "o")
            && name[3] == UInt8(ascii: "t"):
            "\""
        default:
            nil
        }
    }

    /// The few names browsers accept without a semicolon ("&amp", "&nbsp", "&copy") when the next
    /// character cannot continue a name.
    private static func legacy(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (String, Int)? {
        for name in ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"] {
            let nameEnd = start + name.utf8.count
            guard nameEnd <= end, name.utf8.elementsEqual(UnsafeBufferPointer(rebasing: bytes[start..<nameEnd]))
            else { continue }
            if nameEnd < end, continuesName(bytes, at: nameEnd, end: end) { continue }
            return (named[name]!, nameEnd)
        }
        return nil
    }

    /// Whether the character at `index` is a letter, a number or "=" (as `Character` judges).
    private static func continuesName(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 {
            return Tag.isLetter(byte) || (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "=")
        }
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static let named: [String: String] = {
        var table: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "ensp": "\u{2002}",
            "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}", "zwj": "\u{200D}", "lrm": "\u{200E}",
            "rlm": "\u{200F}", "shy": "\u{00AD}", "ndash": "–", "mdash": "—", "lsquo": "‘", "rsquo": "’",
            "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "lsaquo": "‹",
            "rsaquo": "›", "hellip": "…", "bull": "•", "middot": "·", "prime": "′", "Prime": "″", "dagger": "†",
            "Dagger": "‡", "permil": "‰", "copy": "©", "reg": "®", "trade": "™", "euro": "€", "pound": "£",
            "yen": "¥", "cent": "¢", "curren": "¤", "sect": "§", "para": "¶", "deg": "°", "plusmn": "±",
            "times": "×", "divide": "÷", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²",
            "sup3": "³", "micro": "µ", "acute": "´", "uml": "¨", "cedil": "¸", "macr": "¯", "ordf": "ª",
            "ordm": "º", "not": "¬", "brvbar": "¦", "iexcl": "¡", "iquest": "¿", "szlig": "ß", "larr": "←",
            "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "lArr": "⇐", "rArr": "⇒", "hArr": "⇔",
            "minus": "−", "le": "≤", "ge": "≥", "ne": "≠", "asymp": "≈", "equiv": "≡", "infin": "∞", "sum": "∑",
            "prod": "∏", "radic": "√", "part": "∂", "nabla": "∇", "isin": "∈", "cap": "∩", "cup": "∪",
            "int": "∫", "there4": "∴", "sim": "∼", "loz": "◊", "spades": "♠", "clubs": "♣", "hearts": "♥",
            "diams": "♦", "oline": "‾", "frasl": "⁄", "circ": "ˆ", "tilde": "˜", "fnof": "ƒ", "OElig": "Œ",
            "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "check": "✓", "star": "☆",
        ]
        // Latin-1 letters: grave, acute, circumflex, tilde, umlaut, ring, and the rest.
        let letters: [(String, String, String)] = [
            ("A", "À", "à"), ("E", "È", "è"), ("I", "Ì", "ì"), ("O", "Ò", "ò"), ("U", "Ù", "ù"),
        ]
        for (base, upper, lower) in letters {
            let upperScalar = upper.unicodeScalars.first!.value
            let lowerScalar = lower.unicodeScalars.first!.value
            for (offset, suffix) in ["grave", "acute", "circ"].enumerated() {
                table[base + suffix] = String(Character(Unicode.Scalar(upperScalar + UInt32(offset))!))
                table[base.lowercased() + suffix] = String(Character(Unicode.Scalar(lowerScalar + UInt32(offset))!))
            }
        }
        let more: [String: String] = [
            "Atilde": "Ã", "atilde": "ã", "Auml": "Ä", "auml": "ä", "Aring": "Å", "aring": "å", "AElig": "Æ",
            "aelig": "æ", "Ccedil": "Ç", "ccedil": "ç", "Euml": "Ë", "euml": "ë", "Iuml": "Ï", "iuml": "ï",
            "ETH": "Ð", "eth": "ð", "Ntilde": "Ñ", "ntilde": "ñ", "Otilde": "Õ", "otilde": "õ", "Ouml": "Ö",
            "ouml": "ö", "Oslash": "Ø", "oslash": "ø", "Uuml": "Ü", "uuml": "ü", "Yacute": "Ý", "yacute": "ý",
            "yuml": "ÿ", "THORN": "Þ", "thorn": "þ",
        ]
        table.merge(more) { first, _ in first }
        // Greek letters by name.
        let greek = [
            "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa", "Lambda", "Mu",
            "Nu", "Xi", "Omicron", "Pi", "Rho", "", "Sigma", "Tau", "Upsilon", "Phi", "Chi", "Psi", "Omega",
        ]
        for (offset, name) in greek.enumerated() where !name.isEmpty {
            table[name] = String(Character(Unicode.Scalar(0x391 + UInt32(offset))!))
            table[name.lowercased()] = String(Character(Unicode.Scalar(0x3B1 + UInt32(offset))!))
        }
        table["sigmaf"] = "ς"
        return table
    }()
}

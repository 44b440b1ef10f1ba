/// HTML character references: named (the ones feeds use — Latin-1, typography, arrows, Greek, math),
/// decimal and hexadecimal. XML defines only five names, but feeds use HTML's (`&nbsp;`, `&eacute;`),
/// so the XML side decodes with this table too.
public enum HTMLEntities {
    /// The character a reference names, from the text between `&` and `;` ("amp", "#233", "#xE9").
    /// Numeric references to C1 controls are read as windows-1252, as browsers do (`&#150;` is "–").
    public static func character(for name: some StringProtocol) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = digits.count <= 7 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = digits.count <= 8 ? UInt32(digits, radix: 10) : nil
            }
            guard var scalar = value, scalar != 0 else { return value == 0 ? "\u{FFFD}" : nil }
            if (0x80...0x9F).contains(scalar) {
                // Browsers read these as windows-1252; its five undefined bytes stay as they are.
                let mapped = SingleByteTables.windows1252[Int(scalar - 0x80)]
                if mapped != 0xFFFD { scalar = UInt32(mapped) }
            }
            return Unicode.Scalar(scalar).map { String(Character($0)) } ?? "\u{FFFD}"
        }
        return named[String(name)]
    }

    /// Decodes every reference in `text`; unknown or malformed ones stay as written.
    public static func decode(_ text: some StringProtocol) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while let amp = text[index...].firstIndex(of: "&") {
            result += text[index..<amp]
            let afterAmp = text.index(after: amp)
            let limit = text.index(afterAmp, offsetBy: 32, limitedBy: text.endIndex) ?? text.endIndex
            if let semicolon = text[afterAmp..<limit].firstIndex(of: ";"),
                let character = character(for: text[afterAmp..<semicolon])
            {
                result += character
                index = text.index(after: semicolon)
            } else if let (character, end) = legacy(text, from: afterAmp) {
                result += character
                index = end
            } else {
                result += "&"
                index = afterAmp
            }
        }
        result += text[index...]
        return result
    }

    /// The few names browsers accept without a semicolon ("&amp", "&nbsp", "&copy") when the next
    /// character cannot continue a name.
    private static func legacy(_ text: some StringProtocol, from start: String.Index) -> (String, String.Index)? {
        for name in ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"] {
            guard let end = text.index(start, offsetBy: name.count, limitedBy: text.endIndex),
                text[start..<end] == name
            else { continue }
            if end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "=" { continue }
            return (named[name]!, end)
        }
        return nil
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

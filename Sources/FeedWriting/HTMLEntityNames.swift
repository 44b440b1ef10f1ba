/// The HTML entities OPML exporters write that XML does not define: Latin-1 (U+00A0…U+00FF, in
/// order) and the common punctuation and symbols. Others are kept as literal text.
enum HTMLEntityNames {
    /// The code point `name` stands for.
    static func value(of name: String) -> UInt32? { table[name] }

    private static let table: [String: UInt32] = {
        let latin1 = [
            "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3",
            "acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml",
            "Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde",
            "Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig",
            "ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide",
            "oslash ugrave uacute ucirc uuml yacute thorn yuml",
        ].joined(separator: " ").split(separator: " ")
        var table: [String: UInt32] = [
            "OElig": 338, "oelig": 339, "Scaron": 352, "scaron": 353, "Yuml": 376, "fnof": 402, "circ": 710,
            "tilde": 732, "ensp": 8194, "emsp": 8195, "thinsp": 8201, "zwnj": 8204, "zwj": 8205, "lrm": 8206,
            "rlm": 8207, "ndash": 8211, "mdash": 8212, "lsquo": 8216, "rsquo": 8217, "sbquo": 8218, "ldquo": 8220,
            "rdquo": 8221, "bdquo": 8222, "dagger": 8224, "Dagger": 8225, "bull": 8226, "hellip": 8230, "permil": 8240,
            "prime": 8242, "Prime": 8243, "lsaquo": 8249, "rsaquo": 8250, "euro": 8364, "trade": 8482, "larr": 8592,
            "uarr": 8593, "rarr": 8594, "darr": 8595, "harr": 8596, "minus": 8722,
        ]
        for (offset, name) in latin1.enumerated() { table[String(name)] = 0xA0 + UInt32(offset) }
        return table
    }()
}

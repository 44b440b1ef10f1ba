import Foundation

/// A character encoding feeds arrive in.
public enum FeedEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16LittleEndian = "utf-16le"
    case utf16BigEndian = "utf-16be"
    case windows1252 = "windows-1252"
    case windows1251 = "windows-1251"
    case koi8R = "koi8-r"
    case gb18030 = "gb18030"
    case shiftJIS = "shift_jis"
    case big5 = "big5"
    case eucKR = "euc-kr"

    /// Reads a label as found in XML declarations and HTTP headers ("UTF8", "ISO-8859-1", "cp1251").
    /// ISO-8859-1 and US-ASCII read as windows-1252, their superset, as browsers do.
    public init?(label: some StringProtocol) {
        let key = label.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "utf8", "unicode11utf8": self = .utf8
        case "utf16le": self = .utf16LittleEndian
        case "utf16be", "utf16": self = .utf16BigEndian  // "utf-16" without a BOM is big-endian
        case "windows1252", "cp1252", "iso88591", "latin1", "l1", "usascii", "ascii", "xuserdefined":
            self = .windows1252
        case "windows1251", "cp1251", "xcp1251", "win1251": self = .windows1251
        case "koi8r", "koi8", "cskoi8r": self = .koi8R
        // GB2312 and GBK documents are read as GB18030, their superset (as browsers do).
        case "gb18030", "gb2312", "gbk", "xgbk", "euccn", "cp936", "chinese", "csgb2312": self = .gb18030
        case "shiftjis", "sjis", "xsjis", "mskanji", "windows31j", "cp932": self = .shiftJIS
        case "big5", "big5hkscs", "cnbig5", "xxbig5", "cp950": self = .big5
        case "euckr", "cp949", "ksc56011987", "windows949": self = .eucKR
        default: return nil
        }
    }
}

extension FeedEncoding {
    /// Foundation's converter for the East Asian multi-byte encodings, whose tables are too big to
    /// carry here; these raw values are the CFStringEncoding-derived ones on every platform.
    var foundationEncoding: String.Encoding {
        switch self {
        case .gb18030: String.Encoding(rawValue: 0x8000_0632)
        case .shiftJIS: .shiftJIS
        case .big5: String.Encoding(rawValue: 0x8000_0A03)
        case .eucKR: String.Encoding(rawValue: 0x8000_0940)
        default: .utf8
        }
    }
}

/// Turns a feed's or a page's bytes into UTF-8, choosing the encoding by, in order: a byte-order mark;
/// UTF-16 without one (`<` followed by NUL); the XML declaration; the caller's HTTP charset; for a
/// document without an XML declaration, a `<meta charset>` in its first 1,024 bytes (the HTML
/// Standard's prescan, `HTMLCharsetPrescan`), below the HTTP charset as browsers rank it. A declared
/// encoding the bytes contradict (a "UTF-8" document with invalid UTF-8) is passed over with a
/// warning, and valid non-ASCII UTF-8 beats any single-byte label, so mis-declared documents
/// recover; with nothing usable, valid UTF-8 is UTF-8 and anything else is read as windows-1252,
/// which accepts every byte.
///
/// The declaration ranks above the HTTP charset because servers send generic charsets far more
/// often than feeds declare wrong ones (RFC 7303 ranks them the other way; a wrong HTTP charset is
/// the common real-world failure). Either way, a label the bytes contradict loses.
public enum FeedTextDecoder {
    /// The document as UTF-8 (without a byte-order mark), the encoding used, and what went wrong.
    public struct Result: Sendable {
        /// The document's text as UTF-8.
        public var utf8: [UInt8]
        /// The encoding it was read in.
        public var encoding: FeedEncoding
        /// Labels passed over and recoveries made, one sentence each.
        public var warnings: [String]
    }

    /// Chooses the encoding of `bytes` (see the type's comment) and transcodes them to UTF-8.
    public static func decode(_ bytes: [UInt8], httpCharset: String? = nil) -> Result {
        var warnings: [String] = []
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return utf8(Array(bytes.dropFirst(3)), warnings: &warnings)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Result(
                utf8: utf16(bytes.dropFirst(2), littleEndian: true), encoding: .utf16LittleEndian, warnings: [])
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Result(utf8: utf16(bytes.dropFirst(2), littleEndian: false), encoding: .utf16BigEndian, warnings: [])
        }
        if bytes.starts(with: [0x3C, 0x00]) {
            return Result(utf8: utf16(bytes[...], littleEndian: true), encoding: .utf16LittleEndian, warnings: [])
        }
        if bytes.starts(with: [0x00, 0x3C]) {
            return Result(utf8: utf16(bytes[...], littleEndian: false), encoding: .utf16BigEndian, warnings: [])
        }
        var candidates: [(FeedEncoding, String)] = []
        let declared = declaredEncoding(bytes)
        // An XML declaration's encoding is the document's own word: only a document without one (an
        // HTML page) is searched for a <meta>, so a declared feed reads as it always did.
        let meta = declared == nil ? HTMLCharsetPrescan.charset(in: bytes) : nil
        let labels = [
            (declared, "the XML declaration"), (httpCharset, "the HTTP charset"), (meta, "the <meta> charset"),
        ]
        for (label, source) in labels {
            guard let label, !label.isEmpty else { continue }
            if let encoding = FeedEncoding(label: label) {
                candidates.append((encoding, source))
            } else {
                warnings.append("encoding: \(source) names \"\(label)\", which is not supported")
            }
        }
        let validUTF8 = isValidUTF8(bytes)
        for (encoding, source) in candidates {
            switch encoding {
            case .utf8:
                if validUTF8 { return Result(utf8: bytes, encoding: .utf8, warnings: warnings) }
                warnings.append("encoding: \(source) says UTF-8, but the bytes are not valid UTF-8")
            case .utf16LittleEndian, .utf16BigEndian:
                warnings.append("encoding: \(source) says UTF-16, but the document does not start like UTF-16")
            case .windows1252, .windows1251, .koi8R:
                // Multi-byte UTF-8 practically never occurs in real single-byte text: a valid UTF-8
                // document labelled ISO-8859-1 (a server default) is UTF-8.
                if validUTF8, bytes.contains(where: { $0 >= 0x80 }) {
                    warnings.append("encoding: \(source) says \(encoding.rawValue), but the bytes are UTF-8")
                    return Result(utf8: bytes, encoding: .utf8, warnings: warnings)
                }
                if let mixed = mixed(bytes, encoding, &warnings) { return mixed }
                return Result(utf8: singleByte(bytes, encoding), encoding: encoding, warnings: warnings)
            case .gb18030, .shiftJIS, .big5, .eucKR:
                if validUTF8, bytes.contains(where: { $0 >= 0x80 }) {
                    warnings.append("encoding: \(source) says \(encoding.rawValue), but the bytes are UTF-8")
                    return Result(utf8: bytes, encoding: .utf8, warnings: warnings)
                }
                if let text = String(bytes: bytes, encoding: encoding.foundationEncoding) {
                    return Result(utf8: Array(text.utf8), encoding: encoding, warnings: warnings)
                }
                warnings.append("encoding: \(source) says \(encoding.rawValue), but the bytes are not valid in it")
            }
        }
        if validUTF8 { return Result(utf8: bytes, encoding: .utf8, warnings: warnings) }
        if let mixed = mixed(bytes, .windows1252, &warnings) { return mixed }
        warnings.append("encoding: not valid UTF-8 and no usable declaration; read as windows-1252")
        return Result(utf8: singleByte(bytes, .windows1252), encoding: .windows1252, warnings: warnings)
    }

    private static func utf8(_ bytes: [UInt8], warnings: inout [String]) -> Result {
        guard !isValidUTF8(bytes) else { return Result(utf8: bytes, encoding: .utf8, warnings: warnings) }
        warnings.append("encoding: invalid UTF-8 sequences replaced with U+FFFD")
        return Result(utf8: Array(String(decoding: bytes, as: UTF8.self).utf8), encoding: .utf8, warnings: warnings)
    }

    /// The `encoding="…"` of an `<?xml …?>` declaration at the very start, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(256)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }

    /// Whether `bytes` are valid UTF-8, without building a String of the whole document.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // Thirty-two, then eight ASCII bytes at a time (most of any feed is ASCII markup).
                if let base = UnsafeRawPointer(bytes.baseAddress) {
                    while index + 32 <= bytes.count {
                        let words =
                            base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                            | base.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                            | base.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                            | base.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                        guard words & ByteScan.highs == 0 else { break }
                        index += 32
                    }
                    if index + 8 <= bytes.count,
                        base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & ByteScan.highs == 0
                    {
                        index += 8
                        continue
                    }
                }
                guard index < bytes.count else { break }
                if bytes[index] < 0x80 {
                    index += 1
                } else if let length = utf8SequenceLength(bytes, at: index) {
                    index += length
                } else {
                    return false
                }
            }
            return true
        }
    }

    static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(littleEndian ? first | second << 8 : first << 8 | second)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    /// A document that is mostly UTF-8 with a few single-byte characters pasted in (a CMS
    /// concatenating sources): valid UTF-8 sequences kept, the stray bytes read with `encoding`.
    /// Nil unless UTF-8 sequences outnumber stray bytes four to one.
    static func mixed(_ bytes: [UInt8], _ encoding: FeedEncoding, _ warnings: inout [String]) -> Result? {
        var sequences = 0
        var strays = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                index += 1
            } else if let length = utf8SequenceLength(bytes, at: index) {
                sequences += 1
                index += length
            } else {
                strays += 1
                index += 1
            }
        }
        guard sequences > strays * 4 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + strays)
        index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                out.append(bytes[index])
                index += 1
            } else if let length = utf8SequenceLength(bytes, at: index) {
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            } else {
                out.append(contentsOf: singleByte([bytes[index]], encoding))
                index += 1
            }
        }
        warnings.append(
            "encoding: mostly UTF-8 with \(strays) stray \(encoding.rawValue) bytes; each part read in its own encoding"
        )
        return Result(utf8: out, encoding: .utf8, warnings: warnings)
    }

    /// The length of the valid UTF-8 sequence starting at `index` (a non-ASCII lead byte), or nil.
    static func utf8SequenceLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int?
    where Bytes.Index == Int {
        let lead = bytes[index]
        let (length, low, high): (Int, UInt8, UInt8) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80, 0xBF)
            case 0xE0: (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
            case 0xED: (3, 0x80, 0x9F)
            case 0xF0: (4, 0x90, 0xBF)
            case 0xF1...0xF3: (4, 0x80, 0xBF)
            case 0xF4: (4, 0x80, 0x8F)
            default: (0, 0, 0)
            }
        guard length > 0, index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    static func singleByte(_ bytes: [UInt8], _ encoding: FeedEncoding) -> [UInt8] {
        let table: [UInt16] =
            switch encoding {
            case .windows1251: SingleByteTables.windows1251
            case .koi8R: SingleByteTables.koi8R
            default: SingleByteTables.windows1252
            }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            if byte < 0x80 {
                out.append(byte)
            } else {
                let scalar = Unicode.Scalar(table[Int(byte - 0x80)]) ?? "\u{FFFD}"
                out.append(contentsOf: String(Character(scalar)).utf8)
            }
        }
        return out
    }
}

import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

@Suite("Choosing and decoding a feed's encoding", .ownThreads)
struct FeedTextDecoderTests {
    static func text(_ result: FeedTextDecoder.Result) -> String { String(decoding: result.utf8, as: UTF8.self) }

    /// `<?xml …?>` plus a body, as bytes: the declaration in ASCII, the body in `bodyBytes`.
    static func document(declaring label: String?, _ bodyBytes: [UInt8]) -> [UInt8] {
        let declaration = label.map { #"<?xml version="1.0" encoding="\#($0)"?>"# } ?? ""
        return Array((declaration + "<t>").utf8) + bodyBytes + Array("</t>".utf8)
    }

    // "Привет" in three Cyrillic encodings.
    static let privetUTF8 = Array("Привет".utf8)
    static let privet1251: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
    static let privetKOI8: [UInt8] = [0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4]

    @Test("a byte-order mark decides, and is removed")
    func byteOrderMarks() {
        let utf8 = FeedTextDecoder.decode(
            [0xEF, 0xBB, 0xBF] + Self.document(declaring: "windows-1251", Self.privetUTF8))
        #expect(utf8.encoding == .utf8)
        #expect(Self.text(utf8).hasPrefix("<?xml"))
        #expect(Self.text(utf8).contains("Привет"))
        var le: [UInt8] = [0xFF, 0xFE]
        for unit in "<t>Привет</t>".utf16 { le += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(Self.text(FeedTextDecoder.decode(le)) == "<t>Привет</t>")
        var be: [UInt8] = []  // no BOM: "<" then NUL … is recognised too
        for unit in "<t>é</t>".utf16 { be += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(FeedTextDecoder.decode(be).encoding == .utf16BigEndian)
        #expect(Self.text(FeedTextDecoder.decode(be)) == "<t>é</t>")
    }

    @Test(
        "the XML declaration names single-byte Cyrillic encodings",
        arguments: [
            ("windows-1251", Self.privet1251, FeedEncoding.windows1251), ("cp1251", Self.privet1251, .windows1251),
            ("KOI8-R", Self.privetKOI8, .koi8R),
        ])
    func declared(_ label: String, _ body: [UInt8], _ encoding: FeedEncoding) {
        let result = FeedTextDecoder.decode(Self.document(declaring: label, body))
        #expect(result.encoding == encoding)
        #expect(Self.text(result).contains("<t>Привет</t>"))
        #expect(result.warnings.isEmpty)
    }

    @Test("the declaration outranks the HTTP charset; the HTTP charset serves when there is none")
    func precedence() {
        let declared = FeedTextDecoder.decode(
            Self.document(declaring: "koi8-r", Self.privetKOI8), httpCharset: "windows-1251")
        #expect(declared.encoding == .koi8R)
        let undeclared = FeedTextDecoder.decode(
            Self.document(declaring: nil, Self.privet1251), httpCharset: "windows-1251")
        #expect(undeclared.encoding == .windows1251)
        #expect(Self.text(undeclared).contains("Привет"))
    }

    @Test("a declaration the bytes contradict is passed over with a warning")
    func misdeclared() {
        // Declared UTF-8, really windows-1251: the HTTP charset is tried next.
        let withHeader = FeedTextDecoder.decode(
            Self.document(declaring: "utf-8", Self.privet1251), httpCharset: "cp1251")
        #expect(withHeader.encoding == .windows1251)
        #expect(Self.text(withHeader).contains("Привет"))
        #expect(withHeader.warnings.count == 1)
        // Declared ISO-8859-1, really UTF-8 (a common server default): UTF-8 wins.
        let utf8 = FeedTextDecoder.decode(Self.document(declaring: "ISO-8859-1", Self.privetUTF8))
        #expect(utf8.encoding == .utf8)
        #expect(Self.text(utf8).contains("Привет"))
        #expect(utf8.warnings.first?.contains("bytes are UTF-8") == true)
        // Nothing usable and not UTF-8: windows-1252, which reads every byte.
        let unknown = FeedTextDecoder.decode(Self.document(declaring: "x-klingon", [0xE9, 0x20, 0x96]))
        #expect(unknown.encoding == .windows1252)
        #expect(Self.text(unknown).contains("é –"))
        #expect(unknown.warnings.count == 2)
    }

    @Test("plain ASCII and UTF-8 need no label")
    func unlabelled() {
        #expect(FeedTextDecoder.decode(Array("<rss/>".utf8)).encoding == .utf8)
        #expect(FeedTextDecoder.decode(Array("<rss/>".utf8), httpCharset: "iso-8859-1").encoding == .windows1252)
        let utf8 = FeedTextDecoder.decode(Self.document(declaring: nil, Self.privetUTF8))
        #expect(utf8.encoding == .utf8)
        #expect(utf8.warnings.isEmpty)
    }

    @Test(
        "labels are read the way servers and feeds spell them",
        arguments: [
            ("UTF-8", FeedEncoding.utf8), ("utf8", .utf8), ("ISO-8859-1", .windows1252), ("latin1", .windows1252),
            ("US-ASCII", .windows1252), ("Windows-1251", .windows1251), ("koi8r", .koi8R),
            ("UTF-16LE", .utf16LittleEndian),
        ])
    func labels(_ label: String, _ encoding: FeedEncoding) {
        #expect(FeedEncoding(label: label) == encoding)
    }
}

@Suite("Mixed encodings", .ownThreads)
struct MixedEncodingTests {
    @Test("a mostly-UTF-8 document with stray Latin-1 bytes keeps both readable")
    func mixed() {
        let utf8 = Array("Brøndby og København, Århus, Ølstykke, Æbelø: ".utf8)
        let latin1: [UInt8] = Array("bes".utf8) + [0xF8] + Array("ge".utf8)
        let document =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>".utf8) + utf8 + latin1 + Array("</t>".utf8)
        let result = FeedTextDecoder.decode(document)
        #expect(
            String(decoding: result.utf8, as: UTF8.self).contains(
                "Brøndby og København, Århus, Ølstykke, Æbelø: besøge"))
        #expect(result.warnings.contains { $0.contains("mostly UTF-8") })
    }

    @Test("a real single-byte document is not mistaken for mixed")
    func singleByte() {
        let document =
            Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><t>".utf8) + [0x42, 0x72, 0xF8, 0x6E, 0x64]
            + Array("</t>".utf8)
        #expect(String(decoding: FeedTextDecoder.decode(document).utf8, as: UTF8.self).contains("Brønd"))
    }
}

@Suite("East Asian encodings", .ownThreads)
struct EastAsianEncodingTests {
    @Test(
        "GB2312 (read as GB18030), Shift_JIS, Big5 and EUC-KR declarations decode",
        arguments: [
            ("gb2312", [0xBD, 0xA8, 0xB9, 0xFA] as [UInt8], "建国"),
            ("Shift_JIS", [0x93, 0xFA, 0x96, 0x7B], "日本"),
            ("big5", [0xA4, 0xA4, 0xA4, 0xE5], "中文"),
            ("euc-kr", [0xC7, 0xD1, 0xB1, 0xB9], "한국"),
        ])
    func decodes(_ label: String, _ bytes: [UInt8], _ expected: String) {
        let document = Array("<?xml version=\"1.0\" encoding=\"\(label)\"?><t>".utf8) + bytes + Array("</t>".utf8)
        let result = FeedTextDecoder.decode(document)
        #expect(String(decoding: result.utf8, as: UTF8.self).hasSuffix("<t>\(expected)</t>"))
        #expect(result.warnings.isEmpty)
    }
}

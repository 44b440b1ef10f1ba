import FeedParsing

/// The elements the extractor tells apart; any other name is `.other` and keeps its name bytes.
/// `.text` marks a text node. Raw values index `ElementKind.traits`.
enum ElementKind: UInt8, CaseIterable, Sendable {
    case text, other
    case html, head, body, title, meta, link, base, script, style, noscript, template
    case div, p, section, article, header, footer, nav, aside, main, address, hgroup, details, summary, dialog, menu
    case h1, h2, h3, h4, h5, h6
    case a, img, picture, figure, figcaption, video, audio, source, track, iframe, embed, object, param, canvas, svg
    case math, form, fieldset, legend, input, textarea, select, option, optgroup, button, label, datalist, output
    case table, caption, colgroup, col, thead, tbody, tfoot, tr, td, th
    case ul, ol, li, dl, dt, dd, pre, code, blockquote, br, hr, wbr, area
    case span, font, b, i, u, s, em, strong, small, sub, sup, abbr, bdi, bdo, cite, data, dfn, kbd, mark, meter
    case progress, q, ruby, rt, rp, samp, time, `var`, del, ins, center, xmp, noembed, noframes, plaintext, keygen

    /// What the tree builder and the extractor ask of an element kind.
    struct Traits: OptionSet, Sendable {
        let rawValue: UInt32
        /// No content and no end tag.
        static let void = Traits(rawValue: 1 << 0)
        /// Its content is text up to its end tag, never markup.
        static let rawText = Traits(rawValue: 1 << 1)
        /// Readability's phrasing content: may sit inside a paragraph.
        static let phrasing = Traits(rawValue: 1 << 2)
        /// A block that keeps a `div` from becoming a paragraph (Readability's DIV_TO_P_ELEMS).
        static let divToP = Traits(rawValue: 1 << 3)
        /// A start tag of this kind ends an open `p` (HTML's "close a p element").
        static let closesParagraph = Traits(rawValue: 1 << 4)
        static let heading = Traits(rawValue: 1 << 5)
        /// Scored as a paragraph (Readability's DEFAULT_TAGS_TO_SCORE).
        static let scored = Traits(rawValue: 1 << 6)
        /// Text that counts as text-ish for the "no useful content" check.
        static let textish = Traits(rawValue: 1 << 7)
        /// Embedded media the cleaning looks at: object, embed, iframe.
        static let embed = Traits(rawValue: 1 << 8)
        static let list = Traits(rawValue: 1 << 9)
    }

    static let traits: [Traits] = {
        var table = [Traits](repeating: [], count: ElementKind.allCases.count)
        func mark(_ kinds: [ElementKind], _ trait: Traits) {
            for kind in kinds { table[Int(kind.rawValue)].insert(trait) }
        }
        mark(
            [.area, .base, .br, .col, .embed, .hr, .img, .input, .link, .meta, .param, .source, .track, .wbr, .keygen],
            .void)
        mark([.script, .style, .textarea, .title, .xmp, .iframe, .noembed, .noframes, .plaintext], .rawText)
        mark(
            [
                .text, .abbr, .audio, .b, .bdo, .br, .button, .cite, .code, .data, .datalist, .dfn, .em, .embed, .i,
                .img, .input, .kbd, .label, .mark, .math, .meter, .noscript, .object, .output, .progress, .q, .ruby,
                .samp, .script, .select, .small, .span, .strong, .sub, .sup, .textarea, .time, .var, .wbr,
            ], .phrasing)
        mark([.blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul], .divToP)
        mark(
            [
                .address, .article, .aside, .blockquote, .center, .details, .dialog, .div, .dl, .fieldset,
                .figcaption, .figure, .footer, .form, .h1, .h2, .h3, .h4, .h5, .h6, .header, .hgroup, .hr, .main,
                .menu, .nav, .ol, .p, .pre, .section, .summary, .table, .ul, .li, .dd, .dt, .xmp, .plaintext,
            ], .closesParagraph)
        mark([.h1, .h2, .h3, .h4, .h5, .h6], .heading)
        mark([.section, .h2, .h3, .h4, .h5, .h6, .p, .td, .pre], .scored)
        mark([.span, .li, .td, .blockquote, .dl, .div, .img, .ol, .p, .pre, .table, .ul], .textish)
        mark([.object, .embed, .iframe], .embed)
        mark([.ul, .ol], .list)
        return table
    }()

    var traits: Traits { Self.traits[Int(rawValue)] }
    var isVoid: Bool { traits.contains(.void) }
    var isHeading: Bool { traits.contains(.heading) }

    /// The name as HTML writes it (empty for `.text` and `.other`).
    var name: String { Self.names[Int(rawValue)] }

    /// The name's bytes, for writing tags.
    var nameBytes: [UInt8] { Self.nameBytes[Int(rawValue)] }

    private static let names: [String] = ElementKind.allCases.map { kind in
        switch kind {
        case .text, .other: ""
        case .var: "var"
        default: "\(kind)"
        }
    }
    private static let nameBytes: [[UInt8]] = names.map { Array($0.utf8) }

    private static let lookup: NameTable<ElementKind> = {
        var entries: [PackedName: ElementKind] = [:]
        for kind in ElementKind.allCases where kind != .text && kind != .other {
            let name = Array(kind.name.utf8)
            entries[name.withUnsafeBufferPointer { PackedName($0)! }] = kind
        }
        return NameTable(entries)
    }()

    /// The kind named by `bytes[range]`, case-insensitively; `.other` for any other name.
    static func named(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ElementKind {
        guard range.count <= 16 else { return .other }
        var key = PackedName()
        for index in range {
            let byte = bytes[index]
            key.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return lookup[key] ?? .other
    }
}

extension ElementKind {
    /// 1 to 6 for `h1` to `h6` (a smaller number, a higher rank); nil for any other element.
    var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }
}

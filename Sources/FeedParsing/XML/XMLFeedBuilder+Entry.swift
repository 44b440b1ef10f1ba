import Foundation

/// Turning captured fields into entries: the id cascade, the image cascade, sanitizing.
extension XMLFeedBuilder {
    /// What an entry's elements said, before choosing among alternatives. A class: it is filled
    /// field by field while the builder is mutated, and copying a struct this size on every field
    /// showed in profiles.
    final class EntryDraft {
        var index: Int
        var offset: Int
        var base: URL?
        var title: Markup?
        var mediaTitle: Markup?
        var rssLink: String?
        var atomLink: String?
        var guid: String?
        var guidIsPermaLink = true
        var atomID: String?
        var rdfAbout: String?
        var dcIdentifier: String?
        var summary: (Markup, URL?)?
        var summaryFallback: (Markup, URL?)?
        var content: (Markup, URL?)?
        var contentSource: String?
        var authors: [ParsedAuthor] = []
        var published: Date?
        var updated: Date?
        var categories: [String] = []
        /// The names in `categories`, so that de-duplicating stays linear (a feed with 100,000
        /// categories in one entry took 38 s with `categories.contains`).
        var categoryNames: Set<String> = []
        var enclosures: [ParsedEnclosure] = []
        var mediaThumbnail: String?
        var mediaContentImage: String?
        var itunesImage: String?
        var comments: String?

        init(index: Int, offset: Int) {
            self.index = index
            self.offset = offset
        }

        func addCategory(_ text: String) {
            let name = text.trimmed
            if !name.isEmpty, categoryNames.insert(name).inserted { categories.append(name) }
        }
    }

    mutating func assignEntry(_ field: Field, _ markup: Markup, _ capture: Capture) {
        guard let draft else { return }
        // Markup fields are kept whole; only the short text fields below need trimming (trimming
        // content would copy all of it).
        switch field {
        case .title: if draft.title == nil { draft.title = markup }
        case .mediaTitle: if draft.mediaTitle == nil { draft.mediaTitle = markup }
        case .description: if draft.summary == nil { draft.summary = (markup, capture.base) }
        case .descriptionFallback: if draft.summaryFallback == nil { draft.summaryFallback = (markup, capture.base) }
        case .content: if draft.content == nil { draft.content = (markup, capture.base) }
        default: assignEntryText(field, markup.text.trimmed, capture, draft)
        }
    }

    private mutating func assignEntryText(_ field: Field, _ text: String, _ capture: Capture, _ draft: EntryDraft) {
        let index = draft.index
        switch field {
        case .link: draft.rssLink = draft.rssLink ?? resolve(text, base: capture.base)
        case .guid: if !text.isEmpty { draft.guid = draft.guid ?? text }
        case .atomID: if !text.isEmpty { draft.atomID = draft.atomID ?? text }
        case .dcIdentifier: if !text.isEmpty { draft.dcIdentifier = draft.dcIdentifier ?? text }
        case .author: if !text.isEmpty { draft.authors.append(Self.person(text)) }
        case .personName, .personEmail, .personURI:
            guard var author = draft.authors.popLast() else { return }
            Self.fill(&author, field, text, base: capture.base, builder: self)
            draft.authors.append(author)
        case .published:
            if let date = date(text, capture, entry: index) { draft.published = draft.published ?? date }
        case .updated:
            if let date = date(text, capture, entry: index) { draft.updated = draft.updated ?? date }
        case .category: draft.addCategory(text)
        case .comments:
            let url = resolve(text, base: capture.base)
            if draft.comments == nil { draft.comments = url }
        default: break
        }
    }

    /// A date field's value; nil with a warning when the text is not a date (never "now").
    mutating func date(_ text: String, _ capture: Capture, entry: Int?) -> Date? {
        guard !text.isEmpty else { return nil }
        if let date = FeedDate.parse(text) { return date }
        warn("unreadable date \"\(text.prefix(60))\" was left out", at: capture.tagOffset, entry: entry)
        return nil
    }

    /// An RSS-style author: "jo@example.com (Jo Smith)", "Jo Smith <jo@example.com>" or a name.
    static func person(_ text: String) -> ParsedAuthor {
        guard text.utf8.contains(UInt8(ascii: "@")) else { return ParsedAuthor(name: text) }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")"), text[..<open].contains("@") {
            let email = text[..<open].trimmed
            let name = text[text.index(after: open)..<text.index(before: text.endIndex)]
            return ParsedAuthor(name: name.trimmed, email: email)
        }
        if let open = text.firstIndex(of: "<"), text.hasSuffix(">"), text[open...].contains("@") {
            let name = text[..<open].trimmed
            let email = text[text.index(after: open)..<text.index(before: text.endIndex)]
            return ParsedAuthor(name: name.isEmpty ? nil : name, email: String(email))
        }
        if !text.contains(" "), text.contains("@") { return ParsedAuthor(email: text) }
        return ParsedAuthor(name: text)
    }

    static func fill(_ author: inout ParsedAuthor, _ field: Field, _ text: String, base: URL?, builder: Self) {
        guard !text.isEmpty else { return }
        switch field {
        case .personName: author.name = text
        case .personEmail: author.email = text
        default: author.url = builder.resolve(text, base: base)
        }
    }

    mutating func finishEntry(_ draft: EntryDraft) {
        let fallbackBase = documentBase ?? feedDraft.linkURL
        var link = draft.atomLink ?? draft.rssLink
        // A permalink guid, or an Atom id that is a web address, is the link when there is no other.
        if link == nil, draft.guidIsPermaLink, let guid = draft.guid, guid.lowercased().hasPrefix("http") {
            link = guid
        }
        if link == nil, let id = draft.atomID, id.lowercased().hasPrefix("http") { link = id }
        let title = (draft.title ?? draft.mediaTitle).map(Self.plainText).flatMap { $0.isEmpty ? nil : $0 }
        let published = draft.published
        let (id, source) = Self.identify(draft, link: link, title: title, date: published ?? draft.updated)
        var entry = ParsedEntry(id: id, idSource: source)
        entry.title = title
        entry.link = link ?? draft.contentSource
        var contentImage: String?
        if let (markup, base) = draft.content {
            let (html, text, image) = render(markup, base: base ?? fallbackBase)
            (entry.contentHTML, entry.contentText, contentImage) = (html, text, image)
        }
        if let (markup, base) = draft.summary ?? draft.summaryFallback {
            let (html, text, image) = render(markup, base: base ?? fallbackBase)
            (entry.summaryHTML, entry.summaryText) = (html, text)
            contentImage = contentImage ?? image
        }
        entry.authors = draft.authors.filter { $0.name != nil || $0.email != nil || $0.url != nil }
        entry.published = published
        entry.updated = draft.updated
        entry.categories = draft.categories
        entry.enclosures = draft.enclosures
        entry.comments = draft.comments
        let imageEnclosure = draft.enclosures.first {
            $0.type?.lowercased().hasPrefix("image/") ?? looksLikeImage($0.url)
        }
        let cascade: [(String?, ParsedEntry.ImageSource)] = [
            (draft.mediaThumbnail, .mediaThumbnail), (draft.mediaContentImage, .mediaContent),
            (draft.itunesImage, .itunesImage), (imageEnclosure?.url, .enclosure), (contentImage, .content),
        ]
        if let (image, source) = cascade.first(where: { $0.0 != nil }) {
            (entry.image, entry.imageSource) = (image, source)
        }
        feed.entries.append(entry)
    }

    /// The id cascade: guid, atom:id, rdf:about / dc:identifier, link, then a stable hash.
    static func identify(
        _ draft: EntryDraft, link: String?, title: String?, date: Date?
    ) -> (String, ParsedEntry.IDSource) {
        if let guid = draft.guid { return (guid, .guid) }
        if let id = draft.atomID { return (id, .atomID) }
        if let about = draft.rdfAbout ?? draft.dcIdentifier, !about.isEmpty { return (about, .rdfAbout) }
        if let link { return (link, .link) }
        return (StableHash.entryID(title: title, date: date), .hash)
    }

    /// Sanitized HTML, plain text and first image of captured markup.
    func render(_ markup: Markup, base: URL?) -> (html: String?, text: String?, image: String?) {
        switch markup.kind {
        case .text:
            let text = Self.plainText(markup)
            return (text.isEmpty ? nil : Self.escape(text), text.isEmpty ? nil : text, nil)
        case .xhtml:
            return rendered(options.sanitizer.sanitizeWithText(Self.unwrapXHTMLDiv(markup.text), base: base))
        case .html:
            // Text with no markup and no references (many summaries) is its own sanitized form.
            guard markup.bytes.contains(where: { $0 == 0x3C || $0 == 0x26 || $0 == 0x3E }) else {
                let source = markup.text
                let text = Self.collapseWhitespace(source)
                return (text.isEmpty ? nil : source.trimmed, text.isEmpty ? nil : text, nil)
            }
            return rendered(markup.bytes.withUnsafeBufferPointer { options.sanitizer.sanitizeWithText($0, base: base) })
        }
    }

    private func rendered(
        _ sanitized: (html: String, text: String, image: String?)
    ) -> (html: String?, text: String?, image: String?) {
        let html = sanitized.html.trimmed
        return (html.isEmpty ? nil : html, sanitized.text.isEmpty ? nil : sanitized.text, sanitized.image)
    }

    /// Plain text of a title-like field. RSS titles are often HTML in practice, so anything that
    /// is not declared as text goes through the HTML tokenizer.
    static func plainText(_ markup: Markup) -> String {
        switch markup.kind {
        case .text: collapseWhitespace(markup.text)
        case .html, .xhtml: HTMLText.plainText(markup.text)
        }
    }

    /// Plain text made safe to show as HTML.
    static func escape(_ text: String) -> String {
        let special = { (byte: UInt8) in
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        guard text.utf8.contains(where: special) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs of ASCII whitespace become one space; the ends are trimmed. Words are copied as runs.
    static func collapseWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                while index < bytes.count, isASCIISpace(bytes[index]) { index += 1 }
                let start = index
                // A word, and single spaces between words, copied in one go.
                while index < bytes.count {
                    if !isASCIISpace(bytes[index]) {
                        index += 1
                    } else if bytes[index] == 0x20, index + 1 < bytes.count, !isASCIISpace(bytes[index + 1]) {
                        index += 2
                    } else {
                        break
                    }
                }
                guard index > start else { break }
                if !out.isEmpty { out.append(0x20) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// Atom XHTML content is wrapped in one `<div xmlns="http://www.w3.org/1999/xhtml">`.
    static func unwrapXHTMLDiv(_ text: String) -> String {
        let trimmed = text.trimmed
        guard trimmed.hasPrefix("<div") || trimmed.hasPrefix("<xhtml:div"), trimmed.hasSuffix("div>"),
            let open = trimmed.firstIndex(of: ">"), let close = trimmed.range(of: "</", options: .backwards)
        else { return text }
        return String(trimmed[trimmed.index(after: open)..<close.lowerBound])
    }
}

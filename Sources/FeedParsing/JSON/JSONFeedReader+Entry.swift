import Foundation

/// One JSON Feed item, each field held to the limits of ``FeedParser/Options``.
extension JSONFeedReader {
    mutating func entry(_ item: JSONValue, index: Int, base: HTTPURL?) -> ParsedEntry {
        let link =
            url(item["url"], base: base, field: "url", entry: index)
            ?? url(item["external_url"], base: base, field: "external_url", entry: index)
        let title = item["title"]?.string.map { HTMLText.plainText($0) }.flatMap { $0.isEmpty ? nil : $0 }
            .map { oneLine($0, entry: index) }
        let published = date(item["date_published"], index: index)
        let updated = date(item["date_modified"], index: index)
        var entry: ParsedEntry
        if let id = item["id"]?.string, !id.isEmpty {
            entry = ParsedEntry(id: id, idSource: .jsonID)
        } else if let link {
            entry = ParsedEntry(id: link, idSource: .link)
        } else {
            entry = ParsedEntry(id: "", idSource: .hash)
        }
        warnings.bounded(&entry, options)
        entry.title = title
        entry.link = link
        entry.published = published
        entry.updated = updated
        entry.comments = nil
        entry.authors = authors(item, entry: index, base: base)
        var contentImage: (url: String, details: ImageDetails)?
        let sanitizer = options.sanitizer
        let limit = options.maxContentBytes
        if let sanitized = item["content_html"]?.withText({ sanitizer.sanitizeWithText($0, base: base, limit: limit) })
        {
            warnings.note(sanitized, .content, options, entry: index)
            entry.contentHTML = nonEmpty(sanitized.html)
            entry.contentText = nonEmpty(sanitized.text)
            contentImage = sanitized.image.map { ($0, sanitized.imageDetails) }
        }
        if entry.contentText == nil, let text = item["content_text"]?.string.flatMap({ nonEmpty($0.trimmed) }) {
            let escaped = XMLFeedBuilder.escaped(text, limit: options.maxContentBytes)
            warnings.note(escaped, .content, options, entry: index)
            entry.contentText = escaped.text
            entry.contentHTML = entry.contentHTML ?? escaped.html
        }
        if let summary = item["summary"]?.string.flatMap({ nonEmpty($0.trimmed) }) {
            let escaped = XMLFeedBuilder.escaped(summary, limit: options.maxSummaryBytes)
            warnings.note(escaped, .summary, options, entry: index)
            (entry.summaryText, entry.summaryHTML) = (escaped.text, escaped.html)
        }
        entry.categories = categories(item["tags"]?.array ?? [], entry: index)
        for attachment in item["attachments"]?.array ?? [] {
            guard attachment["url"]?.string != nil else {
                warnings.add("an attachment without a url was skipped", entry: index)
                continue
            }
            guard let address = url(attachment["url"], base: base, field: "attachment url", entry: index) else {
                continue
            }
            guard entry.enclosures.count < options.maxEnclosures else {
                warnings.reached(.enclosures, options, entry: index)
                break
            }
            let length = attachment["size_in_bytes"]?.number.flatMap { $0 > 0 && $0 < 1e18 ? Int($0) : nil }
            entry.enclosures.append(
                ParsedEnclosure(
                    url: address, type: attachment["mime_type"]?.string.map { oneLine($0, entry: index) },
                    length: length))
        }
        let imageAttachment = entry.enclosures.first { $0.type?.lowercased().hasPrefix("image/") == true }
        let cascade: [(String?, ParsedEntry.ImageSource)] = [
            (url(item["image"], base: base, field: "image", entry: index), .jsonImage),
            (url(item["banner_image"], base: base, field: "banner_image", entry: index), .jsonImage),
            (imageAttachment?.url, .enclosure), (contentImage?.url, .content),
        ]
        if let (image, source) = cascade.first(where: { $0.0 != nil }) {
            (entry.image, entry.imageSource) = (image, source)
            if source == .content { entry.imageDetails = contentImage?.details }
        }
        return entry
    }

    /// Tag or category names, without duplicates, up to the limit.
    mutating func categories(_ values: [JSONValue], entry: Int) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for value in values {
            guard let name = value.string.map({ oneLine($0, entry: entry) }), !name.isEmpty,
                !seen.contains(name)
            else { continue }
            guard names.count < options.maxCategories else {
                warnings.reached(.categories, options, entry: entry)
                break
            }
            seen.insert(name)
            names.append(name)
        }
        return names
    }

    /// JSON Feed 1.1 `authors`, else 1.0 `author`, up to the limit.
    mutating func authors(_ object: JSONValue, entry: Int?, base: HTTPURL?) -> [ParsedAuthor] {
        let list = object["authors"]?.array ?? (object["author"].map { [$0] } ?? [])
        var authors: [ParsedAuthor] = []
        for author in list {
            let person = ParsedAuthor(
                name: author["name"]?.string.map { oneLine($0, entry: entry) }, email: nil,
                url: url(author["url"], base: base, field: "author url", entry: entry, person: true))
            guard person.name != nil || person.url != nil else { continue }
            guard authors.count < options.maxAuthors else {
                warnings.reached(.authors, options, entry: entry)
                break
            }
            authors.append(person)
        }
        return authors
    }

    /// A one-line text field (a title, a name) cut to the title limit.
    mutating func oneLine(_ text: String, entry: Int?) -> String {
        guard let cut = TextCut.characters(text, limit: options.maxTitleLength) else { return text }
        warnings.reached(.title, options, entry: entry)
        return cut
    }

    /// A feed description cut to the summary limit.
    mutating func summary(_ text: String) -> String {
        guard let cut = TextCut.bytes(text, limit: options.maxSummaryBytes) else { return text }
        warnings.reached(.summary, options, entry: nil)
        return cut
    }
}

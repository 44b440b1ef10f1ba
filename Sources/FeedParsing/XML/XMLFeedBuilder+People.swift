/// Authors and categories, and the one-line fields they share the title limit with.
extension XMLFeedBuilder {
    /// Adds a category to the entry being read, cut like a title; at the limit, a warning.
    mutating func addCategory(_ text: String, at offset: Int) {
        guard let draft else { return }
        let name = oneLine(text.trimmed, at: offset, entry: draft.index)
        if !draft.addCategory(name, limit: options.maxCategories) {
            warnings.reached(.categories, options, at: offset, entry: draft.index)
        }
    }

    /// Whether `authors` has room for one more; when not, a warning.
    mutating func hasRoom(forAuthorIn authors: [ParsedAuthor], at offset: Int, entry: Int?) -> Bool {
        guard authors.count >= options.maxAuthors else { return true }
        warnings.reached(.authors, options, at: offset, entry: entry)
        return false
    }

    /// A one-line text field (a title, a name) cut to the title limit, with the limit's warning.
    mutating func oneLine(_ text: String, at offset: Int?, entry: Int?) -> String {
        guard let cut = TextCut.characters(text, limit: options.maxTitleLength) else { return text }
        warnings.reached(.title, options, at: offset, entry: entry)
        return cut
    }

    /// A person from RSS-style text, its parts cut like titles. An RSS `author` written with
    /// child elements (`<name>Jo</name><email>…</email>`, as some feeds copy Atom) gives their
    /// text, not its markup.
    mutating func person(_ text: String, at offset: Int, entry: Int?) -> ParsedAuthor {
        var author = ByteScan.contains(text, "</") ? Self.structuredPerson(text) : Self.person(text)
        author.name = author.name.map { oneLine($0, at: offset, entry: entry) }
        author.email = author.email.flatMap { email($0, at: offset, entry: entry) }
        return author
    }

    /// An author's email address, or nil with a warning when the text is not one.
    mutating func email(_ text: String, at offset: Int, entry: Int?) -> String? {
        if let address = FeedURL.emailAddress(text) { return address }
        warn("author email \(FeedURL.quoted(text)) is not an email address; dropped", at: offset, entry: entry)
        return nil
    }

    /// An RSS-style author, for entries and the feed alike: "jo@example.com (Jo Smith)",
    /// "Jo Smith (jo@example.com)", "Jo Smith <jo@example.com>", an address, or a name.
    static func person(_ text: String) -> ParsedAuthor {
        guard text.utf8.contains(UInt8(ascii: "@")) else { return ParsedAuthor(name: text) }
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            let before = text[..<open].trimmed
            let inside = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmed
            if before.contains("@") { return ParsedAuthor(name: inside.isEmpty ? nil : inside, email: before) }
            if inside.contains("@"), !inside.contains(" ") {
                return ParsedAuthor(name: before.isEmpty ? nil : before, email: inside)
            }
        }
        if let open = text.firstIndex(of: "<"), text.hasSuffix(">"), text[open...].contains("@") {
            let name = text[..<open].trimmed
            let email = text[text.index(after: open)..<text.index(before: text.endIndex)]
            return ParsedAuthor(name: name.isEmpty ? nil : name, email: String(email))
        }
        if !text.contains(" "), text.contains("@") { return ParsedAuthor(email: text) }
        return ParsedAuthor(name: text)
    }

    /// A person from markup with `name` and `email` children (any prefix); with neither, the
    /// markup's plain text read as an RSS-style person.
    static func structuredPerson(_ markup: String) -> ParsedAuthor {
        // Only the start is read: a name is short, and the scan stays linear on a hostile author.
        let head = markup.utf8.prefix(4_096)
        let name = childText(head, "name")
        let email = childText(head, "email")
        guard name != nil || email != nil else { return person(HTMLText.plainText(markup).trimmed) }
        return ParsedAuthor(name: name, email: email)
    }

    /// The plain text of the first element named `local` (any namespace prefix) in `markup`.
    static func childText(_ markup: Substring.UTF8View, _ local: String) -> String? {
        var index = markup.startIndex
        while let open = markup[index...].firstIndex(of: UInt8(ascii: "<")) {
            let nameStart = markup.index(after: open)
            let nameEnd =
                markup[nameStart...].firstIndex {
                    $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") || $0 == 0x20 || $0 == 0x09 || $0 == 0x0A
                        || $0 == 0x0D
                } ?? markup.endIndex
            let qualified = markup[nameStart..<nameEnd]
            let localName =
                qualified.lastIndex(of: UInt8(ascii: ":")).map { qualified[markup.index(after: $0)...] } ?? qualified
            index = nameEnd
            guard String(decoding: localName, as: UTF8.self).lowercased() == local,
                let close = markup[nameEnd...].firstIndex(of: UInt8(ascii: ">"))
            else { continue }
            let inner = markup.index(after: close)
            let end = markup[inner...].firstIndex(of: UInt8(ascii: "<")) ?? markup.endIndex
            let text = HTMLText.plainText(String(decoding: markup[inner..<end], as: UTF8.self)).trimmed
            return text.isEmpty ? nil : text
        }
        return nil
    }

    /// The people worth keeping: not empty, each once (a channel's `managingEditor` is often its
    /// `webMaster` too, an item's `author` its `dc:creator`), in document order.
    static func people(_ authors: [ParsedAuthor]) -> [ParsedAuthor] {
        let named = authors.filter { $0.name != nil || $0.email != nil || $0.url != nil }
        guard named.count > 1 else { return named }
        var seen: Set<[String?]> = []
        return named.filter { seen.insert([$0.name, $0.email, $0.url]).inserted }
    }

    /// Sets the part of an Atom person that `field` names.
    mutating func fill(_ author: inout ParsedAuthor, _ field: Field, _ text: String, _ capture: Capture, entry: Int?) {
        guard !text.isEmpty else { return }
        switch field {
        case .personName: author.name = oneLine(text, at: capture.tagOffset, entry: entry)
        case .personEmail: author.email = email(text, at: capture.tagOffset, entry: entry)
        default:
            let outcome = FeedURL.resolvePerson(text, base: base, maxLength: options.maxURLLength)
            author.url = kept(outcome, text, field: "author uri", at: capture.tagOffset, entry: entry)
        }
    }
}

/// The warnings found while reading one document: the first `limit` are kept (a problem that
/// repeats, given a `kind`, only once), the rest only counted, so that a hostile document cannot
/// grow the list without bound. Messages are cut to a line and their control characters replaced:
/// they quote the document.
struct WarningList {
    struct Item {
        /// Byte offset in the document, when the warning has a place.
        var offset: Int?
        var message: String
        var entry: Int?
    }

    /// The longest message kept, in characters.
    static let maxMessageLength = 300

    let limit: Int
    private(set) var items: [Item] = []
    /// Warnings past the limit, counted only.
    private(set) var omitted = 0
    private var kinds: Set<String> = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Adds a warning; one with a `kind` only the first time that kind comes up.
    mutating func add(_ message: String, at offset: Int? = nil, entry: Int? = nil, kind: String? = nil) {
        if let kind, !kinds.insert(kind).inserted { return }
        guard items.count < limit else {
            omitted += 1
            return
        }
        items.append(Item(offset: offset, message: Self.printable(message), entry: entry))
    }

    /// The kept warnings as they are reported (for documents without positions).
    var feedWarnings: [FeedWarning] { items.map { FeedWarning(message: $0.message, entry: $0.entry) } }

    /// `message` on one line: controls (newlines included) become U+FFFD, and at most
    /// `maxMessageLength` characters are kept.
    static func printable(_ message: String) -> String {
        // Counting characters would read all of a 20 MB quoted tag name; count a prefix only.
        var text =
            message.prefix(maxMessageLength + 1).count > maxMessageLength
            ? String(message.prefix(maxMessageLength)) + "…" : message
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
            text = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\u{FFFD}" : $0 }))
        }
        return text
    }
}

extension FeedWarning {
    /// The first `limit` of `warnings`, then one saying how many more there were (`omitted` of
    /// them already left out where they were found).
    static func capped(_ warnings: [FeedWarning], omitted: Int, limit: Int) -> [FeedWarning] {
        let more = omitted + max(0, warnings.count - limit)
        guard more > 0 else { return warnings }
        let noun = more == 1 ? "warning was" : "warnings were"
        return Array(warnings.prefix(limit)) + [FeedWarning(message: "\(more) more \(noun) left out")]
    }
}

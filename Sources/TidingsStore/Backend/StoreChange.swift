import TidingsModel

/// What committed writes changed, as every process sharing the database hears it: the catalog's
/// news, or the entries of some sections. A server drops the cached pages built from what changed.
///
/// On PostgreSQL a write announces its change with `NOTIFY` inside its transaction, so the others
/// hear it when (and only if) it commits, after the rows are visible to them. SQLite serves one
/// process, which hears its own writes directly.
public struct StoreChange: Sendable, Hashable {
    /// Catalog news changed (events were accepted, or news was rebuilt).
    public var catalog: Bool
    /// Sections whose shown entries changed.
    public var sections: Set<SectionKey>
    /// The brands kept changed (an editor's change, an import): servers read them again.
    public var brands: Bool
    /// Anything may have changed: changes made while no one was listening were not heard.
    public var everything: Bool

    public init(catalog: Bool = false, sections: Set<SectionKey> = [], brands: Bool = false, everything: Bool = false) {
        self.catalog = catalog
        self.sections = sections
        self.brands = brands
        self.everything = everything
    }

    /// Everything, as after (re)connecting to the database's notifications.
    public static let everything = StoreChange(everything: true)

    /// Whether it says that nothing changed.
    public var isEmpty: Bool { !catalog && sections.isEmpty && !brands && !everything }

    /// The announcement's text: a first line naming the format and the writing store, then one
    /// line per change. A change whose text would pass PostgreSQL's 8,000-byte payload limit is
    /// announced as `everything`.
    func payload(origin: String) -> String {
        var lines = [Self.format + " " + origin]
        if everything { lines.append("everything") }
        if catalog { lines.append("catalog") }
        if brands { lines.append("brands") }
        for stream in sections.map(\.stream).sorted() { lines.append("stream " + stream) }
        let text = lines.joined(separator: "\n")
        return text.utf8.count <= Self.payloadLimit ? text : Self.format + " " + origin + "\neverything"
    }

    /// Reads an announcement; nil when `origin` wrote it (the writer already knows) or when it is
    /// not one. A line this build does not know (a newer build's) makes it `everything`.
    init?(payload: String, ignoring origin: String) {
        var lines = payload.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let first = lines.popFirst(), first.hasPrefix(Self.format + " ") else { return nil }
        guard first.dropFirst(Self.format.count + 1) != origin else { return nil }
        self.init()
        for line in lines {
            if line == "catalog" {
                catalog = true
            } else if line == "brands" {
                brands = true
            } else if line.hasPrefix("stream "), let section = SectionKey(stream: String(line.dropFirst(7))) {
                sections.insert(section)
            } else {
                everything = true
            }
        }
    }

    /// Names the announcement format; a change of format gets a new name.
    static let format = "tidings-change-1"
    /// PostgreSQL refuses payloads of 8,000 bytes and more.
    static let payloadLimit = 7_900
}

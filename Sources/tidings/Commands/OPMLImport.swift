import FeedParsing
import FeedWriting
import Foundation

/// What `tidings sources import` makes of an OPML document: the sections to write, each outline it
/// skipped with the reason, and the `feed:` addresses it read as http(s). Each innermost folder
/// (by its whole path) is a section of its feeds; a feed outside folders is a section of its own.
struct OPMLImport {
    /// One section to write.
    struct Group: Equatable {
        var title: String
        var urls: [URL]
    }

    /// An outline that is not imported, and why.
    struct Skipped: Equatable {
        /// Its `text` (or `title`).
        var title: String
        /// Its `xmlUrl` as written, if it has one.
        var url: String?
        var reason: String
    }

    /// A `feed:` address and the http(s) address imported for it.
    struct Rewritten: Equatable {
        var title: String
        var from: String
        var to: URL
    }

    let groups: [Group]
    let skipped: [Skipped]
    let rewritten: [Rewritten]
    /// Feeds written, counted once per section they are in.
    var feedCount: Int { groups.reduce(0) { $0 + $1.urls.count } }

    init(_ document: ParsedOPML) {
        // Sections by folder path ("" for none), and where each top-level feed went.
        var groups: [Group] = []
        var skipped: [Skipped] = []
        var rewritten: [Rewritten] = []
        var byPath: [[String]: Int] = [:]
        var topLevel: Set<URL> = []
        func visit(_ outlines: [ParsedOPML.Outline], _ folders: [String]) {
            for outline in outlines {
                let title = outline.title ?? outline.text
                if let raw = outline.xmlURLText {
                    switch Self.feedURL(raw) {
                    case .failure(let reason):
                        skipped.append(Skipped(title: title, url: raw, reason: reason.text))
                    case .success(let url):
                        if Self.scheme(of: raw) == "feed" {
                            rewritten.append(Rewritten(title: title, from: raw, to: url))
                        }
                        if folders.isEmpty {
                            if topLevel.insert(url).inserted {
                                groups.append(Group(title: title, urls: [url]))
                            } else {
                                skipped.append(Skipped(title: title, url: raw, reason: "duplicate of a feed above"))
                            }
                        } else if let index = byPath[folders] {
                            if groups[index].urls.contains(url) {
                                skipped.append(
                                    Skipped(
                                        title: title, url: raw,
                                        reason: "duplicate: already in folder \"\(folders.joined(separator: " / "))\""))
                            } else {
                                groups[index].urls.append(url)
                            }
                        } else {
                            byPath[folders] = groups.count
                            groups.append(Group(title: folders.last ?? title, urls: [url]))
                        }
                    }
                } else if outline.children.isEmpty {
                    skipped.append(
                        Skipped(title: title, url: nil, reason: "no xmlUrl: not a feed (a link, or an empty folder)"))
                }
                visit(outline.children, folders + [outline.text])
            }
        }
        visit(document.outlines, [])
        (self.groups, self.skipped, self.rewritten) = (groups, skipped, rewritten)
    }

    /// Why an address is not imported.
    enum Reason: Error, Equatable {
        case unsupportedScheme(String)
        case notWebURL

        var text: String {
            switch self {
            case .unsupportedScheme(let scheme): "unsupported scheme \(scheme): (only http and https feeds are fetched)"
            case .notWebURL: "not an absolute http(s) URL"
            }
        }
    }

    /// The http(s) URL to fetch for an `xmlUrl`, read as the brands file will read it. `feed:` is
    /// a pseudo-scheme meaning "this is a feed": `feed://host/path` is `http://host/path` (the
    /// scheme's own definition; a site on https redirects), `feed:https://…` the URL after it.
    static func feedURL(_ raw: String) -> Result<URL, Reason> {
        var text = raw
        if scheme(of: raw) == "feed" {
            let rest = String(raw.dropFirst("feed:".count))
            if let inner = scheme(of: rest) {
                guard inner == "http" || inner == "https" else { return .failure(.unsupportedScheme("feed:" + inner)) }
                text = rest
            } else {
                text = "http:" + rest
            }
        }
        if let url = WebLink.url(text) { return .success(url) }
        if let scheme = scheme(of: text), scheme != "http", scheme != "https" {
            return .failure(.unsupportedScheme(scheme))
        }
        return .failure(.notWebURL)
    }

    /// The lower-cased scheme `text` starts with (RFC 3986: a letter, then letters, digits, `+-.`,
    /// then a colon), or nil.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = text[..<colon]
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            name.unicodeScalars.allSatisfy({
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
            })
        else { return nil }
        return name.lowercased()
    }
}

import Foundation
import TidingsModel
import TidingsSections

/// The newsroom console's own words (`console.*` in the language catalogs).
public enum ConsoleWord: String, CaseIterable, Sendable {
    case title, signInLead, key, signIn, signOut, signedInAs, sessionEnds, badKey, expired
    case brands, audit, stories, openInReader, source, render
    case renderNative, renderWeb, renderAuto, renderSwitch, webURL, doneRender, errorRender, errorSectionChanged
    case pinned, hidden, noPins, noHidden, position, until, pin, unpin, hide, unhide, reason
    case pinnedAt, pinnedUntil, hiddenBecause, published, noStories
    case donePin, doneUnpin, doneHide, doneUnhide
    case errorPositionTaken, errorPosition, errorUntil, errorReason, errorChanged, errorNotInSection, errorForm
    case errorUnavailable
    case when, who, what, target, older, noAudit
    case kindBrand, kindSection, kindPin, kindHide

    /// The catalog key.
    public var key: String { "console." + rawValue }

    /// The word in `language`.
    public func text(_ language: LanguageTag) -> String { Translations.current.string(key, language) }
}

/// What every console page shows besides its own content: who is signed in, until when, the
/// console's navigation, the sign-out form and the token every form carries.
public struct ConsoleSessionView: Sendable {
    /// The key signed in with: who the audit log says made a change.
    public var keyName: String
    public var keyID: Int64
    var signedInAs: String
    var sessionEnds: String
    var csrf: String
    var signOutAction: String
    var nav: [Chrome.Link]

    /// `page` is `brands` or `audit` (the current one in the navigation), or nil.
    public init(context: WebContext, keyName: String, keyID: Int64, expiresAt: Date, csrf: String, page: String?) {
        self.keyName = keyName
        self.keyID = keyID
        let t = ConsoleView.words(context.language)
        signedInAs = t["signedInAs", default: ""].replacingOccurrences(of: "{name}", with: keyName)
        sessionEnds = t["sessionEnds", default: ""].replacingOccurrences(
            of: "{time}", with: ConsoleView.time(expiresAt, context))
        self.csrf = csrf
        signOutAction = context.link("/admin/sign-out")
        nav = [
            Chrome.Link(title: t["brands", default: ""], href: context.link("/admin"), current: page == "brands"),
            Chrome.Link(title: t["audit", default: ""], href: context.link("/admin/audit"), current: page == "audit"),
        ]
    }
}

/// Helpers the console's pages share.
enum ConsoleView {
    /// Every console word for `language`, by its short name (templates read `{{t.signIn}}`).
    static func words(_ language: LanguageTag) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ConsoleWord.allCases.map { ($0.rawValue, $0.text(language)) })
    }

    /// The word of each way a section is shown, by the mode's name.
    static let renderWords = ["native": "renderNative", "web": "renderWeb", "auto": "renderAuto"]

    /// A time as the page's language writes it, in the page's zone, named.
    static func time(_ date: Date, _ context: WebContext) -> String {
        let style = Date.FormatStyle(date: .abbreviated, time: .shortened, timeZone: context.timeZone)
            .locale(Locale(identifier: context.language.identifier))
        return date.formatted(style) + " " + (context.timeZone.abbreviation(for: date) ?? context.timeZone.identifier)
    }

    /// A page's chrome: the reader's, titled for the console, with no brand's navigation.
    static func chrome(_ context: WebContext, title: String) -> Chrome {
        var chrome = Chrome(context, title: title)
        chrome.brandHref = context.link("/admin")
        chrome.brandName = ConsoleWord.title.text(context.language)
        return chrome
    }
}

/// `/admin` before signing in: the key, and why the last try failed.
public struct ConsoleSignInPage: WebPage {
    public static let template = "console-sign-in"
    var chrome: Chrome
    var t: [String: String]
    var action: String
    var alert: String?

    public init(context: WebContext, alert: String?) {
        t = ConsoleView.words(context.language)
        chrome = ConsoleView.chrome(context, title: t["title", default: ""])
        action = context.link("/admin/sign-in")
        self.alert = alert
    }
}

/// `/admin`: every brand and its sections, each with what it shows and where to steer it.
public struct ConsoleHomePage: WebPage {
    public static let template = "console-home"

    struct BrandRow: Sendable {
        var name: String
        var id: String
        var sections: [SectionRow]
    }

    struct SectionRow: Sendable {
        var title: String
        var id: String
        var source: String
        var render: String
        var storiesHref: String?
        var readerHref: String
    }

    var chrome: Chrome
    var t: [String: String]
    var session: ConsoleSessionView
    var brands: [BrandRow]

    public init(context: WebContext, session: ConsoleSessionView) {
        t = ConsoleView.words(context.language)
        chrome = ConsoleView.chrome(context, title: t["brands", default: ""])
        self.session = session
        let words = t
        brands = context.brands.map { brand in
            BrandRow(
                name: brand.name, id: brand.id,
                sections: brand.sections.map { section in
                    let name = section.render.name
                    let render = words[ConsoleView.renderWords[name] ?? name, default: name]
                    return SectionRow(
                        title: section.title.text(context.language, brand: brand.locale), id: section.id,
                        source: section.source.typeName, render: render,
                        storiesHref: section.takesEditorialDecisions
                            ? context.link("/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))")
                            : nil,
                        readerHref: context.link(context.sectionPath(brand, section.id)))
                })
        }
    }
}

/// `/admin/{brand}/{section}`: the section's newest stories with the newsroom's controls on
/// each (pin at a position until a time, unpin; hide with a reason, bring back), and every pin
/// and hidden story of the section.
public struct ConsoleSectionPage: WebPage {
    public static let template = "console-section"

    /// A story as the console lists it.
    public struct Story: Sendable {
        public var id: String
        public var title: String
        public var publishedAt: Date?
        /// 1-based, when pinned.
        public var position: Int?
        public var until: Date?
        /// When hidden.
        public var reason: String?

        public init(id: String, title: String, publishedAt: Date?, position: Int?, until: Date?, reason: String?) {
            self.id = id
            self.title = title
            self.publishedAt = publishedAt
            self.position = position
            self.until = until
            self.reason = reason
        }
    }

    struct Row: Sendable {
        var id: String
        var title: String
        var domID: String
        var published: String?
        var pinnedAt: String?
        var pinnedUntil: String?
        var hiddenBecause: String?
        var isPinned: Bool
        var isHidden: Bool
        var action: String
    }

    var chrome: Chrome
    var t: [String: String]
    var session: ConsoleSessionView
    var heading: String
    var readerHref: String
    var notice: String?
    var alert: String?
    var pins: [Row]
    var hidden: [Row]
    var stories: [Row]
    var hasPins: Bool
    var hasHidden: Bool
    var hasStories: Bool
    var render: RenderForm

    /// The native/web switch: the section's kept version (the form changes that one or is
    /// refused), the ways it can be shown, and the web page's address.
    struct RenderForm: Sendable {
        struct Option: Sendable {
            var value: String
            var label: String
            var selected: Bool
        }
        var action: String
        var version: Int64
        var options: [Option]
        var webURL: String
    }

    /// `stories` are the newest; `pins` and `hidden` every decision of the section (a pinned
    /// story may be older than the newest).
    /// `version` is the section's as kept (the render switch's form changes that one);
    /// `webURL` the web page it shows, if it does.
    public init(
        context: WebContext, session: ConsoleSessionView, brand: Brand, section: Section, version: Int64,
        webURL: String?, stories: [Story], pins: [Story], hidden: [Story], notice: String?, alert: String?
    ) {
        let words = ConsoleView.words(context.language)
        t = words
        let current = section.render.name
        let ways = ["native", "web"] + (section.source.format == .legacyJSON ? ["auto"] : [])
        render = RenderForm(
            action: context.link("/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))/render"),
            version: version,
            options: ways.map {
                RenderForm.Option(
                    value: $0, label: words[ConsoleView.renderWords[$0] ?? $0, default: $0], selected: $0 == current)
            },
            webURL: webURL ?? "")
        let title = section.title.text(context.language, brand: brand.locale)
        heading = "\(brand.name) — \(title)"
        chrome = ConsoleView.chrome(context, title: heading)
        self.session = session
        readerHref = context.link(context.sectionPath(brand, section.id))
        self.notice = notice
        self.alert = alert
        let base = "/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))/stories/"
        func row(_ story: Story, _ list: String) -> Row {
            Row(
                id: story.id, title: story.title.isEmpty ? story.id : story.title,
                domID: list + "-"
                    + String(
                        story.id.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" }),
                published: story.publishedAt.map { ConsoleView.time($0, context) },
                pinnedAt: story.position.map {
                    words["pinnedAt", default: ""].replacingOccurrences(of: "{position}", with: String($0))
                },
                pinnedUntil: story.until.map {
                    words["pinnedUntil", default: ""].replacingOccurrences(
                        of: "{time}", with: ConsoleView.time($0, context))
                },
                hiddenBecause: story.reason.map {
                    words["hiddenBecause", default: ""].replacingOccurrences(of: "{reason}", with: $0)
                },
                isPinned: story.position != nil, isHidden: story.reason != nil,
                action: context.link(base + WebContext.escape(story.id)))
        }
        self.pins = pins.map { row($0, "pin") }
        self.hidden = hidden.map { row($0, "hidden") }
        self.stories = stories.map { row($0, "story") }
        hasPins = !pins.isEmpty
        hasHidden = !hidden.isEmpty
        hasStories = !stories.isEmpty
    }
}

/// `/admin/audit`: who changed what, when; newest first, a page at a time.
public struct ConsoleAuditPage: WebPage {
    public static let template = "console-audit"

    /// One change, as the log keeps it.
    public struct Entry: Sendable {
        public var at: Date
        public var actor: String
        public var kind: String
        public var target: String
        public var action: String

        public init(at: Date, actor: String, kind: String, target: String, action: String) {
            self.at = at
            self.actor = actor
            self.kind = kind
            self.target = target
            self.action = action
        }
    }

    struct Row: Sendable {
        var when: String
        var datetime: String
        var who: String
        var what: String
        var target: String
        var action: String
    }

    var chrome: Chrome
    var t: [String: String]
    var session: ConsoleSessionView
    var rows: [Row]
    var hasRows: Bool
    var olderHref: String?

    /// `older` is the id to read before for the next page, when there is one.
    public init(context: WebContext, session: ConsoleSessionView, entries: [Entry], older: Int64?) {
        let words = ConsoleView.words(context.language)
        t = words
        chrome = ConsoleView.chrome(context, title: words["audit", default: ""])
        self.session = session
        rows = entries.map { entry in
            let kind: String =
                switch entry.kind {
                case "brand": words["kindBrand", default: entry.kind]
                case "section": words["kindSection", default: entry.kind]
                case "pin": words["kindPin", default: entry.kind]
                case "hide": words["kindHide", default: entry.kind]
                default: entry.kind
                }
            return Row(
                when: ConsoleView.time(entry.at, context), datetime: entry.at.formatted(.iso8601), who: entry.actor,
                what: kind, target: entry.target, action: entry.action)
        }
        hasRows = !rows.isEmpty
        olderHref = older.map { context.link("/admin/audit", [("before", String($0))]) }
    }
}

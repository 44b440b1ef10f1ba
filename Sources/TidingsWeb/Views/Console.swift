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
    case kindBrand, kindSection, kindPin, kindHide, kindSplit, kindMerge
    case alsoTold, split, splitLead, merge, mergeWith, doneSplit, doneMerge, errorSplit, errorMerge, errorGrouping
    case sources, sections, lastSuccess, nextFetch, fetchNow, doneFetch, sourceOK, sourceFailing, sourceNew
    case schedule, scheduleLead, from, to, ruleAds, ruleWidget, ruleCard, saveSchedule, doneSchedule, errorSchedule
    case noRules, widgetCarousel, widgetList, widgetWeather, widgetLocal
    case preview, previewLead, previewFrame, changedElsewhere, reloadList, localTime

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

    /// `page` is `brands`, `sources` or `audit` (the current one in the navigation), or nil.
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
            Chrome.Link(
                title: t["sources", default: ""], href: context.link("/admin/sources"), current: page == "sources"),
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

    /// The word of each kind of widget, by the configuration's name for it.
    static let widgetWords = [
        "carousel": "widgetCarousel", "list": "widgetList", "weather": "widgetWeather", "local": "widgetLocal",
    ]

    /// The word of each way a section is shown, by the mode's name.
    static let renderWords = ["native": "renderNative", "web": "renderWeb", "auto": "renderAuto"]

    /// A `datetime-local` field's value for `date`, in UTC (what the console's forms read back).
    static func input(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)T\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
                timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian)))
    }

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
        /// The section's console page.
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
                        storiesHref: context.link(
                            "/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))"),
                        readerHref: context.link(context.sectionPath(brand, section.id)))
                })
        }
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
                case "split": words["kindSplit", default: entry.kind]
                case "merge": words["kindMerge", default: entry.kind]
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

/// `/admin/sources`: every source the sections read, how its fetching goes, and "fetch now".
public struct ConsoleSourcesPage: WebPage {
    public static let template = "console-sources"

    /// A source as the console lists it.
    public struct Source: Sendable {
        public var id: String
        /// Its URL, or the file it reads.
        public var location: String
        public var format: String
        public var sections: [String]
        /// How its last fetch ended (`200`, `304`, `timeout` …), and why it failed.
        public var lastStatus: String?
        public var lastError: String?
        public var lastSuccessAt: Date?
        public var nextFetchAt: Date?
        /// Failed fetches in a row.
        public var failures: Int

        public init(
            id: String, location: String, format: String, sections: [String], lastStatus: String?, lastError: String?,
            lastSuccessAt: Date?, nextFetchAt: Date?, failures: Int
        ) {
            self.id = id
            self.location = location
            self.format = format
            self.sections = sections
            self.lastStatus = lastStatus
            self.lastError = lastError
            self.lastSuccessAt = lastSuccessAt
            self.nextFetchAt = nextFetchAt
            self.failures = failures
        }
    }

    struct Row: Sendable {
        var id: String
        var location: String
        var format: String
        var sections: String
        var state: String
        var failing: Bool
        var detail: String?
        var lastSuccess: String
        var nextFetch: String
    }

    var chrome: Chrome
    var t: [String: String]
    var session: ConsoleSessionView
    var notice: String?
    var action: String
    var rows: [Row]
    var hasRows: Bool

    public init(context: WebContext, session: ConsoleSessionView, sources: [Source], notice: String?) {
        let words = ConsoleView.words(context.language)
        t = words
        chrome = ConsoleView.chrome(context, title: words["sources", default: ""])
        self.session = session
        self.notice = notice
        action = context.link("/admin/sources")
        let never = words["sourceNew", default: ""]
        rows = sources.map { source in
            let state: String =
                if source.failures > 0 {
                    Translations.current.string(
                        ConsoleWord.sourceFailing.key, context.language, [.count(source.failures)])
                } else if source.lastStatus == nil {
                    never
                } else {
                    words["sourceOK", default: ""]
                }
            let detail = [source.lastStatus, source.lastError].compactMap { $0 }.joined(separator: ": ")
            return Row(
                id: source.id, location: source.location, format: source.format,
                sections: source.sections.joined(separator: ", "), state: state, failing: source.failures > 0,
                detail: detail.isEmpty ? nil : detail,
                lastSuccess: source.lastSuccessAt.map { ConsoleView.time($0, context) } ?? never,
                nextFetch: source.nextFetchAt.map { ConsoleView.time($0, context) } ?? "")
        }
        hasRows = !rows.isEmpty
    }
}

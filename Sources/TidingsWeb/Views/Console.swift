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
    /// The section's live stream (its stories and the newsroom's decisions), which the page's
    /// script follows to keep the preview current and say when the list is out of date.
    var updatesHref: String?
    /// This page, to show the list as it is now.
    var pageHref: String
    /// A section shown natively is previewed as the reader shows it; a web page is not framed
    /// again inside the console (its link opens it).
    var hasPreview: Bool
    var notice: String?
    var alert: String?
    var pins: [Row]
    var hidden: [Row]
    var stories: [Row]
    var hasPins: Bool
    var hasHidden: Bool
    var hasStories: Bool
    var render: RenderForm
    /// A web source is always shown as its page: no switch.
    var canSwitch: Bool
    /// Sections read from sources list their stories with the newsroom's controls.
    var takesDecisions: Bool
    var schedule: ScheduleForm

    /// A placement rule of the section as the schedule form shows it: its ads rule, a widget or a
    /// notification card, and when it is in force.
    public struct Rule: Sendable {
        public enum Kind: Sendable {
            case ads
            case widget(kind: String, position: Int)
            case card(id: String)
        }
        /// The form's name for it: `ads`, `widget.0`, `card.1`.
        public var key: String
        public var kind: Kind
        public var start: Date?
        public var end: Date?

        public init(key: String, kind: Kind, start: Date?, end: Date?) {
            self.key = key
            self.kind = kind
            self.start = start
            self.end = end
        }
    }

    /// The schedule of every rule, start and end as `datetime-local` values in UTC.
    struct ScheduleForm: Sendable {
        struct Field: Sendable {
            var key: String
            var domID: String
            var label: String
            var start: String
            var end: String
        }
        var action: String
        var fields: [Field]
        var hasFields: Bool
    }

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
        webURL: String?, rules: [Rule], stories: [Story], pins: [Story], hidden: [Story], notice: String?,
        alert: String?
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
        canSwitch = !section.isWebSource
        takesDecisions = section.takesEditorialDecisions
        let sectionPath = "/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))"
        let fields = rules.map { rule in
            let label: String =
                switch rule.kind {
                case .ads: words["ruleAds", default: ""]
                case .widget(let kind, let position):
                    words["ruleWidget", default: ""]
                        .replacingOccurrences(
                            of: "{kind}", with: words[ConsoleView.widgetWords[kind] ?? kind, default: kind]
                        )
                        .replacingOccurrences(of: "{position}", with: String(position))
                case .card(let id): words["ruleCard", default: ""].replacingOccurrences(of: "{id}", with: id)
                }
            return ScheduleForm.Field(
                key: rule.key, domID: "rule-" + rule.key.replacingOccurrences(of: ".", with: "-"), label: label,
                start: rule.start.map(ConsoleView.input) ?? "", end: rule.end.map(ConsoleView.input) ?? "")
        }
        schedule = ScheduleForm(
            action: context.link(sectionPath + "/schedule"), fields: fields, hasFields: !fields.isEmpty)
        let title = section.title.text(context.language, brand: brand.locale)
        heading = "\(brand.name) — \(title)"
        chrome = ConsoleView.chrome(context, title: heading)
        self.session = session
        readerHref = context.link(context.sectionPath(brand, section.id))
        updatesHref =
            takesDecisions
            ? "/api/v1/brands/\(WebContext.escape(brand.id))/sections/\(WebContext.escape(section.id))/updates" : nil
        pageHref = context.link(sectionPath)
        hasPreview = !section.isWebSource && section.render == .native
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

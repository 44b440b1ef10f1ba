import Foundation
import TidingsModel
import TidingsSections

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
        /// The other tellings of its story, each of which an editor may split off.
        public var alsoFrom: [Teaser.AlsoFrom]

        public init(
            id: String, title: String, publishedAt: Date?, position: Int?, until: Date?, reason: String?,
            alsoFrom: [Teaser.AlsoFrom] = []
        ) {
            self.id = id
            self.title = title
            self.publishedAt = publishedAt
            self.position = position
            self.until = until
            self.reason = reason
            self.alsoFrom = alsoFrom
        }
    }

    /// Another telling of a row's story: its source and title, and the form that splits it off.
    struct Telling: Sendable {
        var label: String
        var action: String
    }

    /// A story the merge field offers.
    struct Option: Sendable {
        var id: String
        var title: String
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
        var tellings: [Telling]
        var hasTellings: Bool
        /// Whether the row offers to merge its story with another (the newest stories, when
        /// stories are grouped).
        var canMerge: Bool
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
    /// The newest stories, offered to the merge fields (a datalist), when stories are grouped.
    var mergeOptions: [Option]
    var hasMergeOptions: Bool
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
    /// `webURL` the web page it shows, if it does. With `grouped`, the newest stories offer to
    /// split off their other tellings and to merge with another story.
    public init(
        context: WebContext, session: ConsoleSessionView, brand: Brand, section: Section, version: Int64,
        webURL: String?, rules: [Rule], stories: [Story], pins: [Story], hidden: [Story], grouped: Bool = false,
        notice: String?, alert: String?
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
            ? SectionKey(brand: brand.id, section: section.id).updatesPath : nil
        pageHref = context.link(sectionPath)
        hasPreview = !section.isWebSource && section.render == .native
        self.notice = notice
        self.alert = alert
        let base = "/admin/\(WebContext.escape(brand.id))/\(WebContext.escape(section.id))/stories/"
        func row(_ story: Story, _ list: String) -> Row {
            let tellings = story.alsoFrom.map { other in
                Telling(
                    label: [other.source, other.title].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(
                        separator: " — "),
                    action: context.link(base + WebContext.escape(other.id)))
            }
            return Row(
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
                action: context.link(base + WebContext.escape(story.id)), tellings: tellings,
                hasTellings: !tellings.isEmpty, canMerge: grouped && list == "story" && stories.count > 1)
        }
        mergeOptions =
            grouped && stories.count > 1
            ? stories.map { Option(id: $0.id, title: $0.title.isEmpty ? $0.id : $0.title) } : []
        hasMergeOptions = !mergeOptions.isEmpty
        self.pins = pins.map { row($0, "pin") }
        self.hidden = hidden.map { row($0, "hidden") }
        self.stories = stories.map { row($0, "story") }
        hasPins = !pins.isEmpty
        hasHidden = !hidden.isEmpty
        hasStories = !stories.isEmpty
    }
}

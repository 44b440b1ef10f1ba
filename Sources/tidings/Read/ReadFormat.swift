import Foundation
import TidingsModel

/// How the reader writes times: in the reader's language and time zone (fixed in tests).
struct ReadFormat: Sendable {
    var language: LanguageTag
    var timeZone: TimeZone
    /// The moment shown: what of a forecast still holds depends on it.
    var now: Date

    /// A format for `language` in the machine's time zone, now.
    init(language: LanguageTag, timeZone: TimeZone = .current, now: Date = Date()) {
        self.language = language
        self.timeZone = timeZone
        self.now = now
    }

    /// "20 Nov 17:30": when a story was published.
    func time(_ date: Date) -> String {
        format(date, template: "dMMMHHmm")
    }

    /// "17:30": when the offline items were fetched.
    func clock(_ date: Date) -> String {
        format(date, pattern: "HH:mm")
    }

    private func format(_ date: Date, template: String? = nil, pattern: String? = nil) -> String {
        let formatter = DateFormatter()
        formatter.locale = language.locale
        formatter.timeZone = timeZone
        if let template { formatter.setLocalizedDateFormatFromTemplate(template) }
        if let pattern { formatter.dateFormat = pattern }
        return formatter.string(from: date)
    }
}

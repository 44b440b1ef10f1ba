import FeedParsing
import Foundation
import TidingsModel
import TidingsSections

/// A forecast in the page's language: now (picture, temperature, sky), the days ahead, and who
/// made it.
struct WeatherView: Sendable {
    struct Day: Sendable {
        var name: String
        var icon: String?
        var condition: String?
        var high: String?
        var low: String?
    }

    var icon: String?
    var temperature: String?
    var condition: String?
    var days: [Day]
    /// Stored, not computed: templates see stored properties only.
    var hasDays: Bool
    var provider: String?
    var href: String?
    var updated: String?
    /// Said instead of a forecast none of which holds any more.
    var outdated: String?

    init(_ source: Forecast, context: WebContext) {
        let language = context.language
        // Past days and stale conditions are not shown as the weather (`Forecast.asOf`).
        let forecast = source.asOf(context.now)
        outdated = forecast.isOutdated ? context.strings.forecastOutdated : nil
        icon = forecast.condition.map { context.assets.href("weather-\($0.rawValue).svg") }
        temperature = forecast.temperatureText
        condition = forecast.condition?.words(language, brand: context.brand?.locale)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let style = Date.FormatStyle(timeZone: calendar.timeZone).weekday(.abbreviated).locale(language.locale)
        days = forecast.days.prefix(5).map { day in
            let parts = day.date.split(separator: "-").compactMap { Int($0) }
            let date =
                parts.count == 3
                ? calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])) : nil
            return Day(
                name: date.map { $0.formatted(style) } ?? day.date,
                icon: day.condition.map { context.assets.href("weather-\($0.rawValue).svg") },
                condition: day.condition?.words(language, brand: context.brand?.locale),
                high: day.high.map(Forecast.degrees),
                low: day.low.map(Forecast.degrees))
        }
        hasDays = !days.isEmpty
        provider = forecast.provider.map { context.strings.forecastBy + $0 }
        href = WebContext.webURL(forecast.url)
        updated = source.updatedAt.map { context.formats.timeAgo(from: $0, to: context.now) }
    }
}

import Foundation
import Testing
import TidingsModel

/// Issue 34: a week-old forecast was shown as the weather now, its days all past.
@Suite("What of a forecast still holds")
struct ForecastTests {
    static let made = ISO8601DateFormatter().date(from: "2026-11-20T06:00:00Z")!
    static let forecast = Forecast(
        place: "Bergen", temperature: 6, condition: .rain,
        days: ["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"].map {
            Forecast.Day(date: $0, condition: .cloudy, high: 7, low: 2)
        }, updatedAt: made, provider: "Courier Weather")

    @Test("fresh: all of it; later the same day: the days, not the conditions of the morning")
    func freshness() {
        #expect(Self.forecast.asOf(Self.made.addingTimeInterval(3600)) == Self.forecast)
        let evening = Self.forecast.asOf(Self.made.addingTimeInterval(12 * 3600))
        #expect(evening.temperature == nil && evening.condition == nil)
        #expect(evening.days.count == 5 && !evening.isOutdated)
    }

    @Test("a day is over once it has ended everywhere (UTC−12); a week later nothing holds")
    func pastDays() {
        // 2026-11-22 11:59 UTC is still 23:59 of the 21st at UTC−12.
        let early = Self.forecast.asOf(ISO8601DateFormatter().date(from: "2026-11-22T11:59:00Z")!)
        #expect(early.days.map(\.date) == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"])
        let late = Self.forecast.asOf(ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!)
        #expect(late.days.first?.date == "2026-11-22")
        let week = Self.forecast.asOf(Self.made.addingTimeInterval(7 * 86_400))
        #expect(week.isOutdated && week.place == "Bergen" && week.provider == "Courier Weather")
    }

    @Test("a forecast that does not say when it was made keeps its conditions")
    func undated() {
        var forecast = Self.forecast
        forecast.updatedAt = nil
        #expect(forecast.asOf(Self.made.addingTimeInterval(30 * 86_400)).temperature == 6)
    }
}

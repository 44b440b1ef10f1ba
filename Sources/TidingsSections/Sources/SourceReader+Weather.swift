import FeedParsing
import Foundation
import TidingsModel

/// The weather format: one place's forecast, which becomes the one entry of its source — a
/// weather widget with the forecast — replaced on every fetch.
///
/// ```json
/// {"place": "Bergen", "units": "celsius", "updated_at": "2026-11-24T06:00:00Z",
///  "provider": "Met Office", "url": "https://weather.example/bergen",
///  "now": {"temperature": 6.5, "condition": "rain"},
///  "days": [{"date": "2026-11-24", "condition": "rain", "high": 8, "low": 4}]}
/// ```
///
/// `place` is required; temperatures are numbers from -100 to 150; `condition` is one of
/// `Forecast.Condition` (another word is dropped with a warning); `days` holds at most 14.
extension SourceReader {
    private struct Document: Decodable {
        struct Now: Decodable {
            var temperature: Double?
            var condition: String?
        }
        struct Day: Decodable {
            var date: String
            var condition: String?
            var high: Double?
            var low: Double?
        }
        var place: String
        var units: String?
        var updatedAt: Date?
        var provider: String?
        var url: String?
        var now: Now?
        var days: [Day]?

        enum CodingKeys: String, CodingKey {
            case place, units, provider, url, now, days
            case updatedAt = "updated_at"
        }
    }

    /// The forecast's one entry; its key never changes, so each fetch replaces the last.
    static let forecastKey = "forecast"

    func readWeather(_ bytes: [UInt8]) throws(SourceReadError) -> SourceDocument {
        let document: Document
        let data = Data(bytes)
        do {
            document = try TidingsJSON.decoder().decode(Document.self, from: data)
        } catch {
            throw SourceReadError("not a weather document: \(TidingsJSON.describe(error, in: data))")
        }
        let place = HTMLText.plainText(document.place)
        guard !place.isEmpty else { throw SourceReadError("the weather document's \"place\" is empty") }
        let units = document.units ?? "celsius"
        guard units == "celsius" || units == "fahrenheit" else {
            throw SourceReadError("the weather document's \"units\" must be celsius or fahrenheit, not \"\(units)\"")
        }
        var warnings: [String] = []
        func condition(_ word: String?, _ place: String) -> Forecast.Condition? {
            guard let word else { return nil }
            guard let condition = Forecast.Condition(rawValue: word) else {
                let known = Forecast.Condition.allCases.map(\.rawValue).joined(separator: ", ")
                warnings.append("\(place): condition \"\(word)\" is not one of \(known); left out")
                return nil
            }
            return condition
        }
        func temperature(_ value: Double?, _ place: String) throws(SourceReadError) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, (-100...150).contains(value) else {
                throw SourceReadError("the weather document's \(place) temperature \(value) is not from -100 to 150")
            }
            return value
        }
        var days: [Forecast.Day] = []
        for (index, day) in (document.days ?? []).prefix(14).enumerated() {
            let name = "days[\(index)]"
            guard Self.isDate(day.date) else {
                throw SourceReadError("the weather document's \(name).date must be YYYY-MM-DD, not \"\(day.date)\"")
            }
            days.append(
                Forecast.Day(
                    date: day.date, condition: condition(day.condition, name),
                    high: try temperature(day.high, name + ".high"), low: try temperature(day.low, name + ".low")))
        }
        if (document.days?.count ?? 0) > 14 { warnings.append("days after the 14th were left out") }
        let forecast = Forecast(
            place: place, units: units, temperature: try temperature(document.now?.temperature, "now"),
            condition: condition(document.now?.condition, "now"), days: days, updatedAt: document.updatedAt,
            provider: document.provider.map(HTMLText.plainText).flatMap { $0.isEmpty ? nil : $0 },
            url: document.url.flatMap { WebLink.url($0) })
        let widget = Widget(id: Self.forecastKey, kind: .weather, location: ["city": place], forecast: forecast)
        return SourceDocument(
            title: place,
            entries: [SourceEntry(key: Self.forecastKey, item: .widget(widget), publishedAt: document.updatedAt)],
            warnings: warnings)
    }

    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let month = Int(parts[1]), let day = Int(parts[2]), Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }
}

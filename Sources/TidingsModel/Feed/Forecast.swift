import Foundation

/// A weather forecast for one place, as a weather widget carries it: the conditions now and a
/// few days ahead, in codes clients put into words (and pictures) in their own language.
public struct Forecast: Codable, Hashable, Sendable {
    /// The sky, in one word of a fixed list; weather icons are named after them.
    public enum Condition: String, Codable, Hashable, Sendable, CaseIterable {
        case clear
        case partlyCloudy = "partly-cloudy"
        case cloudy, rain, snow, thunder, fog, wind
    }

    /// One day ahead.
    public struct Day: Codable, Hashable, Sendable {
        /// The local date, `YYYY-MM-DD`.
        public var date: String
        public var condition: Condition?
        /// The day's highest and lowest temperature, in `units`.
        public var high: Double?
        public var low: Double?

        public init(date: String, condition: Condition? = nil, high: Double? = nil, low: Double? = nil) {
            self.date = date
            self.condition = condition
            self.high = high
            self.low = low
        }
    }

    /// The place, as the forecast names it ("Bergen").
    public var place: String
    /// `celsius` or `fahrenheit`.
    public var units: String
    /// Now: temperature and sky.
    public var temperature: Double?
    public var condition: Condition?
    /// Today first.
    public var days: [Day]
    /// When the forecast was made.
    public var updatedAt: Date?
    /// Who made it, and where to read more: forecasts must be credited.
    public var provider: String?
    public var url: URL?

    public init(
        place: String, units: String = "celsius", temperature: Double? = nil, condition: Condition? = nil,
        days: [Day] = [], updatedAt: Date? = nil, provider: String? = nil, url: URL? = nil
    ) {
        self.place = place
        self.units = units
        self.temperature = temperature
        self.condition = condition
        self.days = days
        self.updatedAt = updatedAt
        self.provider = provider
        self.url = url
    }

    enum CodingKeys: String, CodingKey {
        case place, units, temperature, condition, days, provider, url
        case updatedAt = "updated_at"
    }

    /// How long the conditions "now" stay now: providers update them hourly.
    public static let currentFor: TimeInterval = 3 * 3600

    /// What of the forecast still holds at `now`: the days not over yet (a day is over once it has
    /// ended everywhere, at UTC−12), and the conditions now only while they are fresh
    /// (``currentFor`` after `updatedAt`; kept when the forecast does not say when it was made).
    /// A week-old forecast was shown as current, its days all past.
    public func asOf(_ now: Date) -> Forecast {
        var shown = self
        if let updatedAt, now.timeIntervalSince(updatedAt) > Self.currentFor {
            shown.temperature = nil
            shown.condition = nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: -12 * 3600)!
        let today = calendar.dateComponents([.year, .month, .day], from: now)
        let todayText = String(format: "%04d-%02d-%02d", today.year ?? 0, today.month ?? 0, today.day ?? 0)
        shown.days = days.filter { $0.date >= todayText }
        return shown
    }

    /// Whether nothing of the forecast holds any more: no conditions now and no day ahead.
    public var isOutdated: Bool { temperature == nil && condition == nil && days.isEmpty }
}

extension Forecast.Condition {
    /// The condition in words ("Partly cloudy", "Переменная облачность", "Delvis skyet"), from the
    /// language catalogs (`forecast.<code>`), falling back to the brand's language, then English.
    public func words(_ language: LanguageTag, brand: LanguageTag? = nil) -> String {
        Translations.current.string("forecast.\(rawValue)", language, brand: brand)
    }

    /// The catalog keys of every condition.
    public static let translationKeys = allCases.map { "forecast.\($0.rawValue)" }
}

extension Forecast {
    /// A temperature as shown: rounded, with a true minus sign ("8°", "−3°").
    public static func degrees(_ value: Double) -> String {
        let rounded = Int(value.rounded())
        return (rounded < 0 ? "\u{2212}\(-rounded)" : "\(rounded)") + "°"
    }

    /// The temperature now with its unit ("6°C"), if the forecast has one.
    public var temperatureText: String? {
        temperature.map { Self.degrees($0) + (units == "fahrenheit" ? "F" : "C") }
    }
}

import Foundation
import Testing
import TidingsModel

@testable import TidingsSections

/// The weather format: a forecast document becomes one weather widget, replaced on every fetch.
struct WeatherSourceTests {
    let reader = SourceReader()

    func read(_ json: String) throws(SourceReadError) -> SourceDocument {
        try reader.read(Array(json.utf8), format: .weather, sourceID: "file:/w.json", sourceName: "w.json")
    }

    @Test func aForecastBecomesOneWeatherWidget() throws {
        let document = try read(
            """
            {"place": "Bergen", "units": "celsius", "updated_at": "2026-11-20T06:00:00Z", "provider": "Met <b>Office</b>",
             "url": "https://weather.example/bergen", "now": {"temperature": -0.6, "condition": "partly-cloudy"},
             "days": [{"date": "2026-11-20", "condition": "rain", "high": 8, "low": 4},
                      {"date": "2026-11-21", "condition": "hail", "high": 7.5},
                      {"date": "2026-11-22"}]}
            """)
        #expect(document.entries.count == 1)
        #expect(document.entries[0].key == "forecast", "the same key every fetch: each replaces the last")
        guard case .widget(let widget) = document.entries[0].item, let forecast = widget.forecast else {
            Issue.record("a weather widget with a forecast")
            return
        }
        #expect(widget.kind == .weather && widget.location == ["city": "Bergen"])
        #expect(forecast.place == "Bergen" && forecast.units == "celsius")
        #expect(forecast.temperature == -0.6 && forecast.condition == .partlyCloudy)
        #expect(forecast.temperatureText == "\u{2212}1°C")
        #expect(forecast.provider == "Met Office", "HTML in the provider's name is plain text")
        #expect(forecast.url?.absoluteString == "https://weather.example/bergen")
        #expect(forecast.days.map(\.date) == ["2026-11-20", "2026-11-21", "2026-11-22"])
        #expect(forecast.days.map(\.condition) == [.rain, nil, nil])
        #expect(forecast.days[1].high == 7.5 && forecast.days[1].low == nil)
        #expect(document.warnings.count == 1 && document.warnings[0].contains("\"hail\""), "\(document.warnings)")
        #expect(document.entries[0].publishedAt == Date(timeIntervalSince1970: 1_795_154_400))
    }

    @Test(arguments: [
        ("[]", "not a weather document"),
        (#"{"units": "celsius"}"#, "\"place\" is missing"),
        (#"{"place": " "}"#, "\"place\" is empty"),
        (#"{"place": "B", "units": "kelvin"}"#, "must be celsius or fahrenheit, not \"kelvin\""),
        (#"{"place": "B", "now": {"temperature": 900}}"#, "now temperature 900.0 is not from -100 to 150"),
        (#"{"place": "B", "days": [{"date": "20.11.2026"}]}"#, "days[0].date must be YYYY-MM-DD"),
        (#"{"place": "B", "now": {"temperature": "warm"}}"#, "now.temperature"),
    ])
    func mistakesAreNamed(json: String, expected: String) {
        let error = #expect(throws: SourceReadError.self) { try read(json) }
        #expect(error?.description.contains(expected) == true, "\(String(describing: error))")
    }

    @Test func conditionsHaveWordsInBothLanguages() {
        for condition in Forecast.Condition.allCases {
            #expect(!condition.words(.en).isEmpty && !condition.words(.ru).isEmpty)
            #expect(condition.words(.en) != condition.words(.ru))
        }
        #expect(
            Forecast.degrees(7.5) == "8°" && Forecast.degrees(-2.4) == "\u{2212}2°" && Forecast.degrees(-0.4) == "0°")
    }

    @Test func aWeatherWidgetTakesAForecastSourceKeptInAStreamOfItsOwn() throws {
        let directory = SectionsConfigurationTests.directory
        try Data(#"{"place": "Oslo"}"#.utf8).write(to: URL(fileURLWithPath: directory + "/oslo.json"))
        let configuration = try Self.load(widgets: [
            "{position: 3, kind: weather, location: {city: Oslo}, source: {type: weather, path: oslo.json}}",
            "{position: 5, kind: local, section: news, count: 2, location: {city: Oslo}}",
        ])
        let news = try #require(configuration.brand("daily")?.section("news"))
        let rule = news.placement.widgets[0]
        #expect(rule.source == FetchedSource(location: .file(directory + "/oslo.json"), format: .weather))
        #expect(news.widgetKey(rule, brand: "daily").stream == "daily/news.weather-3")
        let fed = configuration.fetchedSources.first { $0.source.format == .weather }
        #expect(fed?.sections.map(\.stream) == ["daily/news.weather-3"])
        #expect(news.placement.widgets[1].section?.stream == "daily/news" && news.placement.widgets[1].count == 2)
    }

    @Test(arguments: [
        (
            "{position: 3, kind: carousel, section: news, source: {type: weather, path: oslo.json}}",
            "source applies to weather widgets only"
        ),
        (
            "{position: 3, kind: weather, location: {city: O}, source: {type: feed, path: oslo.json}}",
            "type must be weather"
        ),
        ("{position: 3, kind: weather, location: {city: O}, source: {type: weather}}", "needs url or path"),
        (
            "{position: 3, kind: weather, location: {city: O}, section: news}",
            "section applies to carousel, list and local widgets only"
        ),
        (
            "{position: 3, kind: weather, location: {city: O}, source: {type: weather, path: nope.json}}",
            "which is not a readable file"
        ),
    ])
    func widgetMistakesAreNamed(widget: String, expected: String) {
        let error = #expect(throws: ConfigurationError.self) { try Self.load(widgets: [widget]) }
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
    }

    /// A brand whose one section (over the tests' `world.rss`) places `widgets`.
    static func load(widgets: [String]) throws -> SectionsConfiguration {
        try SectionsConfigurationTests.load(
            """
            brands:
              - id: daily
                name: Daily
                sections:
                  - id: news
                    title: News
                    source: {type: file, path: world.rss}
                    placement: {widgets: [\(widgets.joined(separator: ", "))]}
            """)
    }
}

import Foundation
import Testing
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsTesting

@Suite("Configuration")
struct ConfigurationTests {
    @Test("reads every key from YAML over the defaults")
    func readsYAML() throws {
        var configuration = TidingsConfiguration()
        try configuration.load(
            yaml: """
                pricing:
                  markup_percent: 12.5
                news:
                  min_change_percent: 5
                  merge_window: 90m
                  window_days: 14
                locale:
                  default: en
                server:
                  idle_timeout: 30s
                """)
        #expect(configuration.markupPercent == MarkupPercent("12.5"))
        #expect(configuration.minChangePercent == 5)
        #expect(configuration.mergeWindow == 5_400)
        #expect(configuration.windowDays == 14)
        #expect(configuration.defaultLocale == "en")
        #expect(configuration.idleTimeout == 30)
    }

    @Test(
        "names file, line and key for a mistake",
        arguments: [
            ("news:\n  min_change_percent: lots\n", "tidings.yaml:2: news.min_change_percent must be"),
            ("news:\n  window_days: 30\n  merge_windw: 2h\n", "tidings.yaml:3: unknown key news.merge_windw"),
            ("locale:\n  default: de\n", "tidings.yaml:2: locale.default must be ru or en"),
            ("- a\n- b\n", "tidings.yaml:1: the document must be a mapping"),
            ("pricing: [1, 2\n", "tidings.yaml:"),
        ])
    func errors(_ yaml: String, _ expected: String) {
        var configuration = TidingsConfiguration()
        #expect {
            try configuration.load(yaml: yaml, file: "tidings.yaml")
        } throws: { error in
            "\(error)".hasPrefix("config: \(expected)")
        }
    }

    @Test("durations read as seconds", arguments: [("2h", 7200.0), ("90m", 5400), ("45", 45), ("1d", 86_400)])
    func durations(_ text: String, _ seconds: Double) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test("database URLs are sqlite:PATH or postgres://")
    func databaseURLs() throws {
        #expect(try DatabaseURL("sqlite:./tidings.sqlite") == .sqlite(path: "./tidings.sqlite"))
        #expect(
            try DatabaseURL("postgres://u:secret@db:5432/tidings").description == "postgres://u:***@db:5432/tidings")
        #expect(throws: (any Error).self) { try DatabaseURL("mysql://x") }
        #expect(throws: (any Error).self) { try DatabaseURL("sqlite:") }
    }
}

@Suite("Localized presentation")
struct PresentationTests {
    @Test(
        "negotiates the language",
        arguments: [
            (nil, nil, "ru"), ("en", nil, "en"), ("ru-RU", "en", "ru"), ("xx", nil, "en"), (nil, "de, en;q=0.8", "en"),
            (nil, "de", "en"), (nil, "en;q=0.3, ru;q=0.7", "ru"), (nil, "*", "ru"), ("", "en", "en"),
        ] as [(String?, String?, String)])
    func negotiation(_ query: String?, _ header: String?, _ expected: String) {
        #expect(Language.negotiate(query: query, acceptLanguage: header, fallback: .ru).rawValue == expected)
    }

    @Test(
        "says how long ago in the seed's short style",
        arguments: [
            (30.0, "только что", "just now"), (300, "5 мин", "5m"), (6 * 3600 + 59, "6 ч", "6h"),
            (3 * 86_400, "3 д", "3d"),
            (-50, "только что", "just now"),
        ] as [(Double, String, String)])
    func timeAgo(_ seconds: Double, _ ru: String, _ en: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(Language.ru.timeAgo(from: now.addingTimeInterval(-seconds), to: now) == ru)
        #expect(Language.en.timeAgo(from: now.addingTimeInterval(-seconds), to: now) == en)
    }

    @Test("formats money like the seed: 65,53 ₽ with a no-break space")
    func money() {
        #expect(Language.ru.format(Money(minorUnits: 6_553, currency: .rub)) == "65,53\u{00A0}₽")
        #expect(Language.ru.format(Money(minorUnits: 123_456, currency: .rub)) == "1\u{00A0}234,56\u{00A0}₽")
        #expect(Language.en.format(Money(minorUnits: 6_553, currency: .rub)).contains("65.53"))
    }
}

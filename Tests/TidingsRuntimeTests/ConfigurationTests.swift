import Foundation
import Testing
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsTesting

@Suite("Configuration")
struct ConfigurationTests {
    /// A YAML file in a temporary folder, removed after `body`.
    @discardableResult static func withFile<T>(_ yaml: String, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-config-\(UUID().uuidString).yaml"
        ).path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test("reads every key from YAML over the defaults")
    func readsYAML() throws {
        let settings = try Self.withFile(
            """
            pricing:
              markup_percent: 12.5
            news:
              min_change_percent: 5
              merge_window: 90m
              window_days: 14
            locale:
              default: en
            server:
              host: 0.0.0.0
              port: 9090
              idle_timeout: 30s
            database:
              url: sqlite:/tmp/elsewhere.sqlite
            fetch:
              interval: 5m
            log:
              level: debug
            """
        ) { try Settings.resolve(.init(config: $0), environment: [:]) }
        let configuration = settings.server
        #expect(configuration.markupPercent == MarkupPercent("12.5"))
        #expect(configuration.minChangePercent == 5)
        #expect(configuration.mergeWindow == 5_400)
        #expect(configuration.windowDays == 14)
        #expect(configuration.defaultLocale == .en)
        #expect(configuration.idleTimeout == 30)
        #expect(configuration.host == "0.0.0.0")
        #expect(configuration.port == 9090)
        #expect(configuration.database == "sqlite:/tmp/elsewhere.sqlite")
        #expect(settings.sections.fetch.interval == 300)
        #expect(settings.logLevel == .debug)
    }

    @Test("every key has a TIDINGS_ variable, and the variable wins over the file")
    func environmentOverFile() throws {
        #expect(Settings.keys.count == Set(Settings.keys.map(\.variable)).count)
        let settings = try Self.withFile("news:\n  min_change_percent: 7\nfetch:\n  concurrency: 2\n") { path in
            try Settings.resolve(
                .init(config: path),
                environment: [
                    "TIDINGS_NEWS_MIN_CHANGE_PERCENT": "5", "TIDINGS_FETCH_CONCURRENCY": "8",
                    "TIDINGS_PARSE_MAX_ENTRIES": "100", "TIDINGS_LOG_LEVEL": "warning",
                ])
        }
        #expect(settings.server.minChangePercent == 5)
        #expect(settings.server.newsPolicy.minChangePercent == 5)
        #expect(settings.sections.fetch.concurrency == 8)
        #expect(settings.sections.parse.maxEntries == 100)
        #expect(settings.logLevel == .warning)
    }

    @Test("the command line wins over the environment, which wins over the file")
    func precedence() throws {
        let environment = ["TIDINGS_PORT": "8081", "TIDINGS_HOST": "::1", "TIDINGS_DATABASE": "sqlite:/tmp/env.sqlite"]
        try Self.withFile("server:\n  port: 8082\n  host: 0.0.0.0\n") { path in
            let fromEnvironment = try Settings.resolve(.init(config: path), environment: environment)
            #expect(fromEnvironment.server.port == 8081)
            #expect(fromEnvironment.server.host == "::1")
            #expect(fromEnvironment.server.database == "sqlite:/tmp/env.sqlite")
            let fromOptions = try Settings.resolve(
                .init(config: path, host: "127.0.0.2", port: 8083, database: "sqlite:/tmp/option.sqlite"),
                environment: environment)
            #expect(fromOptions.server.port == 8083)
            #expect(fromOptions.server.host == "127.0.0.2")
            #expect(fromOptions.server.database == "sqlite:/tmp/option.sqlite")
            let fromFile = try Settings.resolve(.init(config: path), environment: [:])
            #expect(fromFile.server.port == 8082)
        }
        #expect(try Settings.resolve(environment: [:]).server.port == 8080, "the default")
    }

    @Test("TIDINGS_CONFIG names the file; --config wins over it")
    func configVariable() throws {
        try Self.withFile("news:\n  window_days: 9\n") { path in
            #expect(try Settings.resolve(environment: ["TIDINGS_CONFIG": path]).server.windowDays == 9)
            try Self.withFile("news:\n  window_days: 11\n") { other in
                let settings = try Settings.resolve(.init(config: other), environment: ["TIDINGS_CONFIG": path])
                #expect(settings.server.windowDays == 11)
                #expect(settings.file == other)
            }
        }
    }

    @Test(
        "a bad value names the layer and the key",
        arguments: [
            (
                ["TIDINGS_NEWS_MIN_CHANGE_PERCENT": "lots"], nil as Int?,
                "config: TIDINGS_NEWS_MIN_CHANGE_PERCENT: news.min_change_percent must be a whole number from 0 to 100, not \"lots\""
            ),
            (
                ["TIDINGS_PORT": "http"], nil,
                "config: TIDINGS_PORT: server.port must be a whole number from 0 to 65535, not \"http\""
            ),
            (
                ["TIDINGS_DATABASE": "mysql://x"], nil,
                "config: TIDINGS_DATABASE: database.url must be sqlite:PATH or postgres://…, not \"mysql://x\""
            ),
            (
                ["TIDINGS_LOCALE_DEFAULT": "d-e"], nil,
                "config: TIDINGS_LOCALE_DEFAULT: locale.default must be a BCP 47 language tag such as nb-NO, sv or en, not \"d-e\""
            ),
            (
                ["TIDINGS_FETCH_TOTAL_TIMEOUT": "1h"], nil,
                "config: TIDINGS_FETCH_TOTAL_TIMEOUT: fetch.total_timeout must be at most 10m"
            ),
            (
                ["TIDINGS_LOG_LEVEL": "loud"], nil,
                "config: TIDINGS_LOG_LEVEL: log.level must be trace, debug, info, notice, warning, error or critical, not \"loud\""
            ),
            ([:], 70_000, "config: --port: must be a whole number from 0 to 65535, not \"70000\""),
            (
                ["TIDINGS_FETCH_MIN_INTERVAL": "2h", "TIDINGS_FETCH_MAX_INTERVAL": "1h"], nil,
                "config: TIDINGS_FETCH_MIN_INTERVAL: fetch.min_interval (7200s) must not exceed fetch.max_interval (3600s)"
            ),
        ] as [([String: String], Int?, String)])
    func layerErrors(_ environment: [String: String], _ port: Int?, _ expected: String) {
        #expect {
            try Settings.resolve(.init(port: port), environment: environment)
        } throws: { error in
            "\(error)" == expected
        }
    }

    @Test(
        "a mistake in the file names file, line and key",
        arguments: [
            ("news:\n  min_change_percent: lots\n", "2: news.min_change_percent must be"),
            ("news:\n  window_days: 30\n  merge_windw: 2h\n", "3: news.merge_windw is not a known key"),
            ("locale:\n  default: Norwegian\n", "2: locale.default must be a BCP 47 language tag"),
            ("- a\n- b\n", "1: the document must be a mapping"),
            ("newz:\n  window_days: 3\n", "1: newz is not a known key"),
            ("pricing: [1, 2\n", ""),
        ])
    func fileErrors(_ yaml: String, _ expected: String) throws {
        try Self.withFile(yaml) { path in
            #expect {
                try Settings.resolve(.init(config: path), environment: [:])
            } throws: { error in
                "\(error)".hasPrefix("config: \(path):\(expected)")
            }
        }
    }

    @Test("TIDINGS_ variables that name no setting are reported; others are left alone")
    func unknownVariables() throws {
        let settings = try Settings.resolve(
            environment: [
                "TIDINGS_NEWS_MIN_CHANGE_PRECENT": "5", "TIDINGS_SERVER": "http://127.0.0.1:8080", "HOME": "/root",
            ])
        #expect(settings.unknownVariables == ["TIDINGS_NEWS_MIN_CHANGE_PRECENT"])
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
        "negotiates the locale: ?locale=, then Accept-Language by q-value, then the brand's; kept whole",
        arguments: [
            (nil, nil, "ru"), ("en", nil, "en"), ("ru-RU", "en", "ru-RU"), ("xx", nil, "ru"), ("xx", "sv", "sv"),
            (nil, "pt-BR, de;q=0.8", "de"), (nil, "pt-BR", "ru"), (nil, "en;q=0.3, ru;q=0.7", "ru"), (nil, "*", "ru"),
            ("", "en", "en"), (nil, "nb-NO", "nb-NO"), (nil, "no", "no"), ("nn", nil, "nn"), (nil, "sv-FI", "sv-FI"),
            ("nb_NO", nil, "nb-NO"), (nil, "da;q=0, fi;q=0.5", "fi"),
        ] as [(String?, String?, String)])
    func negotiation(_ query: String?, _ header: String?, _ expected: String) {
        #expect(LanguageTag.negotiate(query: query, acceptLanguage: header, fallback: .ru).identifier == expected)
    }

    @Test(
        "says how long ago in the seed's short style",
        arguments: [
            (30.0, "только что", "just now"), (300, "5\u{00A0}мин", "5m"), (6 * 3600 + 59, "6\u{00A0}ч", "6h"),
            (3 * 86_400, "3\u{00A0}д", "3d"),
            (-50, "только что", "just now"),
        ] as [(Double, String, String)])
    func timeAgo(_ seconds: Double, _ ru: String, _ en: String) {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(LocaleFormats(.ru).timeAgo(from: now.addingTimeInterval(-seconds), to: now) == ru)
        #expect(LocaleFormats(.en).timeAgo(from: now.addingTimeInterval(-seconds), to: now) == en)
    }

    @Test("formats money like the seed: 65,53 ₽ with a no-break space")
    func money() {
        #expect(LocaleFormats(.ru).money(Money(minorUnits: 6_553, currency: .rub)) == "65,53\u{00A0}₽")
        #expect(LocaleFormats(.ru).money(Money(minorUnits: 123_456, currency: .rub)) == "1\u{00A0}234,56\u{00A0}₽")
        #expect(LocaleFormats(.en).money(Money(minorUnits: 6_553, currency: .rub)) == "₽65.53")
    }
}

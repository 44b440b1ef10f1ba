import Foundation
import Testing
import TidingsRuntime
import TidingsSections

/// Settings as one table of rows: each key's default is written by the row that reads it, so the
/// documentation, `tidings config show` and the reader cannot disagree.
@Suite("Settings: one row per key (path, variable, default, reader, meaning)")
struct SettingRowsTests {
    /// A value given as a `TIDINGS_*` variable would give it.
    static func variable(_ text: String, _ key: Settings.Key) -> ConfigNode {
        ConfigNode(text: text, path: key.path, origin: .environment(key.variable))
    }

    /// Defaults that are no value a layer could give: a secret made at first start, "nothing set".
    static let writtenOnly: Set<String> = [
        "images.key", "images.local", "locale.catalogs", "metrics.token", "fetch.allow_hosts",
        "tracing.otlp_endpoint", "tracing.otlp_headers",
    ]

    @Test("every default, written out, reads back to itself (outside the file, as a variable)")
    func defaultsRoundTrip() throws {
        for key in Settings.keys where !Self.writtenOnly.contains(key.path) {
            var settings = Settings()
            let written = key.setting.value(in: settings)
            try key.setting.set(&settings, Self.variable(written, key))
            #expect(key.setting.value(in: settings) == written, "\(key.path): \(written)")
        }
    }

    @Test("a value read is the value written: durations in their largest whole unit, sizes in MiB")
    func valuesAsWritten() throws {
        let cases: [(String, String, String)] = [
            ("fetch.interval", "5400", "90m"), ("fetch.interval", "90s", "90s"), ("news.merge_window", "1d", "1d"),
            ("fetch.max_bytes", "1048576", "1 MiB"), ("fetch.max_bytes", "1500", "1500"),
            ("fetch.max_bytes", "3MiB", "3 MiB"), ("parse.max_summary_bytes", "128 KiB", "128 KiB"),
            ("images.cache_size", "2147483648", "2 GiB"),
            ("server.idle_timeout", "500ms", "500ms"),
            ("news.aggregate", "window=2h,min_items=4", "{window: 2h, min_items: 4}"),
            ("fetch.allow_hosts", "10.0.0.0/8, intranet.example", "10.0.0.0/8, intranet.example"),
            ("tracing.sample_ratio", "0.25", "0.25"), ("log.level", "debug", "debug"),
        ]
        for (path, given, written) in cases {
            let key = try #require(Settings.keys.first { $0.path == path })
            var settings = Settings()
            try settings.set(path, Self.variable(given, key))
            #expect(key.setting.value(in: settings) == written, "\(path) = \(given)")
        }
    }

    @Test("a duration under a key's least, or a size out of range, says what is allowed")
    func leastDuration() throws {
        var settings = Settings()
        let cases = [
            (
                "retention.max_age", "30s",
                "config: TIDINGS_RETENTION_MAX_AGE: retention.max_age must be at least 1m, not \"30s\""
            ),
            (
                "server.idle_timeout", "0",
                "config: TIDINGS_SERVER_IDLE_TIMEOUT: server.idle_timeout must be more than 0, not \"0\""
            ),
            (
                "fetch.total_timeout", "11m",
                "config: TIDINGS_FETCH_TOTAL_TIMEOUT: fetch.total_timeout must be at most 10m"
            ),
            (
                "fetch.max_bytes", "2 GiB",
                "config: TIDINGS_FETCH_MAX_BYTES: fetch.max_bytes must be a size from 1 KiB to 1 GiB, in bytes or such as 16 MiB, not \"2 GiB\""
            ),
            (
                "images.max_bytes", "5 MB",
                "config: TIDINGS_IMAGES_MAX_BYTES: images.max_bytes must be a size from 1 KiB to 1 GiB, in bytes or such as 16 MiB, not \"5 MB\""
            ),
        ]
        for (path, given, message) in cases {
            let key = try #require(Settings.keys.first { $0.path == path })
            #expect(throws: ConfigurationError(String(message.dropFirst("config: ".count)))) {
                try settings.set(path, Self.variable(given, key))
            }
        }
    }

    @Test("the table names each key once, each variable once, and every default")
    func table() {
        #expect(Set(Settings.keys.map(\.path)).count == Settings.keys.count)
        #expect(Set(Settings.keys.map(\.variable)).count == Settings.keys.count)
        #expect(Settings.keys.allSatisfy { !$0.defaultValue.isEmpty && !$0.meaning.contains("(default") })
        let fetch = Settings.keys.first { $0.path == "fetch.max_bytes" }
        #expect(fetch?.defaultValue == "16 MiB")
        #expect(Settings.keys.first { $0.path == "images.cache_dir" }?.defaultValue.contains("~/.cache") == true)
    }
}

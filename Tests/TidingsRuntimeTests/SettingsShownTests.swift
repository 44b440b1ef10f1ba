import Foundation
import Testing
import TidingsRuntime
import TidingsSections

/// `tidings config show`'s rows and the secrets read from files (`TIDINGS_X_FILE`).
@Suite("Settings: where each value came from, and secrets from files")
struct SettingsShownTests {
    static func row(_ settings: Settings, _ key: String) -> Settings.ShownSetting? {
        settings.shown.first { $0.key == key }
    }

    @Test("each key says its layer: file:line, variable, option, demo brands or the stated default")
    func origins() throws {
        let settings = try ConfigurationTests.withFile(
            """
            news:
              window_days: 14
            server:
              port: 9090
            """
        ) { path in
            try Settings.resolve(
                .init(config: path, host: "127.0.0.2"),
                environment: ["TIDINGS_NEWS_MIN_CHANGE_PERCENT": "5"])
        }
        let file = try #require(settings.file)
        #expect(
            Self.row(settings, "news.window_days") == .init(key: "news.window_days", value: "14", origin: "\(file):2"))
        #expect(Self.row(settings, "server.port")?.origin == "\(file):4")
        #expect(
            Self.row(settings, "news.min_change_percent")
                == .init(key: "news.min_change_percent", value: "5", origin: "TIDINGS_NEWS_MIN_CHANGE_PERCENT"))
        #expect(Self.row(settings, "server.host") == .init(key: "server.host", value: "127.0.0.2", origin: "--host"))
        #expect(
            Self.row(settings, "server.idle_timeout")
                == .init(key: "server.idle_timeout", value: "1m", origin: "default"))
        #expect(
            Self.row(settings, "images.key")
                == .init(key: "images.key", value: "the database's own secret", origin: "default"))
        // No brands in any layer: the demo's, with its folding of bursts.
        #expect(Self.row(settings, "news.aggregate")?.origin == "demo brands")
        #expect(Self.row(settings, "news.aggregate")?.value == "{window: 1h, min_items: 3}")
        #expect(settings.shown.map(\.key) == Settings.keys.map(\.path), "every key, in the README's order")
    }

    @Test("secrets are masked: the database URL's password, the metrics token, the image key")
    func masked() throws {
        let settings = try Settings.resolve(
            .init(database: "postgres://tidings:s3cret@db.internal:5432/news"),
            environment: [
                "TIDINGS_METRICS_TOKEN": "token-123", "TIDINGS_IMAGES_KEY": String(repeating: "ab", count: 32),
            ])
        #expect(Self.row(settings, "database.url")?.value == "postgres://tidings:****@db.internal:5432/news")
        #expect(Self.row(settings, "metrics.token")?.value == "****")
        #expect(Self.row(settings, "images.key")?.value == "****")
        #expect(!settings.shown.contains { $0.value.contains("s3cret") || $0.value.contains("token-123") })
        // A URL without a password has nothing to hide.
        let plain = try Settings.resolve(.init(database: "sqlite:shop.sqlite"), environment: [:])
        #expect(Self.row(plain, "database.url")?.value == "sqlite:shop.sqlite")
    }

    @Test("a secret key's _FILE variable reads the secret from a file, without the final line break")
    func secretFromFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-secrets-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = folder.appendingPathComponent("token").path
        try "token-from-file\n".write(toFile: token, atomically: true, encoding: .utf8)
        let database = folder.appendingPathComponent("database").path
        try "sqlite:secret.sqlite\r\n".write(toFile: database, atomically: true, encoding: .utf8)
        let settings = try Settings.resolve(
            environment: ["TIDINGS_METRICS_TOKEN_FILE": token, "TIDINGS_DATABASE_FILE": database])
        #expect(settings.server.metricsToken == "token-from-file")
        #expect(settings.server.database == "sqlite:secret.sqlite")
        #expect(
            Self.row(settings, "metrics.token")
                == .init(key: "metrics.token", value: "****", origin: "TIDINGS_METRICS_TOKEN_FILE"))
        #expect(settings.unknownVariables.isEmpty, "\(settings.unknownVariables)")

        // Both the variable and its file: which was meant is not clear.
        #expect {
            try Settings.resolve(environment: ["TIDINGS_METRICS_TOKEN_FILE": token, "TIDINGS_METRICS_TOKEN": "x"])
        } throws: { "\($0)".contains("TIDINGS_METRICS_TOKEN_FILE") && "\($0)".contains("both set") }
        // A file that is not there, or empty, is said with the variable.
        let missing = folder.appendingPathComponent("nothing").path
        #expect {
            try Settings.resolve(environment: ["TIDINGS_IMAGES_KEY_FILE": missing])
        } throws: { "\($0)".contains("TIDINGS_IMAGES_KEY_FILE") && "\($0)".contains(missing) }
        let empty = folder.appendingPathComponent("empty").path
        try "\n".write(toFile: empty, atomically: true, encoding: .utf8)
        #expect {
            try Settings.resolve(environment: ["TIDINGS_METRICS_TOKEN_FILE": empty])
        } throws: { "\($0)".contains("is empty") }
        // Only secrets take a file: another key's _FILE is an unknown variable, reported as such.
        let other = try Settings.resolve(environment: ["TIDINGS_SERVER_PORT_FILE": token])
        #expect(other.unknownVariables == ["TIDINGS_SERVER_PORT_FILE"])
    }

    @Test("database.pool_size: 1 to 1000 from any layer, 10 by default")
    func poolSize() throws {
        #expect(try Settings.resolve(environment: [:]).server.databasePoolSize == 10)
        #expect(try Settings.resolve(environment: ["TIDINGS_DATABASE_POOL_SIZE": "25"]).server.databasePoolSize == 25)
        #expect {
            try Settings.resolve(environment: ["TIDINGS_DATABASE_POOL_SIZE": "0"])
        } throws: { "\($0)".contains("TIDINGS_DATABASE_POOL_SIZE: database.pool_size") }
    }
}

import ArgumentParser
import Foundation
import TidingsRuntime

/// `tidings config show|check|keys`: the settings a command would run with, without running it, and
/// every key there is.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective settings and where each came from, or check them.",
        subcommands: [Show.self, Check.self, Keys.self, Export.self, Import.self])

    /// `tidings config show`: every key's value and its place, secrets masked.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print every setting's effective value and where it came from (option, variable, file:line, demo brands or default); secrets masked."
        )

        @OptionGroup var options: SettingsOptions

        func run() async throws {
            let settings = try options.resolve()
            say("config file: \(settings.file ?? "none (--config or TIDINGS_CONFIG names one)")")
            let brands = settings.sections.brands.map(\.id).joined(separator: ", ")
            let demo = settings.setByDemo.isEmpty ? "" : " (the demo's: no layer names any)"
            say("brands: \(brands.isEmpty ? "none" : brands)\(demo)")
            let rows = settings.shown
            let keyWidth = rows.map(\.key.count).max() ?? 0
            let valueWidth = min(48, rows.map(\.value.count).max() ?? 0)
            for row in rows {
                let key = row.key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
                let value =
                    row.value.count > valueWidth
                    ? row.value
                    : row.value.padding(
                        toLength: valueWidth, withPad: " ", startingAt: 0)
                say("\(key)  \(value)  \(row.origin)")
            }
        }
    }

    /// `tidings config keys`: every key with its variable, default and meaning; `--markdown` writes
    /// docs/configuration.md's table.
    struct Keys: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every setting: its key, its TIDINGS_* variable, its default and what it does.")

        @Flag(help: "Write the table as docs/configuration.md has it (Markdown).") var markdown = false

        func run() async throws {
            if markdown {
                say(Settings.markdownTable)
                return
            }
            let keyWidth = Settings.keys.map(\.path.count).max() ?? 0
            let variableWidth = Settings.keys.map(\.variable.count).max() ?? 0
            for key in Settings.keys {
                let path = key.path.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
                let variable = key.variable.padding(toLength: variableWidth, withPad: " ", startingAt: 0)
                say("\(path)  \(variable)  default \(key.defaultValue)")
                say("    \(key.meaning)")
            }
        }
    }

    /// `tidings config check`: exit 0 when every layer reads, 1 with the mistake otherwise.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read every layer of settings as serve would; exit 0 when they are good, 1 naming the mistake.")

        @OptionGroup var options: SettingsOptions

        func run() async throws {
            let settings: Settings
            do {
                settings = try options.resolve()
            } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
            let sections = settings.sections.brands.reduce(0) { $0 + $1.sections.count }
            say(
                "config: ok (\(settings.file ?? "no file"); \(settings.given.count) key(s) set; \(settings.sections.brands.count) brand(s), \(sections) section(s))"
            )
        }
    }
}

/// The options through which `serve` takes settings, for the commands that read them as it does.
struct SettingsOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption
    @OptionGroup var config: ConfigOption
    @Option(help: "as serve's --host") var host: String?
    @Option(help: "as serve's --port") var port: Int?

    func resolve() throws -> Settings {
        try resolveSettings(config: config, database: database, host: host, port: port)
    }
}

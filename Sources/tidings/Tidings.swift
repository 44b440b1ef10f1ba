import ArgumentParser
import Foundation
import Logging
import TidingsModel
import TidingsRuntime
import TidingsServer

@main
struct Tidings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A news-feed engine: catalog events in, localized paginated feeds out.",
        version: "tidings \(TidingsVersion.current) (commit \(BuildCommit.current))",
        subcommands: [
            Serve.self, Migrate.self, Parse.self, Extract.self, SourcesCommand.self, Keys.self, BackfillCommand.self,
            News.self, ConfigCommand.self, Health.self,
            Bench.self,
            ReadCommand.self,
        ])
}

/// `--database`; `Settings` falls back to `TIDINGS_DATABASE`, the file's `database.url`, then
/// `sqlite:./tidings.sqlite`.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: "sqlite:PATH or postgres://… (env TIDINGS_DATABASE; default sqlite:./tidings.sqlite)")
    var database: String?
}

/// `--config`; `Settings` falls back to `TIDINGS_CONFIG`.
struct ConfigOption: ParsableArguments {
    @Option(
        help:
            "YAML configuration file (env TIDINGS_CONFIG; keys: docs/configuration.md); without brands in it, the demo brands."
    )
    var config: String?
}

/// The settings of a command: its options over `TIDINGS_*` variables, the YAML file and the
/// defaults. Variables that name no setting are reported, not silently ignored.
func resolveSettings(
    config: ConfigOption? = nil, database: DatabaseOption? = nil, host: String? = nil, port: Int? = nil
)
    throws -> Settings
{
    let settings = try Settings.resolve(
        .init(config: config?.config, host: host, port: port, database: database?.database))
    LogBootstrap.once(settings.logFormat)
    for variable in settings.unknownVariables {
        printError("config: \(variable) is not a setting and is ignored (docs/configuration.md lists them)")
    }
    return settings
}

/// swift-log takes one bootstrap per process.
enum LogBootstrap {
    private static let done = Locked(false)

    static func once(_ format: LogFormat) {
        guard
            done.withLock({ done in
                defer { done = true }
                return !done
            })
        else { return }
        format.bootstrap()
    }
}

/// A logger that says only `level` and worse, for commands whose output is their own lines.
func quietLogger(_ level: Logger.Level) -> Logger {
    var logger = Logger(label: "tidings")
    logger.logLevel = level
    return logger
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints a line to standard output unbuffered, so a parent process reading a pipe sees it at once.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

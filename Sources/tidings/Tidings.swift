import ArgumentParser
import Foundation

@main
struct Tidings: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings",
        abstract: "A news-feed engine: catalog events in, localized paginated feeds out.",
        subcommands: [
            Serve.self, Parse.self, SourcesCommand.self, Keys.self, BackfillCommand.self, News.self, Bench.self,
            ReadCommand.self,
        ])
}

/// `--database`, falling back to `TIDINGS_DATABASE`, then `sqlite:./tidings.sqlite`.
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: "sqlite:PATH or postgres://… (env TIDINGS_DATABASE; default sqlite:./tidings.sqlite)")
    var database: String?

    var resolved: String {
        database ?? ProcessInfo.processInfo.environment["TIDINGS_DATABASE"] ?? "sqlite:./tidings.sqlite"
    }
}

/// Prints to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints a line to standard output unbuffered, so a parent process reading a pipe sees it at once.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

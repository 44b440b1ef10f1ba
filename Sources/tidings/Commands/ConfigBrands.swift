import ArgumentParser
import Foundation
import TidingsRuntime
import TidingsSections
import TidingsStore

extension ConfigCommand {
    /// `tidings config export`: the brands the database keeps, as a configuration file's
    /// `brands` list.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Print the brands the database keeps as a configuration file's brands list (what `config import` reads)."
        )

        @OptionGroup var database: DatabaseOption
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?

        func run() async throws {
            let settings = try resolveSettings(database: database)
            let runtime = try await Runtime.open(settings, logger: quietLogger(.warning))
            defer { Task { try await runtime.close() } }
            let stored = try await runtime.store.storedBrands()
            guard !stored.brands.isEmpty else {
                printError(
                    "config: \(try DatabaseURL(settings.server.database)) keeps no brands yet — a server imports its file's at start; `tidings config import FILE` imports them now"
                )
                throw ExitCode(1)
            }
            let text = try BrandsWriter.yaml(try stored.read())
            if let output {
                try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
                say("config: \(stored.brands.count) brand(s) written to \(output)")
            } else {
                FileHandle.standardOutput.write(Data(text.utf8))
            }
        }
    }

    /// `tidings config import FILE`: the file's brands in place of the database's, in one
    /// transaction.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Replace the brands the database keeps with a configuration file's (checked as serve checks it; all or nothing)."
        )

        @Argument(help: "A configuration file with a brands list (`config export` writes one).") var file: String
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            let settings: Settings
            do {
                settings = try Settings.resolve(.init(config: file, database: database.database), demoBrands: false)
            } catch {
                printError("\(error)")
                throw ExitCode(1)
            }
            guard !settings.sections.brands.isEmpty else {
                printError("config: \(file) lists no brands: nothing imported")
                throw ExitCode(1)
            }
            let runtime = try await Runtime.open(settings, logger: quietLogger(.warning))
            defer { Task { try await runtime.close() } }
            let before = try await runtime.store.storedBrands()
            let brands = settings.sections.brands
            let kept = try await runtime.store.replaceBrands(
                try brands.map(BrandDocument.init), at: Date(),
                by: BrandsAuthor(actor: "tidings config import", action: "import \(file)"))
            let sections = brands.reduce(0) { $0 + $1.sections.count }
            say(
                "config: imported \(brands.count) brand(s), \(sections) section(s) from \(file) into \(try DatabaseURL(settings.server.database)) in place of \(before.brands.count) (version \(kept.version)); running servers on it show them within a second"
            )
        }
    }
}

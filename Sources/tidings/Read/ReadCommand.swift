import ArgumentParser
import Foundation
import TidingsKit
import TidingsModel

/// `tidings read`: a terminal reader built only on the TidingsKit SDK, as an app is.
struct ReadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "read", abstract: "Read a Tidings server's sections in the terminal, through TidingsKit.",
        discussion: """
            Without --brand, pick a brand; without --section, pick a section (a brand of one section \
            opens it). Keys: ↑/↓ or j/k move, PgUp/PgDn or Space a screen, Home/End or g/G to the \
            ends, Enter opens an item, Esc/Backspace/b go back, m loads more, r refreshes, n shows the new \
            items the live pill counts, d dismisses a notification card, q quits. Feeds shown are kept in the store, for reading offline.

            --once prints the first page plainly and exits, for scripts: without --brand it reads the \
            first brand, without --section the brand's front section.
            """)

    @Option(help: "The server's URL (env TIDINGS_SERVER; default http://127.0.0.1:8080).") var server: String?
    @Option(help: "The brand's id; without it, a brand picker.") var brand: String?
    @Option(help: "The section's id; without it, a section picker.") var section: String?
    @Option(help: "A language tag: en, nb-NO, sv… (default: the brand's).") var locale: String?
    @Option(
        help: ArgumentHelp(
            "A directory of .xcstrings catalogs with the reader's words in more languages, or other words.",
            discussion: "As the server's locale.catalogs: a file per language, on top of the shipped words.",
            valueName: "directory"))
    var catalogs: String?
    @Option(help: "Content items per page, 1–100 (default: the server's).") var limit: Int?
    @Option(help: "The offline store file (default $XDG_CACHE_HOME/tidings/read.sqlite or ~/.cache/…).")
    var store: String?
    @Option(help: "Style the text: auto (a terminal without NO_COLOR), always or never.") var color = ReadColor.auto
    @Flag(help: "Print the first page plainly and exit.") var once = false

    func validate() throws {
        if let locale, LanguageTag(locale) == nil {
            throw ValidationError("--locale must be a BCP 47 language tag such as en, nb-NO or sv, not \(locale)")
        }
        if let limit, !(1...100).contains(limit) { throw ValidationError("--limit must be 1…100") }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let address = server ?? environment["TIDINGS_SERVER"] ?? "http://127.0.0.1:8080"
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil
        else { throw ValidationError("--server must be an http or https URL, not \(address)") }
        if let catalogs {
            do {
                Translations.activate(Translations.shipped.adding(try Translations.own(directory: catalogs)))
            } catch {
                throw ValidationError("--catalogs: \(error)")
            }
        }
        let storeFile = URL(fileURLWithPath: store ?? Self.defaultStore(environment))
        let folder = storeFile.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let storage = try readerStorage(path: storeFile.path)
        let language = locale.flatMap(LanguageTag.init)
        let client = TidingsClient(
            baseURL: url, cache: ResponseCache(storage: storage), language: language,
            deviceID: ReadDeviceID.load(in: folder))
        // With --brand, the brands once (the kept list when the server cannot be reached): the
        // reader's words follow the brand's language unless --locale says otherwise, and its header
        // names the brand.
        var brands: (value: [BrandSummary], keptAt: Date?)?
        if brand != nil {
            brands = try? await client.listOrKept(
                { () async throws(TidingsError) in try await client.brands() }, kept: client.keptBrands)
        }
        let terminal = ReadTerminal.isTerminal(1)
        let styled = color.enabled(isTerminal: terminal, environment: environment)
        let status: Int32
        if once {
            let once = ReadOnce(
                client: client, storage: storage, limit: limit, styled: styled,
                width: terminal ? ReadTerminal.size().width : nil)
            status = await once.run(brand: brand, section: section, language: language, brands: brands)
        } else {
            guard ReadTerminal.isTerminal(0), terminal else {
                printError("read: the interactive reader needs a terminal; use --once for scripts")
                throw ExitCode(2)
            }
            let session = ReadSession(client: client, storage: storage, limit: limit, styled: styled)
            status = try await session.run(brand: brand, section: section, language: language, brands: brands?.value)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// `$XDG_CACHE_HOME/tidings/read.sqlite`, else `~/.cache/tidings/read.sqlite`.
    static func defaultStore(_ environment: [String: String]) -> String {
        let cache =
            environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache")
        return cache + "/tidings/read.sqlite"
    }
}

import Foundation
import TidingsKit
import TidingsModel

/// `tidings read --once`: the first page of one section, one plain line per item, for scripts.
/// Without `--brand` it reads the first brand; without `--section`, the brand's front section.
struct ReadOnce {
    let client: TidingsClient
    let storage: any FeedStorage
    let limit: Int?
    let styled: Bool
    /// Lines are cut to this many characters; nil (output to a pipe or file) keeps them whole.
    let width: Int?

    /// Prints the page and returns the exit status: 0, or 1 after printing the error on stderr.
    /// `brands`, when already looked up, are used rather than fetched again.
    func run(
        brand: String?, section: String?, language: LanguageTag?, brands known: (value: [BrandSummary], keptAt: Date?)?
    ) async -> Int32 {
        var language = language ?? known?.value.first { $0.id == brand }.flatMap { LanguageTag($0.locale) }
        var brand = brand
        var section = section
        let format = ReadFormat(language: language ?? .en)
        if brand == nil || section == nil {
            do throws(TidingsError) {
                let (brands, keptAt) =
                    if let known { known } else {
                        try await client.listOrKept(
                            { () async throws(TidingsError) in try await client.brands() }, kept: client.keptBrands)
                    }
                if let keptAt {
                    printError(unreachable(language ?? .en))
                    printError(ReadStrings(language: language ?? .en).offlineBrands(format.clock(keptAt)))
                }
                guard let chosen = brand.map({ id in brands.first { $0.id == id } }) ?? brands.first else {
                    printError("read: " + (brand.map { "the server has no brand \($0)" } ?? "the server has no brands"))
                    return 1
                }
                brand = chosen.id
                section = section ?? chosen.front
                language = language ?? LanguageTag(chosen.locale)
            } catch {
                printError(error.isRetryable ? unreachable(language ?? .en) : error.message(in: language ?? .en))
                return 1
            }
        }
        guard let brand, let section else { return 1 }
        let sectionLoader = SectionLoader(client: client, brand: brand, section: section, limit: limit)
        let key = sectionLoader.storageKey
        let loader = ReadCursorLoader(base: sectionLoader)
        let model = FeedScreenModel(loader: loader, language: language ?? .en, storage: storage, storageKey: key)
        await model.load()
        switch await model.state {
        case .native(let content):
            say(ReadLine("\(content.title) (\(key))", .bold).rendered(width: width, styled: styled))
            if let stale = content.staleSince {
                if content.footerError != nil { printError(unreachable(language ?? .en)) }
                printError(ReadStrings(language: language ?? .en).offlineItems(format.clock(stale)))
            }
            for item in content.items {
                say(ReadLine.item(item, format: format).rendered(width: width, styled: styled))
            }
            if content.staleSince == nil, let cursor = await loader.box.cursor { say("next: \(cursor)") }
        case .web(let url, let title):
            say(ReadLine("\(title) (\(key))", .bold).rendered(width: width, styled: styled))
            say(ReadStrings(language: language ?? .en).webSection(url.absoluteString))
        case .empty(let message, _):
            say(ReadLine(key, .bold).rendered(width: width, styled: styled))
            say(message)
        case .error(let failure):
            printError(failure.error.isRetryable ? unreachable(language ?? .en) : failure.message)
            return 1
        case .loading:
            printError("read: \(key) did not load")
            return 1
        }
        return 0
    }

    /// The server could not be reached: say which, and the likely reason.
    func unreachable(_ language: LanguageTag) -> String {
        Self.unreachable(client.baseURL, language)
    }

    /// "cannot reach URL — is `tidings serve` running?", in `language`.
    static func unreachable(_ url: URL, _ language: LanguageTag) -> String {
        ReadStrings(language: language).unreachable(url.absoluteString)
    }
}

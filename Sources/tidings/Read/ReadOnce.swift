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
    func run(brand: String?, section: String?, language: Language?) async -> Int32 {
        var language = language
        var brand = brand
        var section = section
        if brand == nil || section == nil {
            do throws(TidingsError) {
                let brands = try await client.brands()
                guard let chosen = brand.map({ id in brands.first { $0.id == id } }) ?? brands.first else {
                    printError("read: " + (brand.map { "the server has no brand \($0)" } ?? "the server has no brands"))
                    return 1
                }
                brand = chosen.id
                section = section ?? chosen.front
                language = language ?? Language(tag: chosen.locale)
            } catch {
                printError(error.message(in: language ?? .en))
                return 1
            }
        }
        guard let brand, let section else { return 1 }
        let sectionLoader = SectionLoader(client: client, brand: brand, section: section, limit: limit)
        let key = sectionLoader.storageKey
        let loader = ReadCursorLoader(base: sectionLoader)
        let model = FeedScreenModel(loader: loader, language: language ?? .en, storage: storage, storageKey: key)
        await model.load()
        let format = ReadFormat(language: language ?? .en)
        switch await model.state {
        case .native(let content):
            say(ReadLine("\(content.title) (\(key))", .bold).rendered(width: width, styled: styled))
            if let stale = content.staleSince {
                printError("offline — showing items fetched at \(format.clock(stale))")
            }
            for item in content.items {
                say(ReadLine.item(item, format: format).rendered(width: width, styled: styled))
            }
            if content.staleSince == nil, let cursor = await loader.box.cursor { say("next: \(cursor)") }
        case .web(let url, let title):
            say(ReadLine("\(title) (\(key))", .bold).rendered(width: width, styled: styled))
            say("This section is a web page: \(url.absoluteString)")
        case .empty(let message, _):
            say(ReadLine(key, .bold).rendered(width: width, styled: styled))
            say(message)
        case .error(let message, _):
            printError(message)
            return 1
        case .loading:
            printError("read: \(key) did not load")
            return 1
        }
        return 0
    }
}

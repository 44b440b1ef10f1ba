import Foundation
import TidingsKit
import TidingsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The interactive reader: the terminal, the SDK and the state machine between them. One loop
/// takes every event in turn — keys, answers, signals — updates ``ReadUI``, runs its effect with
/// ``ReadRunner`` and redraws ``ReadView``.
struct ReadSession {
    /// Whatever the loop reacts to.
    enum Event: Sendable {
        /// Bytes from the keyboard; empty at the end of input.
        case input([UInt8])
        case brands(Result<[BrandSummary], TidingsError>)
        case sections(Result<[SectionSummary], TidingsError>, brand: String)
        case feed(FeedScreenState, key: String)
        case dismissed(TidingsError?, notification: String)
        case article(ArticleDetail, id: String)
        case search(Result<SearchPage, TidingsError>, query: String, more: Bool)
        /// The server could not be reached; what is shown was kept at `keptAt`, if anything was.
        case offline(keptAt: Date?)
        case signal(Int32)
    }

    let client: TidingsClient
    let storage: any FeedStorage
    let limit: Int?
    let styled: Bool

    /// Runs until `q` or the end of input (status 0), or SIGINT/SIGTERM (128 + the signal), and puts
    /// the terminal back in every case.
    func run(brand: String?, section: String?, language: LanguageTag?, brands: [BrandSummary]?) async throws -> Int32 {
        let terminal = try ReadTerminal()
        defer { terminal.restore() }
        let (events, sink) = AsyncStream.makeStream(of: Event.self)
        let signals = ReadSignals([SIGINT, SIGTERM, SIGWINCH]) { sink.yield(.signal($0)) }
        defer { signals.cancel() }
        terminal.readKeys { sink.yield(.input($0)) }
        let runner = ReadRunner(client: client, storage: storage, limit: limit, sink: sink)
        defer { runner.stop() }

        let (start, effect) = ReadUI.start(brand: brand, section: section, language: language, brands: brands)
        var ui = start
        runner.run(effect, language: ui.language)
        terminal.draw(view(ui).lines())
        for await event in events {
            switch event {
            case .input(let bytes) where bytes.isEmpty:
                return 0
            case .input(let bytes):
                for key in ReadKey.decode(bytes) {
                    guard let effect = ui.press(key, detailLimit: view(ui).detailLimit, screen: view(ui).bodyHeight)
                    else { continue }
                    if effect == .quit { return 0 }
                    runner.run(effect, language: ui.language)
                }
            case .brands(let result): ui.receive(brands: result)
            case .sections(let result, let brand):
                if let effect = ui.receive(sections: result, brand: brand) { runner.run(effect, language: ui.language) }
            case .feed(let state, let key): ui.receive(feed: state, key: key)
            case .article(let detail, let id): ui.articles[id] = detail
            case .search(let result, let query, let more): ui.receive(search: result, query: query, more: more)
            case .dismissed(let error, let notification):
                ui.receive(dismissal: error, notification: notification)
            case .offline(let keptAt):
                let kept = keptAt.map { " (\(ReadFormat(language: ui.language).clock($0)))" } ?? ""
                ui.notice = ReadOnce.unreachable(client.baseURL, ui.language) + kept
            case .signal(let number) where number != SIGWINCH:
                return 128 + number
            case .signal:
                break  // SIGWINCH: the redraw below reads the new size.
            }
            terminal.draw(view(ui).lines())
        }
        return 0
    }

    private func view(_ ui: ReadUI) -> ReadView {
        let size = ReadTerminal.size()
        return ReadView(ui: ui, width: size.width, height: size.height, styled: styled)
    }
}

import Foundation
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting

#if canImport(SwiftUI)
    import SwiftUI
#else
    // Stand-ins for the SwiftUI calls the Getting Started lines make (Linux has no SwiftUI): just
    // enough for them to compile; the modifiers do nothing.
    @MainActor protocol View {
        associatedtype Body: View
        var body: Body { get }
    }

    struct EmptyView: View {
        var body: EmptyView { self }
    }

    @propertyWrapper struct State<Value> {
        var wrappedValue: Value
    }

    extension View {
        func task(_ action: @escaping @Sendable () async -> Void) -> Self { self }
        func refreshable(action: @escaping @Sendable () async -> Void) -> Self { self }
    }
#endif

#if canImport(UIKit)
    import UIKit
#else
    // Stand-in for the UIKit class the Getting Started lines subclass (Linux has no UIKit).
    @MainActor class UITableViewController {
        func viewWillAppear(_ animated: Bool) {}
        func viewDidDisappear(_ animated: Bool) {}
    }
#endif

/// What the Getting Started lines read from their surroundings: the app's client and cache file.
/// Here a live test server and a scratch file, set by each test.
enum SnippetContext {
    static let current = Locked<(client: TidingsClient?, cachePath: String)>((nil, ""))
}

var client: TidingsClient { SnippetContext.current.current.client! }
var cachePath: String { SnippetContext.current.current.cachePath }

/// The app's list of cells in the SwiftUI lines.
struct FeedList: View {
    let state: FeedScreenState
    let loadMore: @Sendable () async -> Void

    init(state: FeedScreenState, loadMore: @escaping @Sendable () async -> Void) {
        self.state = state
        self.loadMore = loadMore
    }

    var body: EmptyView { EmptyView() }
}

// MARK: The SwiftUI lines of Getting Started, as written there.

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
struct NewsView: View {
    @State private var screen = FeedScreen(
        loader: SectionLoader(client: client, brand: "courier", section: "news"),
        storage: try? OfflineStore(path: cachePath), storageKey: "courier/news")

    var body: some View {
        FeedList(state: screen.state) { await screen.loadMore() }  // your list of cells
            .task { await screen.load() }  // cancelled, with its request, when the view goes
            .refreshable { await screen.refresh() }
    }
}

// MARK: The UIKit lines of Getting Started, as written there.

final class NewsViewController: UITableViewController {
    let model = FeedScreenModel(
        loader: SectionLoader(client: client, brand: "courier", section: "news"),
        storage: try? OfflineStore(path: cachePath), storageKey: "courier/news")
    private var following: Task<Void, Never>?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        following = Task {  // on the main actor, like the controller
            async let loading: Void = model.load()
            for await state in await model.updates() { render(state) }
            await loading
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        following?.cancel()  // stops following and cancels a request in flight
    }
}

// MARK: `render` of Getting Started, as written there, and the UI calls it makes, recorded.

func render(_ state: FeedScreenState) {
    switch state {
    case .loading: showSpinner()
    case .native(let content):
        apply(content.items)  // ids are unique: feed a diffable data source
        showFooter(loading: content.isLoadingMore, error: content.footerError?.message)
        if let since = content.staleSince { showBanner("Offline — from \(since)") }
        if content.pending > 0 { showPill("\(content.pending) new") }  // a tap: await model.showPending()
    case .web(let url, let title): openWebView(url, title: title)
    case .empty(let message, let canReload): showEmptyState(message, reloadButton: canReload)
    case .error(let failure): showError(failure.message, retryButton: failure.canRetry)
    }
}

/// What `render` showed, in order.
let shown = Locked<[String]>([])
func showSpinner() { shown.withLock { $0.append("spinner") } }
func apply(_ items: [FeedItem]) { shown.withLock { $0.append("items \(items.count)") } }
func showFooter(loading: Bool, error: String?) {}
func showBanner(_ text: String) { shown.withLock { $0.append("banner") } }
func showPill(_ text: String) { shown.withLock { $0.append("pill") } }
func openWebView(_ url: URL, title: String) { shown.withLock { $0.append("web \(url)") } }
func showEmptyState(_ message: String, reloadButton: Bool) { shown.withLock { $0.append("empty") } }
func showError(_ message: String, retryButton: Bool) { shown.withLock { $0.append("error \(message)") } }

@Suite("Getting Started's SwiftUI and UIKit lines", .serialized)
struct GettingStartedTests {
    /// Getting Started as DocC shows it.
    static let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/TidingsKit/TidingsKit.docc/GettingStarted.md").standardized

    /// The article's Swift blocks that contain the line `marker`.
    static func blocks(containing marker: String) throws -> [[String]] {
        let text = try String(contentsOf: article, encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "\n```")[0].components(separatedBy: "\n") }
            .filter { $0.contains(marker) }
    }

    @Test(
        "the SwiftUI, UIKit and render lines of the article are in this file, in order and as written",
        arguments: ["import SwiftUI", "import UIKit", "func render(_ state: FeedScreenState) {"])
    func linesAsWritten(marker: String) throws {
        // Spaces compared as one: the formatter aligns this file's trailing comments its own way.
        func normalized(_ line: String) -> String { line.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
            .components(separatedBy: "\n").map(normalized)
        let blocks = try Self.blocks(containing: marker)
        #expect(blocks.count == 1, "one block with \(marker)")
        for block in blocks {
            let lines = block.map(normalized).filter { !$0.isEmpty }
            // Imports anywhere (this file's sit at its top, some inside `#if`), the rest in order.
            for line in lines where line.hasPrefix("import ") {
                #expect(source.contains(line), "not in GettingStartedTests.swift: \(line)")
            }
            var position = source.startIndex
            for line in lines where !line.hasPrefix("import ") {
                guard let found = source[position...].firstIndex(of: line) else {
                    Issue.record("not in GettingStartedTests.swift (after line \(position)): \(line)")
                    break
                }
                position = found + 1
            }
        }
    }

    @Test("the package line asks for this release, without the Server trait (check-sdk-dependencies.sh builds it)")
    func packageLine() throws {
        let text = try String(contentsOf: Self.article, encoding: .utf8)
        let line = try #require(
            text.components(separatedBy: "\n").first { $0.hasPrefix(".package(url: \"https://github.com/tidings/") })
        #expect(line.contains("from: \"\(TidingsKitVersion.current)\""), "\(line)")
        #expect(line.contains("traits: []"), "\(line)")
    }

    @Test("the UIKit controller renders the section while on screen and stops following when it goes")
    func uikit() async throws {
        try await ClientTests.withServer(brand: "courier") { _, port, _, _ in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            SnippetContext.current.withLock {
                $0 = (ClientTests.client(port), folder.appendingPathComponent("cache.sqlite").path)
            }
            shown.withLock { $0 = [] }
            let controller = NewsViewController()
            await controller.viewWillAppear(false)
            try await Self.waitUntil { shown.current.contains("items 14") }
            #expect(shown.current.first == "spinner", "\(shown.current)")
            await controller.viewDidDisappear(false)
            try await Task.sleep(for: .milliseconds(100))
            let seen = shown.current.count
            await controller.model.refresh()
            try await Task.sleep(for: .milliseconds(200))
            #expect(shown.current.count == seen, "no state rendered after the controller disappeared")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("the SwiftUI view builds its body from the screen's state")
    @MainActor
    func swiftUI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        SnippetContext.current.withLock {
            $0 = (ClientTests.client(9), folder.appendingPathComponent("cache.sqlite").path)
        }
        let view = NewsView()
        _ = view.body
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        #expect(await eventually(condition), "\(shown.current)")
    }
}

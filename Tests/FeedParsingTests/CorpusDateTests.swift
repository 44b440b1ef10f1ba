import Foundation
import Testing
import TidingsTesting

@testable import FeedParsing

/// The shared feed corpus (real feeds from public parsers' test suites) lives beside the repository
/// in CI and on the team's machines, never in it; on a user's clone these tests skip visibly.
enum SharedCorpus {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder.path) }

    static let skipMessage: Comment = "../shared/corpus is absent (it exists only beside the team's clones and in CI)"

    /// Every file under the corpus.
    static func files() throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { !$0.hasDirectoryPath }
    }
}

@Suite("Dates of the shared corpus", .enabled(if: SharedCorpus.isPresent, SharedCorpus.skipMessage), .ownThreads)
struct CorpusDateTests {
    @Test("every date element in every corpus feed parses")
    func everyDateParses() throws {
        let elements = "pubDate|lastBuildDate|dc:date|updated|published|issued|modified|created|dcterms:modified"
        let xml = try NSRegularExpression(pattern: "<(\(elements))(?:\\s[^>]*)?>([^<]{1,80})</\\1>")
        let json = try NSRegularExpression(pattern: #""date_(?:published|modified)"\s*:\s*"([^"]+)""#)
        var seen = 0
        var failures: [String] = []
        for file in try SharedCorpus.files() {
            guard let text = String(data: try Data(contentsOf: file), encoding: .utf8) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for match in xml.matches(in: text, range: range) + json.matches(in: text, range: range) {
                guard let valueRange = Range(match.range(at: match.numberOfRanges - 1), in: text) else { continue }
                let value = text[valueRange].trimmingCharacters(in: .whitespacesAndNewlines)
                seen += 1
                if FeedDate.parse(value) == nil { failures.append("\(file.lastPathComponent): \(value)") }
            }
        }
        #expect(seen > 2_000, "the corpus should hold thousands of dates")
        #expect(failures.isEmpty, "\(failures.count) unreadable: \(failures.prefix(20).joined(separator: "; "))")
    }
}

import ArgumentParser
import ArticleExtraction
import FeedParsing
import Foundation

/// `tidings bench extract`: the article extractor's speed over a folder of saved pages, single
/// threaded, beside the sanitizer alone over the same pages (one pass of the tokenizer that builds
/// no tree: the floor, and a baseline measured in the same run on a noisy machine).
struct BenchExtract: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Pages/s, MB/s, slowest page and peak memory of article extraction.")

    @Argument(help: "Folder of saved pages: every .html file under it (the development set's source.html files).")
    var directory = "../shared/readability/pages"

    @Option(help: "Timed runs; each page's median is reported.") var runs = 5

    func run() throws {
        // Readability's answers (expected.html) beside the pages are not pages.
        let pages = try BenchParse.documents(in: directory, extensions: [".html", ".htm"]).filter {
            !$0.name.hasSuffix("expected.html")
        }
        guard !pages.isEmpty else {
            printError("bench: no .html pages under \(directory)")
            throw ExitCode(2)
        }
        let megabytes = Double(pages.reduce(0) { $0 + $1.bytes.count }) / 1_048_576
        print(String(format: "pages: %@: %d pages, %.2f MB, %d runs", directory, pages.count, megabytes, runs))
        let url = URL(string: "http://fakehost/test/page.html")
        let extractor = ArticleExtractor()
        BenchData.resetPeakMemory()
        let before = BenchData.residentMemoryMB()
        let extraction = timePages(pages) { _ = extractor.extract(html: $0, url: url) }
        let peak = BenchData.peakMemoryMB()
        let sanitizer = HTMLSanitizer()
        let sanitizing = timePages(pages) { bytes in
            _ = sanitizer.sanitize(String(decoding: bytes, as: UTF8.self), base: url)
        }
        report("extraction", extraction, megabytes, pages.count)
        report("sanitizer alone (no tree)", sanitizing, megabytes, pages.count)
        print(String(format: "ratio extraction / sanitizer: %.2f", extraction.total / sanitizing.total))
        print("peak memory: \(peak) MB (resident before: \(before) MB)")
    }

    struct Timing {
        /// The sum of each page's median time.
        var total: Double
        var slowest: (name: String, seconds: Double)
    }

    /// Each page timed `runs` times, runs interleaved page by page so that noise spreads evenly.
    private func timePages(_ pages: [(name: String, bytes: [UInt8])], _ work: ([UInt8]) -> Void) -> Timing {
        var times = [[Double]](repeating: [], count: pages.count)
        for _ in 0..<runs {
            for (index, page) in pages.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                work(page.bytes)
                times[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
        }
        let medians = times.map { $0.sorted()[$0.count / 2] }
        let slowest = medians.indices.max { medians[$0] < medians[$1] }!
        return Timing(total: medians.reduce(0, +), slowest: (pages[slowest].name, medians[slowest]))
    }

    private func report(_ label: String, _ timing: Timing, _ megabytes: Double, _ count: Int) {
        print(
            String(
                format: "%@: %.1f MB/s, %.0f pages/s, total %.1f ms; slowest page %@ %.1f ms",
                label, megabytes / timing.total, Double(count) / timing.total, timing.total * 1000,
                timing.slowest.name, timing.slowest.seconds * 1000))
    }
}

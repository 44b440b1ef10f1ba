import ArgumentParser
import FeedParsing
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `tidings bench parse`: FeedParser throughput over a folder of feeds and a generated big feed,
/// beside a bare FoundationXML pass that builds nothing (the practical floor).
struct BenchParse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "MB/s, entries/s and peak memory of FeedParser vs a bare XMLParser pass.")

    @Argument(help: "Folder of feed documents (searched recursively).")
    var directory = "../shared/corpus/real"

    @Option(help: "Timed runs; the median is reported.") var runs = 5
    @Option(help: "Entries in the generated feed.") var entries = 10_000
    @Option(help: "FeedParser's document cap in bytes (default 64 MiB); raise it to time larger documents whole.")
    var maxDocumentBytes = FeedParser.Options().maxDocumentBytes

    /// The parser timed, with the document cap asked for.
    var parser: FeedParser {
        var options = FeedParser.Options()
        options.maxDocumentBytes = maxDocumentBytes
        return FeedParser(options: options)
    }

    func run() throws {
        let documents = try Self.documents(in: directory)
        guard !documents.isEmpty else {
            printError("bench: no feed documents under \(directory)")
            throw ExitCode(2)
        }
        print("corpus: \(directory): \(documents.count) files, \(Self.megabytes(documents)) MB")
        // A throughput is only for documents parsed whole: one refused, or cut at the size cap,
        // took a fraction of the time its bytes would.
        let (whole, left) = Self.parsedWhole(documents, parser)
        for line in left { print("  not timed: \(line)") }
        if whole.count < documents.count {
            print("timed: the \(whole.count) files parsed whole, \(Self.megabytes(whole)) MB")
        }
        let xml = whole.filter { !$0.name.hasSuffix(".json") }
        let all = measure(whole)
        report("FeedParser, all files", all, whole)
        let ours = measure(xml)
        report("FeedParser, XML files", ours, xml)
        let bare = measureBare(xml)
        report("bare XMLParser pass, XML files", bare, xml)
        if !xml.isEmpty {
            print(String(format: "ratio FeedParser / bare XMLParser (XML files): %.2f", bare.seconds / ours.seconds))
        }

        let generated = BenchFeed.generated(entries: entries)
        if let reason = Self.notWhole(generated, parser) {
            print(
                "FeedParser, generated \(entries)-entry feed: \(reason); no throughput (try fewer --entries, or --max-document-bytes)"
            )
            return
        }
        BenchData.resetPeakMemory()
        let before = BenchData.residentMemoryMB()
        let big = measure([(name: "generated.xml", bytes: generated)])
        let peak = BenchData.peakMemoryMB()
        report("FeedParser, generated \(entries)-entry feed", big, [(name: "generated.xml", bytes: generated)])
        print(
            "  peak memory while parsing it: \(peak) MB (resident before: \(before) MB, document \(generated.count >> 20) MB)"
        )
        let bareBig = measureBare([(name: "generated.xml", bytes: generated)])
        report("bare XMLParser pass, generated feed", bareBig, [(name: "generated.xml", bytes: generated)])
    }

    struct Result {
        var seconds: Double
        var entries: Int
        var parsed: Int
    }

    private func measure(_ documents: [(name: String, bytes: [UInt8])]) -> Result {
        let parser = parser
        return medianOfRuns {
            var entries = 0
            var parsed = 0
            for document in documents {
                if let feed = try? parser.parse(document.bytes) {
                    entries += feed.entries.count
                    parsed += 1
                }
            }
            return (entries, parsed)
        }
    }

    private func measureBare(_ documents: [(name: String, bytes: [UInt8])]) -> Result {
        let counter = ItemCounter()
        return medianOfRuns {
            counter.items = 0
            var parsed = 0
            for document in documents {
                // XMLParser(data:) refuses documents from about 10 MB (libxml2's limit); the stream
                // initializer reads them.
                let data = Data(document.bytes)
                let parser = data.count < 8 << 20 ? XMLParser(data: data) : XMLParser(stream: InputStream(data: data))
                parser.delegate = counter
                if parser.parse() { parsed += 1 }
            }
            return (counter.items, parsed)
        }
    }

    /// Runs `pass` `runs` times; the median time, with the counts of the last run.
    private func medianOfRuns(_ pass: () -> (entries: Int, parsed: Int)) -> Result {
        var times: [Double] = []
        var counts = (entries: 0, parsed: 0)
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            counts = pass()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Result(seconds: times.sorted()[times.count / 2], entries: counts.entries, parsed: counts.parsed)
    }

    private func report(_ label: String, _ result: Result, _ documents: [(name: String, bytes: [UInt8])]) {
        guard !documents.isEmpty else {
            print("\(label): no file parsed whole, no throughput")
            return
        }
        let bytes = Double(documents.reduce(0) { $0 + $1.bytes.count })
        print(
            String(
                format: "%@: %.1f MB/s, %.0f entries/s, %d/%d files parsed, %d entries, median %.1f ms",
                label, bytes / 1_048_576 / result.seconds, Double(result.entries) / result.seconds, result.parsed,
                documents.count, result.entries, result.seconds * 1000))
    }

    /// The documents FeedParser reads whole, and a line for each of the others saying why not.
    static func parsedWhole(_ documents: [(name: String, bytes: [UInt8])], _ parser: FeedParser) -> (
        [(name: String, bytes: [UInt8])], [String]
    ) {
        var whole: [(name: String, bytes: [UInt8])] = []
        var left: [String] = []
        for document in documents {
            if let reason = notWhole(document.bytes, parser) {
                left.append("\(document.name): \(reason)")
            } else {
                whole.append(document)
            }
        }
        return (whole, left)
    }

    /// Why FeedParser does not read `bytes` whole (refused, or cut at the size cap); nil when it does.
    static func notWhole(_ bytes: [UInt8], _ parser: FeedParser) -> String? {
        do {
            _ = try parser.parse(bytes)
        } catch {
            return "refused (\(error.description))"
        }
        let cap = parser.options.maxDocumentBytes
        guard bytes.count > cap else { return nil }
        return "read only in part: \(bytes.count) bytes, over the \(cap)-byte document cap"
    }

    static func documents(
        in directory: String, extensions: [String] = [".xml", ".rss", ".atom", ".rdf", ".json"]
    ) throws -> [(name: String, bytes: [UInt8])] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var documents: [(name: String, bytes: [UInt8])] = []
        while let path = walker.nextObject() as? String {
            guard extensions.contains(where: { path.hasSuffix($0) }),
                let data = FileManager.default.contents(atPath: directory + "/" + path)
            else { continue }
            documents.append((path, [UInt8](data)))
        }
        return documents.sorted { $0.name < $1.name }
    }

    static func megabytes(_ documents: [(name: String, bytes: [UInt8])]) -> String {
        String(format: "%.2f", Double(documents.reduce(0) { $0 + $1.bytes.count }) / 1_048_576)
    }
}

/// Counts items and entries, the least a SAX delegate can do.
private final class ItemCounter: NSObject, XMLParserDelegate {
    var items = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementName == "item" || elementName == "entry" { items += 1 }
    }
}

import Foundation
import TidingsModel
import TidingsRuntime

/// Generated CSV input for `tidings bench backfill`: written in chunks, so generating a million rows
/// does not itself cost memory.
enum BenchData {
    static func write(rows: Int, products productsPath: String, prices pricesPath: String, now: Date) throws {
        var random = SplitMix64(seed: 42)
        let productCount = max(1, rows / 50)
        let start = now.addingTimeInterval(-30 * 86_400).millisecondsSince1970
        let span = now.millisecondsSince1970 - start - 60_000
        var products = "id,name,unit,unit_size,container,image_url,created_at\n"
        for index in 0..<productCount {
            products +=
                "p\(index),Product \(index),kg,1,bulk,,\(TidingsJSON.formatDate(Date(millisecondsSince1970: start)))\n"
        }
        try products.write(toFile: productsPath, atomically: true, encoding: .utf8)
        guard FileManager.default.createFile(atPath: pricesPath, contents: nil),
            let handle = FileHandle(forWritingAtPath: pricesPath)
        else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? handle.close() }
        var buffer = "product_id,store_price,recorded_at\n"
        var priceOf = [Int](repeating: 10_000, count: productCount)
        for row in 0..<rows {
            let product = row % productCount
            // Moves of −10 %…+10 %: about two thirds clear the 3 % threshold.
            let percent = random.next(upTo: 21) - 10
            priceOf[product] = max(100, priceOf[product] * (100 + percent) / 100)
            let at = start + Int64(row) * span / Int64(max(rows, 1))
            let money = Money(minorUnits: Int64(priceOf[product]), currency: .rub)
            buffer += "p\(product),\(money.decimalString),\(TidingsJSON.formatDate(Date(millisecondsSince1970: at)))\n"
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        try handle.write(contentsOf: Data(buffer.utf8))
    }

    /// The process's peak resident memory, from /proc (Linux), in MB.
    static func peakMemoryMB() -> Int { memoryMB("VmHWM") }

    /// The process's current resident memory, from /proc (Linux), in MB.
    static func residentMemoryMB() -> Int { memoryMB("VmRSS") }

    /// A kilobyte field of /proc/self/status in MB; -1 where there is no /proc.
    private static func memoryMB(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return -1 }
        return kilobytes / 1024
    }

    /// Resets the peak-memory mark (Linux: writing 5 to clear_refs), so a later peak is one phase's.
    static func resetPeakMemory() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}

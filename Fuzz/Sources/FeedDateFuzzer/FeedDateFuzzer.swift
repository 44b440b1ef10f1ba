import FeedParsing
import Foundation
import TidingsModel

// Any bytes as a date string: `FeedDate.parse` (RFC 822, RFC 3339 and the odd forms feeds use) and
// `TidingsJSON.parseDate` (the ISO 8601 reader behind every JSON date, partner dates included).
// A date that parses is a real instant, never NaN or infinite.

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    for date in [FeedDate.parse(text), TidingsJSON.parseDate(text)] {
        if let date, !date.timeIntervalSince1970.isFinite {
            fatalError("fuzz: \(text.debugDescription) parsed as \(date.timeIntervalSince1970)")
        }
    }
    return 0
}

import Foundation
import TidingsSections

// Any bytes as a partner's JSON document, read as both partner formats: each input exercises the
// shared JSON reading and both item mappings, and the seeds stay plain documents. Legacy entries
// are de-duplicated by key, so their keys are unique.

private let reader = SourceReader()
private let base = URL(string: "https://partner.example/news/")
private let source = "https://partner.example/news/feed.json"

/// libFuzzer's entry point: one input, 0 when it was handled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    _ = try? reader.read(bytes, format: .unifiedJSON, sourceID: source, sourceName: "partner.example", baseURL: base)
    if let legacy = try? reader.read(
        bytes, format: .legacyJSON, sourceID: source, sourceName: "partner.example", baseURL: base),
        Set(legacy.entries.map(\.key)).count != legacy.entries.count
    {
        fatalError("fuzz: legacy entries with the same key: \(legacy.entries.map(\.key))")
    }
    return 0
}

import FeedParsing
import Foundation

/// Strong ETags: the stable hash of the body, quoted.
enum ETag {
    static func of(_ bytes: some Sequence<UInt8>) -> String { "\"" + StableHash.hex(bytes: bytes) + "\"" }

    /// Whether an `If-None-Match` header names `etag` (or `*`, or its weak form).
    static func matches(ifNoneMatch header: String, etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }
}

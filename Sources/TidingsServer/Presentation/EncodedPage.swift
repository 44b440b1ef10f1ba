import Foundation
import Hummingbird

/// A page as the bytes a response carries, with their strong ETag: news pages and composed
/// section pages are kept this way, so a cached page is served without encoding anything.
struct EncodedPage: Sendable {
    let body: ByteBuffer
    let etag: String

    init(body: ByteBuffer) {
        self.body = body
        self.etag = ETag.of(body.readableBytesView)
    }
}

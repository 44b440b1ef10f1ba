import FeedParsing
import Foundation
import HTTPTypes
import Hummingbird

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

    /// A JSON answer carrying `etag` and `headers`: 304 without a body (and without a content
    /// type) when the request's `If-None-Match` names the ETag, else 200 with `body`.
    static func jsonResponse(_ body: ByteBuffer, etag: String, headers: HTTPFields, request: Request) -> Response {
        response(body, etag: etag, contentType: "application/json; charset=utf-8", headers: headers, request: request)
    }

    /// An answer of `contentType` carrying `etag` and `headers`: 304 without a body (and without a
    /// content type) when the request's `If-None-Match` names the ETag, else 200 with `body`.
    static func response(
        _ body: ByteBuffer, etag: String, contentType: String, headers: HTTPFields, request: Request
    ) -> Response {
        var fields: HTTPFields = [.contentType: contentType]
        fields.append(contentsOf: headers)
        fields[.eTag] = etag
        if let match = request.headers[.ifNoneMatch], matches(ifNoneMatch: match, etag: etag) {
            fields[.contentType] = nil
            return Response(status: .notModified, headers: fields)
        }
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: body))
    }
}

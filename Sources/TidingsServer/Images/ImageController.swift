import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel

/// `GET /img/{token}`: an image through the proxy. The token is the image's URL sealed with the
/// server's key (`ImageLinks`), so only URLs the server itself put on a page or in the API are
/// fetched: anything else — unsigned, tampered, signed by another key — gets 403.
///
/// An image is served for a year (`immutable`: its URL names one image) under a CSP that lets it
/// run nothing, even opened on its own; when the origin fails, the placeholder is served with 502
/// and a short lifetime, and `Tidings-Image-Error` says why.
struct ImageController: Sendable {
    let keys: SigningKeys
    /// Nil in a router made only to list the routes: every image is then unavailable.
    let proxy: ImageProxy?
    /// The reader's placeholder picture, if the web assets loaded.
    let placeholder: ByteBuffer?

    static let policy = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
    static let errorHeader = HTTPField.Name("Tidings-Image-Error")!

    func addRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/img/:token", use: image)
        router.head("/img/:token", use: image)
    }

    @Sendable func image(request: Request, context: TidingsRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let url = try await keys.imageURL(token) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "image: this URL was not signed by this server\n")))
        }
        switch await proxy?.image(url) ?? .unavailable("this router has no image proxy") {
        case .image(let image):
            var headers: HTTPFields = [
                .contentType: image.type.contentType, .cacheControl: "public, max-age=31536000, immutable",
                .eTag: "\"\(image.etag)\"", .contentSecurityPolicy: Self.policy, .xContentTypeOptions: "nosniff",
            ]
            if request.headers[.ifNoneMatch]?.contains(image.etag) == true {
                headers[.contentType] = nil
                return Response(status: .notModified, headers: headers)
            }
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: image.body))
        case .unavailable(let reason):
            var headers: HTTPFields = [
                .cacheControl: "public, max-age=\(Int(ImageProxy.failureMemory))",
                .contentSecurityPolicy: Self.policy, .xContentTypeOptions: "nosniff",
                Self.errorHeader: String(
                    reason.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" }),
            ]
            guard let placeholder else {
                headers[.contentType] = "text/plain; charset=utf-8"
                return Response(
                    status: .badGateway, headers: headers,
                    body: .init(byteBuffer: ByteBuffer(string: "image: \(reason)\n")))
            }
            headers[.contentType] = "image/svg+xml"
            return Response(status: .badGateway, headers: headers, body: .init(byteBuffer: placeholder))
        }
    }
}

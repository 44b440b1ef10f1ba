import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsWeb

/// A request the reader answers with an error page.
struct WebFailure: Error {
    var status: HTTPResponse.Status
    var message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// What a page handler produced: a page, or a response of its own (a redirect).
enum WebOutcome: Sendable {
    case page(ServedPage)
    case response(Response)
}

/// A rendered page as every response of it carries it, made once per render: its bytes, their
/// ETag and its Content-Security-Policy. Kept pages are served as these very bytes, so a browser
/// revalidating gets 304 and the compression keeps what it compressed.
struct ServedPage: Sendable {
    let body: ByteBuffer
    let etag: String
    /// The headers every answer of the page carries, made once with it.
    let headers: HTTPFields

    init(_ page: RenderedPage) {
        body = ByteBuffer(string: page.html)
        etag = ETag.of(body.readableBytesView)
        headers = [
            .contentType: "text/html; charset=utf-8", .contentSecurityPolicy: page.contentSecurityPolicy,
            HTTPField.Name("Referrer-Policy")!: "no-referrer", .xContentTypeOptions: "nosniff",
            .cacheControl: "no-cache", .eTag: etag,
        ]
    }
}

extension WebController {
    /// Finds the brand, runs `body`, and turns failures into error pages (logging the unexpected).
    func rendering(
        _ request: Request, _ context: TidingsRequestContext,
        _ body: (WebContext, Brand, _ version: Int64) async throws -> WebOutcome
    ) async -> Response {
        let id = context.parameters.get("brand") ?? ""
        // One snapshot for the whole page: its brand, the brands in its navigation, and the
        // version every cached part of it is kept under.
        let shown = sections.live.snapshot
        guard let brand = shown.configuration.brand(id) else {
            let web = webContext(request, brands: shown.configuration.brands, brand: nil)
            return errorPage(web, WebFailure(.notFound, web.text(.notFoundBrand)), retry: "/")
        }
        let web = webContext(
            request, brands: shown.configuration.brands, brand: brand, images: await keys.imageLinks())
        do {
            switch try await body(web, brand, shown.version) {
            case .page(let page):
                // Pages are built from cached values only (a reader's own cards refuse it).
                KeepTicket.current?.keep()
                return html(page, status: .ok, request: request)
            case .response(let response): return response
            }
        } catch let failure as WebFailure {
            return errorPage(web, failure, retry: web.link(web.path))
        } catch let error as StoreUnavailable {
            StoreTrouble.shared.report(error, logger: context.logger)
            var response = errorPage(
                web, WebFailure(.serviceUnavailable, web.text(.unexpected)), retry: web.link(web.path))
            response.headers[.retryAfter] = String(error.retryAfter)
            return response
        } catch {
            context.logger.error("web: unexpected error on \(request.uri.path): \(error)")
            return errorPage(
                web, WebFailure(.internalServerError, web.text(.unexpected)), retry: web.link(web.path))
        }
    }

    func errorPage(_ web: WebContext, _ failure: WebFailure, retry: String) -> Response {
        let kind: ErrorPage.Kind = failure.status == .notFound ? .notFound : .failed(retryHref: retry)
        let page = ErrorPage(context: web, message: failure.message, kind: kind)
        return html(ServedPage(renderer.render(page)), status: failure.status)
    }

    func webContext(_ request: Request, brands: [Brand]? = nil, brand: Brand?, images: ImageLinks = .none)
        -> WebContext
    {
        WebContext(
            brands: brands ?? sections.configuration.brands, brand: brand,
            localeQuery: request.uri.queryParameters["locale"].map(String.init), now: clock(),
            path: request.uri.path, renderer: renderer, images: images)
    }

    /// A page with the headers every page carries: its strict CSP (its script and inline styles
    /// only by hash), its ETag, no referrer to the sites images come from, no sniffing. A 200
    /// whose ETag `request` already holds (`If-None-Match`) is a 304 without a body.
    func html(_ page: ServedPage, status: HTTPResponse.Status, request: Request? = nil) -> Response {
        var headers = page.headers
        if status == .ok, let match = request?.headers[.ifNoneMatch], ETag.matches(ifNoneMatch: match, etag: page.etag)
        {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: status, headers: headers, body: .init(byteBuffer: page.body))
    }

    /// The reader's device id, from its cookie.
    static func device(_ request: Request) -> String? {
        guard let value = request.cookies[deviceCookie]?.value, DeviceID.isValid(value) else {
            return nil
        }
        return value
    }

    /// A new device id: 16 random bytes as hex.
    static func newDevice() -> String { Hex.random(16) }
}

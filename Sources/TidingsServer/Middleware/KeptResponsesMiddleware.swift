import Foundation
import HTTPTypes
import Hummingbird

/// Answers a request from ``KeptResponses`` when an answer to one alike is kept (a 304 when the
/// request holds its ETag), else lets it through with a ``KeepTicket`` and keeps the 200 its
/// handler asked to keep. It sits inside the request id, metrics, access log, error envelope and
/// rate limit — every request still pays those — and outside the compression, so a kept answer
/// is kept compressed.
struct KeptResponsesMiddleware<Context: RequestContext>: RouterMiddleware {
    let kept: KeptResponses
    let clock: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let lookup = KeptResponses.Lookup(request) else { return try await next(request, context) }
        let now = clock()
        if let entry = kept.entry(for: lookup, now: now) {
            // The metrics name the route the router found for the answer.
            context.coreContext.endpointPath.value = entry.route
            if let match = lookup.ifNoneMatch, let etag = entry.etag, ETag.matches(ifNoneMatch: match, etag: etag) {
                return Response(status: .notModified, headers: entry.notModified)
            }
            return Response(status: .ok, headers: entry.headers, body: .init(byteBuffer: entry.body))
        }
        let generation = kept.generation
        let ticket = KeepTicket(until: now.addingTimeInterval(kept.lifetime))
        var response = try await KeepTicket.$current.withValue(ticket) { try await next(request, context) }
        guard response.status == .ok, let (scopes, until, anonymous) = ticket.kept, response.headers[.setCookie] == nil,
            let length = response.body.contentLength, length <= kept.maxBodyBytes
        else { return response }
        let body = try await CompressionMiddleware<Context>.collect(response.body)
        response.body = .init(byteBuffer: body)
        kept.keep(
            KeptResponses.Entry(
                headers: response.headers, body: body, route: context.endpointPath, scopes: scopes, until: until,
                anonymous: anonymous),
            for: lookup.key, madeAt: generation, now: now)
        return response
    }
}

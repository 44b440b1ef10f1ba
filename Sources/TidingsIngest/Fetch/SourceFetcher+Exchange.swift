import AsyncHTTPClient
import FeedParsing
import Foundation
import NIOCore
import NIOHTTP1

extension SourceFetcher {
    /// Feed formats first, then anything.
    static let accept =
        "application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, "
        + "application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5"

    /// Sends one GET on `client` (bound to `address`) and reads the answer: a redirect to follow, a 304, a
    /// 2xx body, or an error.
    func exchange(
        _ client: HTTPClient, _ url: URL, address: IPAddress, _ request: FetchRequest, deadline: NIODeadline
    ) async throws(FetchError) -> Hop {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.headers.add(name: "User-Agent", value: policy.userAgent)
        outgoing.headers.add(name: "Accept", value: request.accept ?? Self.accept)
        outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        if let etag = request.etag { outgoing.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = request.lastModified {
            outgoing.headers.add(name: "If-Modified-Since", value: lastModified)
        }
        let response: HTTPClientResponse
        var resent = false
        do {
            response = try await client.execute(outgoing, deadline: deadline)
        } catch let error as HTTPClientError where error == .remoteConnectionClosed {
            // The origin closed a pooled connection as it was reused (its keep-alive timer fired):
            // nothing was answered, and a GET may be sent again, once, on a new connection. The
            // origin may have read the first (a close can cross the request): the answer says so.
            resent = true
            do {
                response = try await client.execute(outgoing, deadline: deadline)
            } catch {
                throw FetchError(error, url: url, address: address, policy: policy, readingBody: false)
            }
        } catch {
            throw FetchError(error, url: url, address: address, policy: policy, readingBody: false)
        }
        let status = Int(response.status.code)
        let headers = response.headers
        switch status {
        case 301, 302, 303, 307, 308:
            guard let location = headers.first(name: "location"),
                let next = URL(string: location, relativeTo: url)?.absoluteURL
            else {
                throw FetchError(.badURL, "fetch: \(url.absoluteString) redirects (\(status)) to no readable Location")
            }
            return .redirect(next)
        case 304:
            var answer = makeResponse(status, body: [], url, headers, request)
            answer.resent = resent
            return .response(answer)
        case 200..<300:
            let (body, isCut) = try await readBody(response, url, address: address)
            var answer = makeResponse(status, body: body, url, headers, request)
            answer.isCut = isCut
            answer.resent = resent
            return .response(answer)
        default:
            let retryAfter =
                status == 429 || status == 503
                ? CacheHints.retryAfter(
                    headers.first(name: "retry-after"), date: headers.first(name: "date"), now: Date())
                : nil
            throw FetchError(
                .http(status), "fetch: \(url.absoluteString) answered \(status) \(response.status.reasonPhrase)",
                retryAfter: retryAfter)
        }
    }

    /// The body, decompressed by AHC when gzip or deflate, and whether it was cut: past the cap only
    /// the first `maxBodyBytes` are kept and reading stops, so that a feed just over the cap keeps its
    /// first entries (the parser reads a cut document as a truncated one). A body over the cap of
    /// which nothing arrived (a compressed chunk that alone decompresses past it) ends with `.tooLarge`.
    private func readBody(
        _ response: HTTPClientResponse, _ url: URL, address: IPAddress
    ) async throws(FetchError) -> (body: [UInt8], isCut: Bool) {
        let cap = policy.maxBodyBytes
        let encodings = response.headers[canonicalForm: "content-encoding"].map { $0.lowercased() }.filter {
            $0 != "identity"
        }
        if !encodings.isEmpty, encodings.count > 1 || !["gzip", "deflate"].contains(encodings[0]) {
            throw FetchError(
                .other,
                "fetch: \(url.absoluteString) sent Content-Encoding \(encodings.joined(separator: ", ")), "
                    + "which Tidings does not decode")
        }
        var body: [UInt8] = []
        // Grown by hand, never past the cap: left to itself an array doubles, and a body just over
        // 8 MiB would hold 16 MiB, one at the cap 32 (several fetches at once add up).
        if let length = response.headers.first(name: "content-length").flatMap(Int.init), length > 0 {
            body.reserveCapacity(min(length, cap))
        }
        do {
            for try await chunk in response.body {
                let needed = min(body.count + chunk.readableBytes, cap)
                if needed > body.capacity { body.reserveCapacity(min(cap, max(needed, body.capacity * 2))) }
                guard body.count + chunk.readableBytes <= cap else {
                    body.append(contentsOf: chunk.readableBytesView.prefix(cap - body.count))
                    return (body, true)
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
        } catch {
            let failure = FetchError(error, url: url, address: address, policy: policy, readingBody: true)
            // AHC's decompression limit (the same cap) stops a gzip body past it: keep what came.
            if case .tooLarge = failure.kind, !body.isEmpty { return (body, true) }
            throw failure
        }
        return (body, false)
    }

    private func makeResponse(
        _ status: Int, body: [UInt8], _ url: URL, _ headers: HTTPHeaders, _ request: FetchRequest
    ) -> FetchResponse {
        let hints = CacheHints(
            cacheControl: headers["cache-control"].isEmpty ? nil : headers["cache-control"].joined(separator: ","),
            expires: headers.first(name: "expires"), date: headers.first(name: "date"),
            age: headers.first(name: "age"), now: Date())
        let mediaType = MediaType(header: headers.first(name: "content-type"))
        return FetchResponse(
            status: status, body: body, finalURL: url,
            etag: headers.first(name: "etag") ?? (status == 304 ? request.etag : nil),
            lastModified: headers.first(name: "last-modified") ?? (status == 304 ? request.lastModified : nil),
            contentType: mediaType.type, charset: mediaType.charset, freshness: hints.freshness, noStore: hints.noStore,
            redirects: 0)
    }
}

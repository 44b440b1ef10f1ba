import Dispatch
import HTTPTypes
import Hummingbird
import Metrics
import TidingsModel
import TidingsStore

/// Hummingbird's request metrics — requests, errors, duration by route, method and status; active
/// requests by method — under the labels Hummingbird's `MetricsMiddleware` records them with
/// (`MetricCatalog`), without its cost. Hummingbird's wraps every response's body in a closure to
/// time its last byte, and a wrapped body loses the server's fast path: head, body and end written
/// in one pass (`ResponseWriter.write(response:body:)`) became three writes, a third of a cached
/// page's speed (docs/benchmarks.md, what every request pays). Here a body of known length — a
/// buffer the server writes in that one pass — is timed when the response is handed to the
/// server, and only a body of unknown length (a stream, such as the live updates) is wrapped, so
/// that its time and its place among the active requests last until its last byte.
struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let cache = RequestMetrics()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let started = DispatchTime.now().uptimeNanoseconds
        let active = cache.active(request.method)
        active.increment()
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let metrics = cache.endpoint(context.endpointPath ?? "NotFound", request.method, status)
            metrics.requests.increment()
            metrics.errors.increment()
            active.decrement()
            throw error
        }
        let metrics = cache.endpoint(context.endpointPath ?? "Unknown", request.method, response.status)
        let finish: @Sendable () -> Void = {
            metrics.requests.increment()
            metrics.duration.recordNanoseconds(DispatchTime.now().uptimeNanoseconds - started)
            active.decrement()
        }
        guard response.body.contentLength == nil else {
            finish()
            return response
        }
        let body = response.body
        response.body = ResponseBody { writer in
            defer { finish() }
            try await body.write(writer)
        }
        return response
    }
}

/// The metrics of each route, method and status, and the active requests of each method, made
/// once: a metrics factory's own lookup by label and dimensions is slower than a dictionary.
final class RequestMetrics: Sendable {
    struct Endpoint: Sendable {
        let requests: Counter
        let duration: Timer
        let errors: Counter
    }

    private struct Key: Hashable {
        let route: String
        let method: HTTPRequest.Method
        let status: Int
    }

    private let endpoints = Locked<[Key: Endpoint]>([:])
    private let methods = Locked<[HTTPRequest.Method: Meter]>([:])

    func active(_ method: HTTPRequest.Method) -> Meter {
        methods.withLock { meters in
            if let meter = meters[method] { return meter }
            let meter = Meter(
                label: MetricCatalog.httpActiveRequests.recordedAs!,
                dimensions: [("http.request.method", method.rawValue)])
            meters[method] = meter
            return meter
        }
    }

    func endpoint(_ route: String, _ method: HTTPRequest.Method, _ status: HTTPResponse.Status) -> Endpoint {
        let key = Key(route: route, method: method, status: status.code)
        return endpoints.withLock { endpoints in
            if let endpoint = endpoints[key] { return endpoint }
            let dimensions = [
                ("http.route", route), ("http.request.method", method.rawValue),
                ("http.response.status_code", String(status.code)),
            ]
            let endpoint = Endpoint(
                requests: Counter(label: MetricCatalog.httpRequestsTotal.recordedAs!, dimensions: dimensions),
                duration: Timer(
                    label: MetricCatalog.httpRequestDuration.recordedAs!, dimensions: dimensions,
                    preferredDisplayUnit: .seconds),
                errors: Counter(
                    label: MetricCatalog.httpRequestErrorsTotal.recordedAs!,
                    dimensions: [
                        ("http.route", route), ("http.request.method", method.rawValue),
                        ("error.type", String(status.code)),
                    ]))
            endpoints[key] = endpoint
            return endpoint
        }
    }
}

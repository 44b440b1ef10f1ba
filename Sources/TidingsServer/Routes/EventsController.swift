import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

/// `POST /api/v1/events`: valid events are applied in the order of their time in one transaction;
/// duplicates change nothing; invalid ones and ids replayed with a different body are reported by
/// index; when none applies, 409 for a conflicting replay, else 422.
struct EventsController: Sendable {
    let catalog: CatalogService
    static let maximumBatch = 10_000

    func addRoutes(to writes: RouterGroup<TidingsRequestContext>) {
        writes.post("/api/v1/events", use: post)
    }

    @Sendable func post(request: Request, context: TidingsRequestContext) async throws -> Response {
        let body = try await request.decode(as: EventsBody.self, context: context)
        guard !body.events.isEmpty else {
            throw HTTPAPIError(
                .unprocessableContent, code: "validation_failed", message: "api: events must not be empty",
                field: "events")
        }
        guard body.events.count <= Self.maximumBatch else {
            throw HTTPAPIError(
                .unprocessableContent, code: "validation_failed",
                message: "api: at most \(Self.maximumBatch) events per request", field: "events")
        }
        let report = try await catalog.ingest(body.events.map(\.result))
        var response = EventsReport(
            accepted: report.accepted, duplicates: report.duplicates,
            rejected: report.rejected.map { index, error in
                .init(index: index, error: .init(code: error.code, message: error.message, field: error.field))
            })
        var status = HTTPResponse.Status.ok
        if report.accepted == 0 && report.duplicates == 0 {
            // Nothing applied: 409 when an event conflicts with one the log holds (the sender must
            // sort that out before anything else), else 422; the deciding refusal is the envelope.
            let conflict = response.rejected.first { $0.error.code == CatalogError.replayConflictCode }
            status = conflict == nil ? .unprocessableContent : .conflict
            response.error = (conflict ?? response.rejected.first)?.error
        }
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: try Self.encoded(response)))
    }

    /// The report as JSON. The common answer — nothing refused — is written directly, the same
    /// bytes the encoder gives (tested): making the encoder cost a single-event write more than
    /// the rest of its answer.
    static func encoded(_ report: EventsReport) throws -> ByteBuffer {
        guard report.rejected.isEmpty, report.error == nil else {
            return ByteBuffer(bytes: try TidingsJSON.encoder().encode(report))
        }
        return ByteBuffer(string: #"{"accepted":\#(report.accepted),"duplicates":\#(report.duplicates),"rejected":[]}"#)
    }
}

/// `{"events":[…]}` where each element decodes on its own, so one bad event does not sink the batch.
struct EventsBody: Decodable {
    var events: [LenientEvent]
}

/// One element of `events`: the event, or why it could not be read.
struct LenientEvent: Decodable {
    var result: Result<EventInput, CatalogError>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try EventInput(from: decoder))
        } catch let error as DecodingError {
            let api = HTTPAPIError(decoding: error)
            // Paths inside one event are reported relative to it ("store_price", not "events[3].store_price").
            let field = api.body.error.field
                .map { $0.replacingOccurrences(of: #"^events\[\d+\]\.?"#, with: "", options: .regularExpression) }
                .flatMap { $0.isEmpty ? nil : $0 }
            result = .failure(
                CatalogError(.invalid, code: "validation_failed", message: api.body.error.message, field: field))
        }
    }
}

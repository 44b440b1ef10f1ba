import Foundation
import Hummingbird
import NIOCore
import TidingsModel
import TidingsStore

/// Per-request context: a 1 MiB body limit and Tidings' JSON coders.
public struct TidingsRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    let channel: any Channel
    /// The connection's peer address (no port), for per-client rate limits and the metrics'
    /// access rule. Read when asked: formatting it cost every request 1 % of a cached page, and
    /// most never ask (docs/benchmarks.md).
    public var peerAddress: String? { channel.remoteAddress?.ipAddress }
    /// The API key the request was let in with, behind ``APIKeyMiddleware`` (who made a change).
    public var apiKey: APIKeyRecord?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// Bodies over 1 MiB get 413.
    public var maxUploadSize: Int { 1 << 20 }

    public var requestDecoder: TidingsRequestDecoder { TidingsRequestDecoder() }
    public var responseEncoder: TidingsResponseEncoder { TidingsResponseEncoder() }
}

/// Decodes JSON bodies with Tidings' date handling, mapping every failure to the error envelope;
/// a body not declared as JSON is 415.
public struct TidingsRequestDecoder: RequestDecoder {
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws
        -> T
    {
        // A body is only ever read as JSON when it says it is (415 otherwise, before reading it).
        let contentType = request.headers[.contentType]
        guard let contentType, JSONMediaType.matches(contentType) else { throw JSONMediaType.refusal(contentType) }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        return try Self.decode(type, from: Data(buffer: buffer))
    }

    /// Decodes `data`, turning decoding errors into 400 (not JSON) or 422 (wrong shape, with the field).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        do {
            return try TidingsJSON.decoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw HTTPAPIError(decoding: error)
        }
    }
}

/// Encodes responses with Tidings' JSON encoder.
public struct TidingsResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response
    {
        let data = try TidingsJSON.encoder().encode(value)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

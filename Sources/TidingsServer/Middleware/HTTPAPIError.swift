import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel

/// An error that renders as the one JSON envelope with its HTTP status.
public struct HTTPAPIError: HTTPResponseError {
    public var status: HTTPResponse.Status
    public var body: APIErrorBody
    public var headers: HTTPFields = [:]

    public init(_ status: HTTPResponse.Status, code: String, message: String, field: String? = nil) {
        self.status = status
        self.body = APIErrorBody(code: code, message: message, field: field)
    }

    /// A catalog refusal with its natural status.
    public init(_ error: CatalogError) {
        let status: HTTPResponse.Status =
            switch error.kind {
            case .invalid: .unprocessableContent
            case .conflict: .conflict
            case .notFound: .notFound
            }
        self.init(status, code: error.code, message: error.message, field: error.field)
    }

    /// 400 for bytes that are not JSON; 422 naming the field for JSON of the wrong shape.
    public init(decoding error: DecodingError) {
        func path(_ codingPath: [any CodingKey], _ last: (any CodingKey)? = nil) -> String? {
            let keys = codingPath + (last.map { [$0] } ?? [])
            return keys.isEmpty ? nil : TidingsJSON.path(keys)
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            self.init(.badRequest, code: "malformed_json", message: "api: the request body is not valid JSON")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            self.init(
                .unprocessableContent, code: "validation_failed",
                message: "api: \(field ?? "body"): \(context.debugDescription)", field: field)
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath, key)
            self.init(
                .unprocessableContent, code: "validation_failed",
                message: "api: \(field ?? key.stringValue) is required", field: field)
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            self.init(
                .unprocessableContent, code: "validation_failed",
                message: "api: \(field ?? "body") must be \(Self.describe(type))", field: field)
        case .valueNotFound(let type, let context):
            let field = path(context.codingPath)
            self.init(
                .unprocessableContent, code: "validation_failed",
                message: "api: \(field ?? "body") must be \(Self.describe(type)), not null", field: field)
        @unknown default:
            self.init(.badRequest, code: "malformed_json", message: "api: the request body could not be read")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Bool.Type: "a boolean"
        case is Decimal.Type, is Double.Type: "a number"
        case is Date.Type: "an ISO 8601 date-time"
        default: "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        let data = try TidingsJSON.encoder().encode(body)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

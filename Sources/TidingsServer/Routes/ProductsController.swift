import Foundation
import Hummingbird
import TidingsCatalog
import TidingsModel
import TidingsStore

/// `/api/v1/products`: each write becomes events in the log, applied in one transaction.
struct ProductsController: Sendable {
    let catalog: CatalogService

    func addRoutes(to router: Router<TidingsRequestContext>, writes: RouterGroup<TidingsRequestContext>) {
        router.get("/api/v1/products", use: search)
        router.get("/api/v1/products/{id}", use: show)
        writes.post("/api/v1/products", use: create)
        writes.patch("/api/v1/products/{id}", use: update)
        writes.delete("/api/v1/products/{id}", use: delete)
    }

    /// `GET /api/v1/products?q=…&typing=&limit=&cursor=&locale=`: the products whose names match,
    /// best first (docs/search.md).
    @Sendable func search(request: Request, context: TidingsRequestContext) async throws -> Response {
        let ask = try SearchController.ask(request)
        for (name, given) in [
            ("section", ask.sections != nil), ("source", ask.sources != nil), ("since", ask.since != nil),
            ("until", ask.until != nil),
        ] where given {
            throw HTTPAPIError(
                .badRequest, code: "invalid_parameter",
                message: "api: products are searched by q, typing, limit and cursor; \(name) is for a brand's stories",
                field: name)
        }
        let language = LanguageTag.negotiate(
            query: request.uri.queryParameters["locale"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage], fallback: catalog.configuration.defaultLocale)
        let cursor = request.uri.queryParameters["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page = try await SearchController.answering {
            try await catalog.searchProducts(ask: ask, cursor: cursor, language: language)
        }
        return try SearchController.response(page)
    }

    @Sendable func show(request: Request, context: TidingsRequestContext) async throws -> Response {
        let id = try Self.productID(context)
        guard let product = try await catalog.product(id: id) else { throw Self.notFound(id) }
        return try json(product, status: .ok)
    }

    @Sendable func create(request: Request, context: TidingsRequestContext) async throws -> Response {
        var input = try await request.decode(as: ProductBody.self, context: context).input
        input.type = CatalogEvent.Kind.productCreated.rawValue
        input.id = Self.newEventID()
        guard let productID = input.productID else {
            throw HTTPAPIError(
                .unprocessableContent, code: "validation_failed", message: "api: id is required", field: "id")
        }
        try await apply([input])
        guard let product = try await catalog.product(id: productID) else {
            // Event time wins: a creation dated before a deletion already logged for this id is kept
            // in the log at its place, and the product does not exist now.
            throw HTTPAPIError(
                .notFound, code: "product_not_found",
                message:
                    "api: product \(productID) was created at that time, but a deletion logged after it means it does not exist now",
                field: "at")
        }
        var response = try json(product, status: .created)
        response.headers[.location] = "/api/v1/products/\(productID)"
        return response
    }

    @Sendable func update(request: Request, context: TidingsRequestContext) async throws -> Response {
        let id = try Self.productID(context)
        let body = try await request.decode(as: ProductBody.self, context: context)
        if let bodyID = body.input.productID, bodyID != id {
            throw HTTPAPIError(
                .unprocessableContent, code: "validation_failed", message: "api: id cannot change", field: "id")
        }
        var events: [EventInput] = []
        var fields = body.input
        fields.productID = id
        let price = fields.storePrice
        let currency = fields.currency
        fields.storePrice = nil
        fields.currency = nil
        fields.type = CatalogEvent.Kind.productUpdated.rawValue
        fields.id = Self.newEventID()
        if currency != nil, price == nil {
            throw HTTPAPIError(
                .unprocessableContent, code: "validation_failed", message: "api: currency cannot change",
                field: "currency")
        }
        if try !ProductPatch(validating: fields).isEmpty { events.append(fields) }
        if let price {
            events.append(
                EventInput(
                    id: Self.newEventID(), type: CatalogEvent.Kind.priceChanged.rawValue, productID: id,
                    at: fields.at, storePrice: price, currency: currency))
        }
        if !events.isEmpty { try await apply(events) }
        guard let product = try await catalog.product(id: id) else { throw Self.notFound(id) }
        return try json(product, status: .ok)
    }

    @Sendable func delete(request: Request, context: TidingsRequestContext) async throws -> Response {
        let id = try Self.productID(context)
        try await apply([
            EventInput(
                id: Self.newEventID(), type: CatalogEvent.Kind.productDeleted.rawValue, productID: id)
        ])
        return Response(status: .noContent)
    }

    /// Ingests the events of one request all or nothing; the first refusal becomes the response.
    private func apply(_ events: [EventInput]) async throws {
        _ = try await catalog.ingest(events.map { .success($0) }, atomic: true)
    }

    private func json(_ product: Product, status: HTTPResponse.Status) throws -> Response {
        let resource = catalog.resource(product)
        let data = try TidingsJSON.encoder().encode(resource)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func productID(_ context: TidingsRequestContext) throws -> String {
        let id = context.parameters.get("id") ?? ""
        guard Product.isValidID(id) else { throw notFound(id) }
        return id
    }

    /// A fresh id for an event this server makes on a client's behalf.
    static func newEventID() -> String { UUID().uuidString.lowercased() }

    static func notFound(_ id: String) -> HTTPAPIError {
        HTTPAPIError(.notFound, code: "product_not_found", message: "api: product \(id) does not exist", field: "id")
    }
}

/// A product as posted or patched: the product's own `id`, then the product fields of an event.
struct ProductBody: Decodable {
    var input: EventInput

    enum Keys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Keys.self)
        let productID = try keys.decodeIfPresent(String.self, forKey: .id)
        // The rest of the body has the same fields as an event; `id` and `type` are ours to set.
        var input = try EventInput(fieldsFrom: decoder, id: "", type: "")
        input.productID = productID
        self.input = input
    }
}

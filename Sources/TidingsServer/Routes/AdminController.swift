import Foundation
import Hummingbird
import Logging
import TidingsModel
import TidingsSections
import TidingsStore

/// `/api/v1/admin/…`: the brands, sections and sources the newsroom changes live (issue 38).
/// Documents are JSON in the configuration file's form (docs/sections.md): what `GET` gives is
/// what `PUT` takes back. Every change is read with the file's reader together with every other
/// brand before anything is stored (one set of rules; a mistake is 422 naming the field), is one
/// transaction, and needs the document's `ETag` in `If-Match` (412 when another change came
/// first, 428 without it); `PATCH` merges a JSON Merge Patch (RFC 7396) into the document
/// instead of replacing it. Every server sharing the database shows it within a second; this one
/// before it answers.
struct AdminController: Sendable {
    let sections: SectionService
    var store: any TidingsStorage { sections.store }
    var clock: @Sendable () -> Date { sections.clock }

    func addRoutes(reads: RouterGroup<TidingsRequestContext>, writes: RouterGroup<TidingsRequestContext>) {
        reads.get("/api/v1/admin/brands", use: listBrands)
        reads.get("/api/v1/admin/brands/{brand}", use: showBrand)
        reads.get("/api/v1/admin/brands/{brand}/sections/{section}", use: showSection)
        reads.get("/api/v1/admin/sources", use: listSources)
        reads.get("/api/v1/admin/audit", use: audit)
        writes.post("/api/v1/admin/brands", use: createBrand)
        writes.put("/api/v1/admin/brands/{brand}", use: changeBrand)
        writes.patch("/api/v1/admin/brands/{brand}", use: changeBrand)
        writes.delete("/api/v1/admin/brands/{brand}", use: deleteBrand)
        writes.post("/api/v1/admin/brands/{brand}/sections", use: createSection)
        writes.put("/api/v1/admin/brands/{brand}/sections/{section}", use: changeSection)
        writes.patch("/api/v1/admin/brands/{brand}/sections/{section}", use: changeSection)
        writes.delete("/api/v1/admin/brands/{brand}/sections/{section}", use: deleteSection)
        writes.post("/api/v1/admin/sources/{source}/fetch", use: fetchSource)
        addEditorialRoutes(reads: reads, writes: writes)
        addStoryRoutes(writes: writes)
    }

    // MARK: Reads

    @Sendable func listBrands(request: Request, context: TidingsRequestContext) async throws -> Response {
        let kept = try await kept()
        let list = AdminBrandList(
            version: kept.version,
            brands: kept.brands.map { brand in
                AdminBrandList.Brand(
                    id: brand.id, version: brand.version, updatedAt: brand.version == 0 ? nil : brand.updatedAt,
                    sections: brand.sections.map {
                        AdminBrandList.Section(
                            id: $0.id, version: $0.version, updatedAt: $0.version == 0 ? nil : $0.updatedAt)
                    })
            })
        return try Self.json(list, status: .ok)
    }

    @Sendable func showBrand(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, _) = try Self.names(context)
        let kept = try await kept()
        guard let brand = kept.brands.first(where: { $0.id == brandID }) else { throw Self.noBrand(brandID) }
        return try Self.document(brand.document, version: brand.version, status: .ok)
    }

    @Sendable func showSection(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, sectionID) = try Self.names(context)
        let kept = try await kept()
        guard let brand = kept.brands.first(where: { $0.id == brandID }) else { throw Self.noBrand(brandID) }
        guard let section = brand.sections.first(where: { $0.id == sectionID }) else {
            throw Self.noSection(brandID, sectionID ?? "")
        }
        return try Self.document(section.document, version: section.version, status: .ok)
    }

    @Sendable func audit(request: Request, context: TidingsRequestContext) async throws -> Response {
        let parameters = request.uri.queryParameters
        func text(_ name: Substring) -> String? {
            parameters[name].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        }
        func date(_ name: Substring) throws -> Date? {
            guard let value = text(name) else { return nil }
            guard let date = try? Date(value, strategy: .iso8601) else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_parameter",
                    message: "api: \(name) must be a time such as 2026-12-02T18:00:00Z, not \"\(value.prefix(40))\"",
                    field: String(name))
            }
            return date
        }
        var query = AuditQuery(
            target: text("target"), actor: text("actor"), since: try date("since"), until: try date("until"))
        if let limit = text("limit") {
            guard let value = Int(limit), (1...500).contains(value) else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_parameter", message: "api: limit must be a whole number from 1 to 500",
                    field: "limit")
            }
            query.limit = value
        }
        if let before = text("before") {
            guard let value = Int64(before), value > 0 else {
                throw HTTPAPIError(
                    .badRequest, code: "invalid_parameter", message: "api: before must be an entry's id",
                    field: "before")
            }
            query.before = value
        }
        let entries = try await store.auditEntries(query)
        var next: String?
        if entries.count == query.limit, let last = entries.last {
            var components = URLComponents()
            components.path = "/api/v1/admin/audit"
            components.queryItems =
                [
                    ("before", String(last.id)), ("limit", String(query.limit)), ("target", query.target),
                    ("actor", query.actor), ("since", text("since")), ("until", text("until")),
                ].compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
            next = components.string
        }
        return try Self.json(AdminAuditPage(entries: entries.map(AdminAuditEntry.init), next: next), status: .ok)
    }

    // MARK: Brands

    @Sendable func createBrand(request: Request, context: TidingsRequestContext) async throws -> Response {
        let text = try await Self.body(request, context)
        guard let id = try Self.node(text).id else {
            throw Self.invalid("id is required", field: "id")
        }
        let kept = try await change(request, context) { kept, draft in
            let body = try Self.node(text)
            if kept.brands.contains(where: { $0.id == id }) {
                throw HTTPAPIError(
                    .conflict, code: "conflict", message: "api: brand \(id) exists; change it with PUT", field: "id")
            }
            draft.addBrand(body)
            return (brand: id, section: nil)
        }
        let brand = try Self.kept(kept, brand: id)
        var response = try Self.document(brand.document, version: brand.version, status: .created)
        response.headers[.location] = "/api/v1/admin/brands/\(id)"
        return response
    }

    @Sendable func changeBrand(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, _) = try Self.names(context)
        let given = try Self.ifMatch(request)
        let text = try await Self.body(request, context)
        if try Self.node(text).has("sections") {
            throw Self.invalid(
                "sections are changed one by one at /api/v1/admin/brands/\(brandID)/sections/{section}",
                field: "sections")
        }
        _ = try Self.withID(try Self.node(text), brandID, kind: "brand")
        let patch = request.method == .patch
        let kept = try await change(request, context) { kept, draft in
            let body = try Self.withID(try Self.node(text), brandID, kind: "brand")
            let brand = try Self.kept(kept, brand: brandID)
            try Self.check(given, brand.version, what: "brand \(brandID)")
            if patch { draft.patchBrand(brandID, with: body) } else { draft.replaceBrand(brandID, with: body) }
            return (brand: brandID, section: nil)
        }
        let brand = try Self.kept(kept, brand: brandID)
        return try Self.document(brand.document, version: brand.version, status: .ok)
    }

    @Sendable func deleteBrand(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, _) = try Self.names(context)
        let given = try Self.ifMatch(request)
        let cascade = request.uri.queryParameters["cascade"] == "true"
        _ = try await change(request, context) { kept, draft in
            let brand = try Self.kept(kept, brand: brandID)
            try Self.check(given, brand.version, what: "brand \(brandID)")
            if !brand.sections.isEmpty, !cascade {
                throw HTTPAPIError(
                    .conflict, code: "conflict",
                    message:
                        "api: brand \(brandID) has \(brand.sections.count) section(s); delete them first or ask for ?cascade=true",
                    field: "cascade")
            }
            draft.removeBrand(brandID)
            return (brand: nil, section: nil)
        }
        return Response(status: .noContent)
    }

    // MARK: Sections

    @Sendable func createSection(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, _) = try Self.names(context)
        let text = try await Self.body(request, context)
        guard let id = try Self.node(text).id else {
            throw Self.invalid("id is required", field: "id")
        }
        let kept = try await change(request, context) { kept, draft in
            let body = try Self.node(text)
            let brand = try Self.kept(kept, brand: brandID)
            if brand.sections.contains(where: { $0.id == id }) {
                throw HTTPAPIError(
                    .conflict, code: "conflict",
                    message: "api: brand \(brandID) has a section \(id); change it with PUT", field: "id")
            }
            draft.putSection(body, brand: brandID, replacing: nil)
            return (brand: brandID, section: id)
        }
        let section = try Self.kept(kept, brand: brandID, section: id)
        var response = try Self.document(section.document, version: section.version, status: .created)
        response.headers[.location] = "/api/v1/admin/brands/\(brandID)/sections/\(id)"
        return response
    }

    @Sendable func changeSection(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, sectionID) = try Self.names(context)
        let id = sectionID ?? ""
        let given = try Self.ifMatch(request)
        let section = try await editSection(
            brand: brandID, section: id, with: try await Self.body(request, context), given: given,
            replacing: request.method == .put, by: author(request, context), logger: context.logger)
        return try Self.document(section.document, version: section.version, status: .ok)
    }

    /// Replaces section `id` of `brand` with the JSON document `text`, or (`replacing` false)
    /// merges it in as a JSON Merge Patch, when `given` (`If-Match`; nil for `*`) names the
    /// version kept. The section as kept after the change.
    func editSection(
        brand brandID: String, section id: String, with text: String, given: Set<Int64>?, replacing: Bool,
        by author: BrandsAuthor, logger: Logger
    ) async throws -> StoredSection {
        _ = try Self.withID(try Self.node(text), id, kind: "section")
        let kept = try await change(by: author, logger: logger) { kept, draft in
            let body = try Self.withID(try Self.node(text), id, kind: "section")
            let section = try Self.kept(kept, brand: brandID, section: id)
            try Self.check(given, section.version, what: "section \(brandID)/\(id)")
            if replacing {
                draft.putSection(body, brand: brandID, replacing: id)
            } else {
                draft.patchSection(id, brand: brandID, with: body)
            }
            return (brand: brandID, section: id)
        }
        return try Self.kept(kept, brand: brandID, section: id)
    }

    @Sendable func deleteSection(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, sectionID) = try Self.names(context)
        let id = sectionID ?? ""
        let given = try Self.ifMatch(request)
        _ = try await change(request, context) { kept, draft in
            let section = try Self.kept(kept, brand: brandID, section: id)
            try Self.check(given, section.version, what: "section \(brandID)/\(id)")
            draft.removeSection(id, brand: brandID)
            return (brand: nil, section: nil)
        }
        return Response(status: .noContent)
    }

    // MARK: The one way a change is made

    /// The brands kept, or — while none ever were (the demo's, shown without being kept) — the
    /// brands shown, each at version 0: an editor changes what readers see, and the first change
    /// keeps them all.
    func kept() async throws -> StoredBrands {
        try Self.base(try await store.storedBrands(), shown: sections.configuration.brands)
    }

    static func base(_ kept: StoredBrands, shown: [Brand]) throws -> StoredBrands {
        guard kept.version == 0, kept.brands.isEmpty, !shown.isEmpty else { return kept }
        let documents = try shown.map(BrandDocument.init)
        return StoredBrands(
            brands: documents.map { brand in
                StoredBrand(
                    id: brand.id, document: brand.document, version: 0, updatedAt: Date(timeIntervalSince1970: 0),
                    sections: brand.sections.map {
                        StoredSection(
                            id: $0.id, document: $0.document, version: 0, updatedAt: Date(timeIntervalSince1970: 0))
                    })
            }, version: 0)
    }

    /// Which document an edit is about, so that a mistake in it is named by its own key path.
    typealias Edited = (brand: String?, section: String?)

    /// Makes one change in one transaction: `edit` is given what is kept and a draft of it to
    /// change (it refuses by throwing); the draft is read whole by the file's reader, and what it
    /// reads is kept and shown here at once.
    func change(
        _ request: Request, _ context: TidingsRequestContext,
        _ edit: @escaping @Sendable (StoredBrands, inout BrandsDraft) throws -> Edited
    ) async throws -> StoredBrands {
        try await change(by: author(request, context), logger: context.logger, edit)
    }

    /// ``change(_:_:_:)`` made by `author` (an API request's key, or an editor of the console).
    func change(
        by author: BrandsAuthor, logger: Logger,
        _ edit: @escaping @Sendable (StoredBrands, inout BrandsDraft) throws -> Edited
    ) async throws -> StoredBrands {
        let shown = sections.configuration.brands
        let sourceCheck = newSourceCheck()
        let now = clock()
        let kept = try await store.changeBrands(at: now, by: author) { kept in
            let kept = try Self.base(kept, shown: shown)
            var draft = try BrandsDraft(documents: kept.brands.map { ($0.document, $0.sections.map(\.document)) })
            let edited = try edit(kept, &draft)
            let brands: [Brand]
            do {
                brands = try draft.read(origin: "request body", sourceCheck: sourceCheck)
            } catch let error as ConfigurationError {
                throw Self.refusal(error, draft: draft, edited: edited)
            }
            try Self.checkFiles(brands, kept: try kept.read())
            return try brands.map(BrandDocument.init)
        }
        sections.show(brands: try kept.read(), version: kept.version)
        // The log keeps `admin.audit_keep`; what is older goes as changes come.
        do {
            _ = try await store.pruneAudit(
                before: now.addingTimeInterval(-sections.environment.configuration.auditKeep))
        } catch {
            // The change is kept; old entries stay until a later change prunes them.
            logger.warning("admin: could not remove audit entries older than admin.audit_keep: \(error)")
        }
        return kept
    }

    /// Who makes a change, as the audit log names them: the API key's name, and the request.
    func author(_ request: Request, _ context: TidingsRequestContext) -> BrandsAuthor {
        let key = context.apiKey
        return BrandsAuthor(
            actor: key?.name ?? "unknown",
            action: "\(request.method) \(request.uri.path)\(key.map { " (key \($0.id))" } ?? "")")
    }

    /// A reader's mistake as 422: in the edited document, named by its key path there (`source.url`);
    /// elsewhere (a widget naming a section the change removed), by brand, section and path.
    static func refusal(_ error: ConfigurationError, draft: BrandsDraft, edited: Edited) -> HTTPAPIError {
        guard let path = error.path, let problem = error.problem else {
            return invalid(error.message.replacingOccurrences(of: "config: request body: ", with: ""), field: nil)
        }
        let (brand, section, field) = draft.locate(path)
        if brand == edited.brand, section == edited.section {
            return invalid("\(field.isEmpty ? "body" : field) \(problem)", field: field.isEmpty ? nil : field)
        }
        if edited.section == nil, brand == edited.brand, let section {
            return invalid("sections[\(section)].\(field) \(problem)", field: "sections.\(section).\(field)")
        }
        let place = [brand, section].compactMap { $0 }.joined(separator: "/")
        return invalid("this change would leave \(place): \(field) \(problem)", field: nil)
    }

    // MARK: Helpers

    static func names(_ context: TidingsRequestContext) throws -> (brand: String, section: String?) {
        (context.parameters.get("brand") ?? "", context.parameters.get("section"))
    }

    /// The request body: one JSON object (400 otherwise), as text (a document is made of it
    /// where it is read: documents do not cross tasks).
    static func body(_ request: Request, _ context: TidingsRequestContext) async throws -> String {
        let type = request.headers[.contentType]
        guard let type, JSONMediaType.matches(type) else { throw JSONMediaType.refusal(type) }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let text = String(buffer: buffer)
        _ = try node(text)
        return text
    }

    /// A request body as a document: one JSON object (400 otherwise).
    static func node(_ text: String) throws -> EditedDocument {
        do {
            return try EditedDocument(json: Array(text.utf8), origin: "request body")
        } catch let error as ConfigurationError {
            throw HTTPAPIError(
                .badRequest, code: "malformed_json",
                message: "api: " + error.message.replacingOccurrences(of: "config: ", with: ""))
        }
    }

    /// `node` with `id` set to the one in the path; a body naming another is refused (an id does
    /// not change: make the new one and delete the old).
    static func withID(_ document: EditedDocument, _ id: String, kind: String) throws -> EditedDocument {
        guard let identified = document.identified(as: id) else {
            throw invalid("id cannot change (the \(kind) is \(id))", field: "id")
        }
        return identified
    }

    static func kept(_ kept: StoredBrands, brand: String) throws -> StoredBrand {
        guard let found = kept.brands.first(where: { $0.id == brand }) else { throw noBrand(brand) }
        return found
    }

    static func kept(_ kept: StoredBrands, brand: String, section: String) throws -> StoredSection {
        guard let found = try Self.kept(kept, brand: brand).sections.first(where: { $0.id == section }) else {
            throw noSection(brand, section)
        }
        return found
    }

    /// The versions `If-Match` names (nil for `*`); 428 without the header.
    static func ifMatch(_ request: Request) throws -> Set<Int64>? {
        guard let header = request.headers[.ifMatch] else {
            throw HTTPAPIError(
                .preconditionRequired, code: "precondition_required",
                message:
                    "api: send If-Match with the ETag of the document you changed (from GET), or If-Match: * to overwrite whatever is kept"
            )
        }
        var versions: Set<Int64> = []
        for part in header.split(separator: ",") {
            var tag = part.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return nil }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            if tag.count >= 2, tag.first == "\"", tag.last == "\"", let version = Int64(tag.dropFirst().dropLast()) {
                versions.insert(version)
            }
        }
        return versions
    }

    /// 412 with the kept version when `given` does not name it.
    static func check(_ given: Set<Int64>?, _ version: Int64, what: String) throws {
        guard let given, !given.contains(version) else { return }
        var error = HTTPAPIError(
            .preconditionFailed, code: "precondition_failed",
            message:
                "api: \(what) was changed since you read it: it is at version \(version) now (ETag \"\(version)\"); read it again and make your change on that"
        )
        error.headers[.eTag] = "\"\(version)\""
        throw error
    }

    static func invalid(_ message: String, field: String?) -> HTTPAPIError {
        HTTPAPIError(.unprocessableContent, code: "validation_failed", message: "api: " + message, field: field)
    }

    static func noBrand(_ id: String) -> HTTPAPIError {
        HTTPAPIError(.notFound, code: "not_found", message: "api: no brand \(id) is kept")
    }

    static func noSection(_ brand: String, _ id: String) -> HTTPAPIError {
        HTTPAPIError(.notFound, code: "not_found", message: "api: brand \(brand) has no section \(id)")
    }

    /// A kept document as JSON, with its version as the ETag.
    static func document(_ yaml: String, version: Int64, status: HTTPResponse.Status) throws -> Response {
        let text = try BrandsDraft.json(yaml: yaml)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .eTag: "\"\(version)\""],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: try TidingsJSON.encoder().encode(value))))
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TidingsModel
import TidingsSections
import TidingsStore

/// `/api/v1/admin/brands/{brand}/sections/{section}/…`: the newsroom's decisions on single
/// stories of a section read from sources — pin one at a place (until a time, or until unpinned),
/// hide one (with a reason) and bring it back. A decision is one transaction, raises the brands'
/// version (every server shows it within a second, this one before it answers), is written to
/// the audit log and is announced on the section's live stream (`event: arranged`). `If-Match`
/// is optional here: a story's decision is set whole, so the last one wins unless the editor
/// sends the `ETag` they saw (then 412 when another came first).
extension AdminController {
    func addEditorialRoutes(
        reads: RouterGroup<TidingsRequestContext>, writes: RouterGroup<TidingsRequestContext>
    ) {
        let section = "/api/v1/admin/brands/{brand}/sections/{section}"
        reads.get("\(section)/stories", use: listStories)
        writes.put("\(section)/pins/{item}", use: pin)
        writes.delete("\(section)/pins/{item}", use: unpin)
        writes.put("\(section)/hidden/{item}", use: hide)
        writes.delete("\(section)/hidden/{item}", use: unhide)
    }

    /// The section's newest stories (`limit`, default 50, at most 200) with what the newsroom
    /// decided for each, and every pin and hidden story of the section.
    @Sendable func listStories(request: Request, context: TidingsRequestContext) async throws -> Response {
        let (brandID, section) = try Self.names(context)
        let limit = try request.limit(standard: 50, maximum: 200)
        return try Self.json(try await storyList(brand: brandID, section: section ?? "", limit: limit), status: .ok)
    }

    /// The newest `limit` stories of a kept section with the decision on each, and the section's
    /// every pin and hidden story (a pinned story may be older than the newest).
    func storyList(brand brandID: String, section sectionID: String, limit: Int) async throws -> AdminStories {
        let kept = try await kept()
        _ = try Self.kept(kept, brand: brandID, section: sectionID)
        let now = clock()
        let decisions = kept.actions.filter {
            $0.brand == brandID && $0.section == sectionID && !$0.expired(at: now)
        }
        let key = SectionKey(brand: brandID, section: sectionID)
        let entries = try await store.entries(section: key, afterSeq: nil, limit: limit)
        var titles: [String: String] = [:]
        let decoder = TidingsJSON.decoder()
        var stories: [AdminStory] = []
        for entry in entries {
            guard case .teaser(let teaser) = entry.record.item(decoder) else { continue }
            titles[entry.itemID] = teaser.title
            stories.append(
                AdminStory(
                    id: entry.itemID, title: teaser.title, url: teaser.url,
                    publishedAt: teaser.publishedAt ?? entry.firstSeenAt,
                    decision: decisions.first { $0.item == entry.itemID }.map { AdminDecision($0) },
                    alsoFrom: entry.alsoFrom.isEmpty ? nil : entry.alsoFrom))
        }
        for decision in decisions where titles[decision.item] == nil {
            if case .teaser(let teaser) = try await store.entry(section: key, itemID: decision.item)?.record.item() {
                titles[decision.item] = teaser.title
            }
        }
        return AdminStories(
            pins: decisions.filter { $0.decision.kind == "pin" }.map { AdminDecision($0, title: titles[$0.item]) },
            hidden: decisions.filter { $0.decision.kind == "hide" }.map { AdminDecision($0, title: titles[$0.item]) },
            stories: stories)
    }

    /// `PUT …/pins/{item}` `{"position": 1, "until": "2026-12-02T23:59:00Z"}`.
    @Sendable func pin(request: Request, context: TidingsRequestContext) async throws -> Response {
        let body = try await Self.fields(PinBody.self, request, context)
        let decision = try pinning(position: body.position, until: body.until)
        return try await decide(request, context, decision)
    }

    /// The decision that pins a story at `position` (1-based) until `until` (ISO 8601, or for
    /// good), refused (422, 409) as the API and the console refuse it.
    func pinning(position: Int?, until text: String?) throws -> Decision {
        guard let position else {
            throw Self.invalid(
                "position is required: a whole number from 1 (the top story, under the cards)", field: "position")
        }
        guard (1...1_000).contains(position) else {
            throw Self.invalid("position must be from 1 to 1000, not \(position)", field: "position")
        }
        var until: Date?
        if let text {
            guard let date = try? Date(text, strategy: .iso8601) else {
                throw Self.invalid("until must be a time such as 2026-12-02T23:59:00Z, not \(text)", field: "until")
            }
            guard date > clock() else {
                throw Self.invalid("until (\(text)) has passed: a pin ends in the future", field: "until")
            }
            until = date
        }
        let end = until
        return { kept, current, brandID, sectionID, item in
            let place = position - 1
            let others = kept.actions.filter {
                $0.brand == brandID && $0.section == sectionID && $0.item != item && !$0.expired(at: self.clock())
                    && $0.decision.kind == "pin"
            }
            if let clash = others.first(where: { if case .pin(place, _) = $0.decision { true } else { false } }) {
                throw HTTPAPIError(
                    .conflict, code: "conflict",
                    message:
                        "api: position \(position) already holds story \(clash.item); unpin it first or choose another",
                    field: "position")
            }
            if others.count >= Editorial.pinLimit {
                throw Self.invalid(
                    "a section holds at most \(Editorial.pinLimit) pins; unpin one first", field: "position")
            }
            return .pin(place: place, until: end)
        }
    }

    /// `DELETE …/pins/{item}`.
    @Sendable func unpin(request: Request, context: TidingsRequestContext) async throws -> Response {
        try await take(back: "pin", request, context)
    }

    /// `PUT …/hidden/{item}` `{"reason": "legal: court order 12/2026"}`.
    @Sendable func hide(request: Request, context: TidingsRequestContext) async throws -> Response {
        let body = try await Self.fields(HideBody.self, request, context)
        return try await decide(request, context, try Self.hiding(reason: body.reason))
    }

    /// The decision that hides a story for `reason` (1–500 characters, for the audit log).
    static func hiding(reason text: String?) throws -> Decision {
        guard let reason = text?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty
        else {
            throw Self.invalid("reason is required: why the story is hidden, for the audit log", field: "reason")
        }
        guard reason.count <= 500 else {
            throw Self.invalid("reason is \(reason.count) characters; at most 500", field: "reason")
        }
        return { _, _, _, _, _ in .hide(reason: reason) }
    }

    /// `DELETE …/hidden/{item}`.
    @Sendable func unhide(request: Request, context: TidingsRequestContext) async throws -> Response {
        try await take(back: "hide", request, context)
    }

    // MARK: The one way a decision is made

    /// What a decision becomes, given what is kept, the story's decision now, and the brand,
    /// section and story: the new decision (nil: none), or a refusal thrown.
    typealias Decision = @Sendable (StoredBrands, StoredAction?, String, String, String) throws -> ActionDecision?

    /// What `If-Match` asked of a decision: nothing, that the story has one (`*`), or one of
    /// these versions.
    enum DecisionCondition: Sendable {
        case none
        case exists
        case versions(Set<Int64>)
    }

    /// Takes back the story's decision of `kind` (204); 404 when there is none.
    private func take(back kind: String, _ request: Request, _ context: TidingsRequestContext) async throws
        -> Response
    {
        _ = try await decide(request, context, mustExist: kind) { _, _, _, _, _ in nil }
        return Response(status: .noContent)
    }

    /// ``decide(brand:section:item:by:logger:condition:mustExist:_:)`` for the story the request's path
    /// names, answered as the API answers: the decision (201 new of its kind, 200 changed) with
    /// its ETag, or 204 when none is left.
    private func decide(
        _ request: Request, _ context: TidingsRequestContext, mustExist kind: String? = nil,
        _ decision: @escaping Decision
    ) async throws -> Response {
        let (brandID, sectionID, item) = try Self.story(context)
        // Optional here: none without the header, `exists` for `*`.
        var condition = DecisionCondition.none
        if request.headers[.ifMatch] != nil {
            condition = try Self.ifMatch(request).map(DecisionCondition.versions) ?? .exists
        }
        let (action, hadKind) = try await decide(
            brand: brandID, section: sectionID, item: item, by: author(request, context), logger: context.logger,
            condition: condition, mustExist: kind, decision)
        guard let action else { return Response(status: .noContent) }
        let title: String?
        if case .teaser(let teaser) = try await store.entry(
            section: SectionKey(brand: brandID, section: sectionID), itemID: item)?.record.item()
        {
            title = teaser.title
        } else {
            title = nil
        }
        let status: HTTPResponse.Status = hadKind == action.decision.kind ? .ok : .created
        var response = try Self.json(AdminDecision(action, title: title), status: status)
        response.headers[HTTPField.Name.eTag] = "\"\(action.version)\""
        return response
    }

    /// Sets one story's decision in one transaction, made by `author` (the API's and the
    /// console's one way): `decision` returns the new one (nil: none) or throws. The section must
    /// be kept and read from sources, and the story in it; with `mustExist`, the story must have
    /// a decision of that kind now. Returns the decision kept and the kind the story had before.
    func decide(
        brand brandID: String, section sectionID: String, item: String, by author: BrandsAuthor, logger: Logger,
        condition: DecisionCondition = .none, mustExist kind: String? = nil, _ decision: @escaping Decision
    ) async throws -> (action: StoredAction?, hadKind: String?) {
        _ = try await sourceSection(brand: brandID, section: sectionID, "pins and hides apply to")
        let key = SectionKey(brand: brandID, section: sectionID)
        if kind == nil, try await store.entry(section: key, itemID: item) == nil {
            throw Self.invalid("story \(item) is not in section \(brandID)/\(sectionID)", field: "item")
        }
        // The demo's brands are shown without being kept: the first decision keeps them.
        if try await store.brandsVersion() == 0 {
            _ = try await change(by: author, logger: logger) { _, _ in (brand: nil, section: nil) }
        }
        let now = clock()
        // Whether the story had a decision of the kind it has now (200) or not (201).
        let hadKind = Locked<String?>(nil)
        let (kept, action) = try await store.changeAction(
            brand: brandID, section: sectionID, item: item, at: now, by: author
        ) { kept, stored in
            _ = try Self.kept(kept, brand: brandID, section: sectionID)
            let current = stored.flatMap { $0.expired(at: now) ? nil : $0 }
            hadKind.withLock { $0 = current?.decision.kind }
            if let kind, current?.decision.kind != kind {
                throw HTTPAPIError(
                    .notFound, code: "not_found",
                    message:
                        "api: story \(item) of \(brandID)/\(sectionID) is not \(kind == "pin" ? "pinned" : "hidden")")
            }
            switch condition {
            case .none: break
            case .exists:
                if current == nil {
                    throw HTTPAPIError(
                        .preconditionFailed, code: "precondition_failed",
                        message: "api: If-Match: * but story \(item) has no decision of the newsroom")
                }
            case .versions(let given):
                try Self.check(given, current?.version ?? 0, what: "the decision on story \(item)")
            }
            return try decision(kept, current, brandID, sectionID, item)
        }
        sections.show(brands: try kept.read(), version: kept.version)
        return (action, hadKind.current)
    }

    /// The shown section `brand/section`, which must be read from sources for what `applies`
    /// (the refusal's start: "pins and hides apply to"): 404 when it is neither shown nor kept,
    /// 422 when it shows the catalog's news or a web page.
    func sourceSection(brand brandID: String, section sectionID: String, _ applies: String) async throws -> Section {
        guard let section = sections.configuration.brand(brandID)?.section(sectionID) else {
            _ = try Self.kept(try await kept(), brand: brandID, section: sectionID)
            throw Self.noSection(brandID, sectionID)
        }
        guard section.takesEditorialDecisions else {
            throw Self.invalid(
                "\(applies) sections read from sources; \(brandID)/\(sectionID) shows \(section.source == .catalog ? "the catalog's news" : "a web page")",
                field: nil)
        }
        return section
    }

    /// The brand, section (and story) the path names.
    static func story(_ context: TidingsRequestContext) throws -> (String, String, String) {
        let brand = context.parameters.get("brand") ?? ""
        let section = context.parameters.get("section") ?? ""
        let raw = context.parameters.get("item") ?? ""
        let story = raw.removingPercentEncoding ?? raw
        if story.isEmpty || story.utf8.count > 200 {
            throw invalid("a story is named by its item id (the `id` of a teaser in the section)", field: "item")
        }
        return (brand, section, story)
    }

    /// A JSON object body as `Body`: 400 when it is not one object, 422 naming an unknown field or
    /// one of the wrong type.
    static func fields<Body: EditorialBody>(_ type: Body.Type, _ request: Request, _ context: TidingsRequestContext)
        async throws -> Body
    {
        let data = Data(try await body(request, context).utf8)
        let object = (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        if let unknown = object.keys.sorted().first(where: { !Body.fields.contains($0) }) {
            throw invalid(
                "\(unknown) is not a field here (known: \(Body.fields.sorted().joined(separator: ", ")))",
                field: unknown)
        }
        do {
            return try JSONDecoder().decode(Body.self, from: data)
        } catch let error as DecodingError {
            let path: [any CodingKey]
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                path = context.codingPath
            @unknown default: path = []
            }
            // Foundation leaves the path out for some mistakes (1.5 for a whole number): the
            // field is then the one that does not decode alone.
            let field =
                path.first?.stringValue
                ?? object.keys.sorted().first { key in
                    let alone = try? JSONSerialization.data(withJSONObject: [key: object[key]!])
                    return alone.map { (try? JSONDecoder().decode(Body.self, from: $0)) == nil } ?? false
                }
            throw invalid("\(field ?? "body") \(Body.expected[field ?? ""] ?? "has the wrong type")", field: field)
        }
    }
}

/// A decision's body, with the fields it knows and what each must be.
protocol EditorialBody: Decodable {
    static var fields: Set<String> { get }
    static var expected: [String: String] { get }
}

/// `PUT …/pins/{item}`.
struct PinBody: EditorialBody {
    var position: Int?
    var until: String?
    static let fields: Set<String> = ["position", "until"]
    static let expected = [
        "position": "must be a whole number from 1 (the top story, under the cards)",
        "until": "must be a time such as 2026-12-02T23:59:00Z, or null",
    ]
}

/// `PUT …/hidden/{item}`.
struct HideBody: EditorialBody {
    var reason: String?
    static let fields: Set<String> = ["reason"]
    static let expected = ["reason": "must be text: why the story is hidden"]
}

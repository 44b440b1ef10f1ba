import Foundation
import HTTPTypes
import Hummingbird
import Logging
import TidingsIngest
import TidingsModel
import TidingsSections
import TidingsStore

/// `/api/v1/admin/brands/{brand}/sections/{section}/splits|merges/{item}`: the newsroom corrects
/// the stories grouping made (issue 42) — takes a telling out of a story that is not its own, or
/// makes two stories one. A correction is one transaction, written to the audit log, announced
/// on the section's live stream as the stories' items changing, and kept: later tellings and
/// rebuilds never undo it (`docs/admin.md`).
extension AdminController {
    func addStoryRoutes(writes: RouterGroup<TidingsRequestContext>) {
        let section = "/api/v1/admin/brands/{brand}/sections/{section}"
        writes.put("\(section)/splits/{item}", use: split)
        writes.put("\(section)/merges/{item}", use: merge)
    }

    /// `PUT …/splits/{item}` `{"reason": "two different floods"}` (reason optional).
    @Sendable func split(request: Request, context: TidingsRequestContext) async throws -> Response {
        let body = try await Self.fields(SplitBody.self, request, context)
        let (brandID, sectionID, item) = try Self.story(context)
        let edit = try await editStories(
            brand: brandID, section: sectionID, .split(item: item), reason: body.reason,
            by: author(request, context))
        return try Self.json(edit, status: .ok)
    }

    /// `PUT …/merges/{item}` `{"with": "<item id of a telling of the other story>", "reason": …}`.
    @Sendable func merge(request: Request, context: TidingsRequestContext) async throws -> Response {
        let body = try await Self.fields(MergeBody.self, request, context)
        let (brandID, sectionID, item) = try Self.story(context)
        let other = body.with?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !other.isEmpty, other.utf8.count <= 200 else {
            throw Self.invalid("with is required: the item id of a telling of the story to merge with", field: "with")
        }
        let edit = try await editStories(
            brand: brandID, section: sectionID, .merge(item: item, with: other), reason: body.reason,
            by: author(request, context))
        return try Self.json(edit, status: .ok)
    }

    /// Makes `edit` on a section read from sources whose stories are grouped (the API's and the
    /// console's one way), refused (404, 422) as the API refuses it.
    func editStories(
        brand brandID: String, section sectionID: String, _ edit: StoryEdit, reason text: String?,
        by author: BrandsAuthor
    ) async throws -> AdminStoryEdit {
        _ = try await sourceSection(brand: brandID, section: sectionID, "stories are grouped in")
        guard let rule = sections.configuration.grouping.rule else {
            throw Self.refused("grouping_off", "stories are not grouped on this server (grouping.enabled is false)")
        }
        let reason = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let reason, reason.count > 500 {
            throw Self.invalid("reason is \(reason.count) characters; at most 500", field: "reason")
        }
        do {
            let key = SectionKey(brand: brandID, section: sectionID)
            let outcome = try await store.editStories(
                section: key, edit, rule: rule, reason: reason?.isEmpty == false ? reason : nil, at: clock(),
                by: author)
            // This server's pages and live readers now; other servers' through the change announced.
            sections.contentChanged(sections: [key])
            var with: String?
            if case .merge(_, let other) = edit { with = other }
            return AdminStoryEdit(
                kind: edit.kind, item: edit.item, with: with, reason: reason?.isEmpty == false ? reason : nil,
                before: outcome.before, after: outcome.after)
        } catch let refusal as StoryEditRefusal {
            let field = { (item: String) in item == edit.item ? "item" : "with" }
            switch refusal {
            case .noItem(let item):
                throw Self.invalid("story \(item) is not in section \(brandID)/\(sectionID)", field: field(item))
            case .ungrouped(let item):
                throw Self.refused(
                    "not_grouped",
                    "story \(item) is in no story: only teasers are grouped, and only those stored while grouping was on",
                    field: field(item))
            case .toldOnce(let item):
                throw Self.refused("told_once", "story \(item) is told once: there is nothing to split it from")
            case .together(let item, let other):
                throw Self.refused("one_story", "\(item) and \(other) are one story already", field: "with")
            }
        }
    }

    /// 422 with a code of its own, which the console turns into its words.
    static func refused(_ code: String, _ message: String, field: String? = nil) -> HTTPAPIError {
        HTTPAPIError(.unprocessableContent, code: code, message: "api: " + message, field: field)
    }
}

/// What a split or merge did: the stories it touched before and after, each its tellings' item
/// ids with the one shown first.
struct AdminStoryEdit: Encodable {
    var kind: String
    var item: String
    var with: String?
    var reason: String?
    var before: [[String]]
    var after: [[String]]
}

/// `PUT …/splits/{item}`.
struct SplitBody: EditorialBody {
    var reason: String?
    static let fields: Set<String> = ["reason"]
    static let expected = ["reason": "must be text: why the telling is not this story"]
}

/// `PUT …/merges/{item}`.
struct MergeBody: EditorialBody {
    var with: String?
    var reason: String?
    static let fields: Set<String> = ["with", "reason"]
    static let expected = [
        "with": "must be text: the item id of a telling of the story to merge with",
        "reason": "must be text: why the two are one story",
    ]
}

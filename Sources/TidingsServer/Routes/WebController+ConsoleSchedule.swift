import Foundation
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsWeb

/// The console's schedule of a section's placements: each ad rule, widget and card with its
/// start and end, read from and written back into the section's kept document.
extension WebController {
    /// The schedule form: `start.KEY` and `end.KEY` for each rule (`ads`, `widget.N`, `card.N`),
    /// as `datetime-local` values read as UTC, empty for no limit. The section's document is
    /// changed whole at the form's version (412 when another change came first) and read by the
    /// file's reader, as a `PUT` of the API is.
    @Sendable func consoleSchedule(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: nil, form: true) { web, session, form in
            let brandID = context.parameters.get("brand") ?? ""
            let sectionID = context.parameters.get("section") ?? ""
            let admin = self.admin
            do {
                let kept = try AdminController.kept(try await admin.kept(), brand: brandID, section: sectionID)
                var document = try Self.jsonDocument(kept.document)
                Self.schedule(&document, form)
                let text = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
                _ = try await admin.editSection(
                    brand: brandID, section: sectionID, with: text, given: [Int64(form["version"] ?? "") ?? -1],
                    replacing: true,
                    by: BrandsAuthor(
                        actor: session.keyName,
                        action: "console: schedule \(brandID)/\(sectionID) (key \(session.keyID))"),
                    logger: context.logger)
            } catch let refusal as HTTPAPIError {
                guard refusal.status != .notFound else { throw WebFailure(.notFound, web.text(.notFoundSection)) }
                var alert: String =
                    switch refusal.status {
                    case .preconditionFailed: ConsoleWord.errorSectionChanged.text(web.language)
                    case .unprocessableContent: ConsoleWord.errorSchedule.text(web.language)
                    default: ConsoleWord.errorChanged.text(web.language)
                    }
                if refusal.status == .unprocessableContent, let field = refusal.body.error.field {
                    alert += " (\(field))"
                }
                return try await consoleSectionPage(
                    request, context, web, session, notice: nil, alert: alert, status: refusal.status)
            }
            let back = "/admin/\(WebContext.escape(brandID))/\(WebContext.escape(sectionID))"
            return Response(status: .seeOther, headers: [.location: web.link(back, [("done", "schedule")])])
        }
    }

    /// A kept document (YAML) as the JSON object the admin API reads and writes.
    static func jsonDocument(_ yaml: String) throws -> [String: Any] {
        let text = try BrandsDraft.json(yaml: yaml)
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// The rules of a section document's `placement` that take a schedule: its ads rule (unless
    /// `off`), each widget, each notification card.
    static func scheduleRules(_ document: [String: Any]) -> [ConsoleSectionPage.Rule] {
        let placement = document["placement"] as? [String: Any] ?? [:]
        func date(_ rule: [String: Any], _ key: String) -> Date? {
            (rule[key] as? String).flatMap { try? Date($0, strategy: .iso8601) }
        }
        var rules: [ConsoleSectionPage.Rule] = []
        if let ads = placement["ads"] as? [String: Any] {
            rules.append(.init(key: "ads", kind: .ads, start: date(ads, "start"), end: date(ads, "end")))
        }
        for (index, widget) in (placement["widgets"] as? [[String: Any]] ?? []).enumerated() {
            rules.append(
                .init(
                    key: "widget.\(index)",
                    kind: .widget(kind: widget["kind"] as? String ?? "", position: widget["position"] as? Int ?? 0),
                    start: date(widget, "start"), end: date(widget, "end")))
        }
        for (index, card) in (placement["notifications"] as? [[String: Any]] ?? []).enumerated() {
            rules.append(
                .init(
                    key: "card.\(index)", kind: .card(id: card["id"] as? String ?? ""), start: date(card, "start"),
                    end: date(card, "end")))
        }
        return rules
    }

    /// Sets the start and end of each rule the form names in `document`: an empty field removes
    /// it, a time that names the instant already kept leaves the kept text as it is.
    static func schedule(_ document: inout [String: Any], _ form: [String: String]) {
        guard var placement = document["placement"] as? [String: Any] else { return }
        func apply(_ rule: inout [String: Any], _ key: String) {
            for end in ["start", "end"] {
                guard let given = form["\(end).\(key)"]?.trimmingCharacters(in: .whitespaces) else { continue }
                if given.isEmpty {
                    rule[end] = nil
                    continue
                }
                let text = Self.utc(given)
                let kept = (rule[end] as? String).flatMap { try? Date($0, strategy: .iso8601) }
                if let kept, kept == (try? Date(text, strategy: .iso8601)) { continue }
                rule[end] = text
            }
        }
        if var ads = placement["ads"] as? [String: Any] {
            apply(&ads, "ads")
            placement["ads"] = ads
        }
        for list in ["widgets", "notifications"] {
            guard var rules = placement[list] as? [[String: Any]] else { continue }
            for index in rules.indices {
                apply(&rules[index], "\(list == "widgets" ? "widget" : "card").\(index)")
            }
            placement[list] = rules
        }
        document["placement"] = placement
    }
}

import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsWeb

/// The newsroom console at `/admin` (issue 38): an editor signs in with an admin API key and
/// gets a session cookie (HttpOnly, SameSite=Strict, Secure behind TLS, 12 hours, ended by
/// signing out or by revoking the key); every form carries the session's token. Plain forms
/// that work without a script; every change goes through the admin API's own code
/// (``AdminController``), so it is validated, audited and shown on every server alike.
extension WebController {
    static let consoleCookie = "tidings_console"
    /// How long a console session lasts from signing in.
    static let consoleLifetime: TimeInterval = 12 * 3600

    func addConsoleRoutes(to router: Router<TidingsRequestContext>) {
        router.get("/admin", use: consoleHome)
        router.post("/admin/sign-in", use: consoleSignIn)
        router.post("/admin/sign-out", use: consoleSignOut)
        router.get("/admin/audit", use: consoleAudit)
        router.get("/admin/sources", use: consoleSources)
        router.post("/admin/sources", use: consoleFetchNow)
        router.get("/admin/:brand/:section", use: consoleSection)
        router.post("/admin/:brand/:section/stories/:item", use: consoleDecide)
        router.post("/admin/:brand/:section/render", use: consoleRender)
        router.post("/admin/:brand/:section/schedule", use: consoleSchedule)
    }

    var admin: AdminController { AdminController(sections: sections) }

    // MARK: Signing in and out

    @Sendable func consoleHome(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: "brands") { web, session, _ in
            consoleHTML(renderer.render(ConsoleHomePage(context: web, session: session)), status: .ok)
        }
    }

    @Sendable func consoleSignIn(request: Request, context: TidingsRequestContext) async throws -> Response {
        let web = webContext(request, brand: nil)
        if Self.crossSite(request) { return consoleSignInPage(web, alert: web.text(.forbidden), status: .forbidden) }
        let form = try await Self.form(request, context)
        let secret = form["key"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        do {
            guard !secret.isEmpty, secret.utf8.count <= 256,
                let key = try await sections.store.apiKey(hash: APIKeys.hash(secret)), key.revokedAt == nil,
                key.scope.allows(.admin)
            else {
                context.logger.notice("console: a sign-in was refused")
                return consoleSignInPage(web, alert: ConsoleWord.badKey.text(web.language), status: .unauthorized)
            }
            let token = Hex.random(32)
            let now = clock()
            try await sections.store.startSession(
                tokenHash: APIKeys.hash(token), keyID: key.id, csrf: Hex.random(32), at: now,
                expires: now.addingTimeInterval(Self.consoleLifetime))
            context.logger.info("console: key \(key.id) (\(key.name)) signed in")
            var response = Response(status: .seeOther, headers: [.location: web.link("/admin")])
            response.setCookie(
                Cookie(
                    name: Self.consoleCookie, value: token, maxAge: Int(Self.consoleLifetime), path: "/admin",
                    secure: Self.behindTLS(request), httpOnly: true, sameSite: .strict))
            return response
        } catch let error as StoreUnavailable {
            return consoleUnavailable(web, error, context)
        }
    }

    @Sendable func consoleSignOut(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: nil, form: true) { web, _, _ in
            if let token = Self.consoleToken(request) {
                try await sections.store.endSession(tokenHash: APIKeys.hash(token))
            }
            var response = Response(status: .seeOther, headers: [.location: web.link("/admin")])
            response.setCookie(Self.endedCookie(request))
            return response
        }
    }

    // MARK: Pages

    @Sendable func consoleAudit(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: "audit") { web, session, _ in
            let before = request.uri.queryParameters["before"].flatMap { Int64(String($0)) }
            let pageSize = 50
            let entries = try await sections.store.auditEntries(AuditQuery(before: before, limit: pageSize + 1))
            let shown = entries.prefix(pageSize)
            let page = ConsoleAuditPage(
                context: web, session: session,
                entries: shown.map {
                    ConsoleAuditPage.Entry(
                        at: $0.at, actor: $0.actor, kind: $0.kind, target: $0.target, action: $0.action)
                }, older: entries.count > pageSize ? shown.last?.id : nil)
            return consoleHTML(renderer.render(page), status: .ok)
        }
    }

    @Sendable func consoleSources(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: "sources") { web, session, _ in
            let notice =
                request.uri.queryParameters["done"] == "fetch" ? ConsoleWord.doneFetch.text(web.language) : nil
            let sources = try await admin.sourceList().map { source in
                ConsoleSourcesPage.Source(
                    id: source.id, location: source.url ?? source.path ?? source.id, format: source.format,
                    sections: source.sections, lastStatus: source.lastStatus, lastError: source.lastError,
                    lastSuccessAt: source.lastSuccessAt, nextFetchAt: source.nextFetchAt, failures: source.failures)
            }
            return consoleHTML(
                renderer.render(ConsoleSourcesPage(context: web, session: session, sources: sources, notice: notice)),
                status: .ok)
        }
    }

    /// "Fetch now": the form names the source by its id.
    @Sendable func consoleFetchNow(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: "sources", form: true) { web, session, form in
            let id = form["source"] ?? ""
            do {
                try await admin.fetchNow(id)
            } catch let refusal as HTTPAPIError where refusal.status == .notFound {
                throw WebFailure(.notFound, web.text(.notFoundPage))
            }
            context.logger.info("console: key \(session.keyID) (\(session.keyName)) asked to fetch \(id) now")
            return Response(status: .seeOther, headers: [.location: web.link("/admin/sources", [("done", "fetch")])])
        }
    }

    @Sendable func consoleSection(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: nil) { web, session, _ in
            let done = request.uri.queryParameters["done"].map(String.init)
            let notice: String? =
                switch done {
                case "pin": ConsoleWord.donePin.text(web.language)
                case "unpin": ConsoleWord.doneUnpin.text(web.language)
                case "hide": ConsoleWord.doneHide.text(web.language)
                case "unhide": ConsoleWord.doneUnhide.text(web.language)
                case "split": ConsoleWord.doneSplit.text(web.language)
                case "merge": ConsoleWord.doneMerge.text(web.language)
                case "render": ConsoleWord.doneRender.text(web.language)
                case "schedule": ConsoleWord.doneSchedule.text(web.language)
                default: nil
                }
            return try await consoleSectionPage(request, context, web, session, notice: notice, alert: nil, status: .ok)
        }
    }

    /// A story's form: `do` is `pin` (with `position`, and `until` as the browser's local date
    /// and time, read as UTC), `unpin`, `hide` (with `reason`), `unhide`, `split` (the story's
    /// telling out of its story) or `merge` (with `with`, another story's item id).
    @Sendable func consoleDecide(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: nil, form: true) { web, session, form in
            let brandID = context.parameters.get("brand") ?? ""
            let sectionID = context.parameters.get("section") ?? ""
            let raw = context.parameters.get("item") ?? ""
            let item = raw.removingPercentEncoding ?? raw
            let what = form["do"] ?? ""
            let author = BrandsAuthor(
                actor: session.keyName,
                action: "console: \(what) \(brandID)/\(sectionID)/\(item) (key \(session.keyID))")
            let admin = self.admin
            do {
                switch what {
                case "pin":
                    let position = form["position"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                    let decision = try admin.pinning(position: position, until: try Self.until(form["until"]))
                    _ = try await admin.decide(
                        brand: brandID, section: sectionID, item: item, by: author, logger: context.logger, decision)
                case "hide":
                    let decision = try AdminController.hiding(reason: form["reason"])
                    _ = try await admin.decide(
                        brand: brandID, section: sectionID, item: item, by: author, logger: context.logger, decision)
                case "unpin", "unhide":
                    _ = try await admin.decide(
                        brand: brandID, section: sectionID, item: item, by: author, logger: context.logger,
                        mustExist: what == "unpin" ? "pin" : "hide"
                    ) { _, _, _, _, _ in nil }
                case "split":
                    _ = try await admin.editStories(
                        brand: brandID, section: sectionID, .split(item: item), reason: form["reason"], by: author)
                case "merge":
                    let other = form["with"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                    guard !other.isEmpty else {
                        throw AdminController.invalid("with is required", field: "with")
                    }
                    _ = try await admin.editStories(
                        brand: brandID, section: sectionID, .merge(item: item, with: other), reason: form["reason"],
                        by: author)
                default:
                    throw WebFailure(.badRequest, web.text(.unexpected))
                }
            } catch let refusal as HTTPAPIError {
                guard refusal.status != .notFound || refusal.body.error.field != nil || what.hasPrefix("un") else {
                    throw WebFailure(.notFound, web.text(.notFoundSection))
                }
                return try await consoleSectionPage(
                    request, context, web, session, notice: nil, alert: Self.consoleMessage(refusal, web.language),
                    status: refusal.status)
            }
            let back = "/admin/\(WebContext.escape(brandID))/\(WebContext.escape(sectionID))"
            return Response(status: .seeOther, headers: [.location: web.link(back, [("done", what)])])
        }
    }

    /// The native/web switch: `render` (`native`, `web` with `web_url`, or `auto`) for the
    /// section at `version`; a section changed since is refused (412), as the API refuses it.
    @Sendable func consoleRender(request: Request, context: TidingsRequestContext) async throws -> Response {
        await console(request, context, page: nil, form: true) { web, session, form in
            let brandID = context.parameters.get("brand") ?? ""
            let sectionID = context.parameters.get("section") ?? ""
            let way = form["render"] ?? ""
            let url = form["web_url"]?.trimmingCharacters(in: .whitespaces) ?? ""
            let author = BrandsAuthor(
                actor: session.keyName,
                action: "console: render \(way) \(brandID)/\(sectionID) (key \(session.keyID))")
            do {
                guard ["native", "web", "auto"].contains(way) else {
                    throw AdminController.invalid("render must be native, web or auto", field: "render")
                }
                // `embed` is only for web.
                var patch: [String: Any] = ["render": way]
                if way == "web" {
                    patch["web_url"] = url
                } else {
                    patch["embed"] = NSNull()
                }
                let text = String(decoding: try JSONSerialization.data(withJSONObject: patch), as: UTF8.self)
                _ = try await admin.editSection(
                    brand: brandID, section: sectionID, with: text, given: [Int64(form["version"] ?? "") ?? -1],
                    replacing: false, by: author, logger: context.logger)
            } catch let refusal as HTTPAPIError {
                guard refusal.status != .notFound else { throw WebFailure(.notFound, web.text(.notFoundSection)) }
                let word: ConsoleWord =
                    switch refusal.status {
                    case .preconditionFailed: .errorSectionChanged
                    case .unprocessableContent: .errorRender
                    default: .errorChanged
                    }
                return try await consoleSectionPage(
                    request, context, web, session, notice: nil, alert: word.text(web.language),
                    status: refusal.status)
            }
            let back = "/admin/\(WebContext.escape(brandID))/\(WebContext.escape(sectionID))"
            return Response(status: .seeOther, headers: [.location: web.link(back, [("done", "render")])])
        }
    }

    /// The section's page: its stories and the newsroom's decisions, with `notice` or `alert`.
    func consoleSectionPage(
        _ request: Request, _ context: TidingsRequestContext, _ web: WebContext, _ session: ConsoleSessionView,
        notice: String?, alert: String?, status: HTTPResponse.Status
    ) async throws -> Response {
        let brandID = context.parameters.get("brand") ?? ""
        let sectionID = context.parameters.get("section") ?? ""
        guard let brand = web.brands.first(where: { $0.id == brandID }), let section = brand.section(sectionID)
        else { throw WebFailure(.notFound, web.text(.notFoundSection)) }
        let admin = self.admin
        let list =
            section.takesEditorialDecisions
            ? try await admin.storyList(brand: brandID, section: sectionID, limit: 50)
            : AdminStories(pins: [], hidden: [], stories: [])
        let kept = try AdminController.kept(try await admin.kept(), brand: brandID, section: sectionID)
        // The address the section shows, for a switch that keeps it.
        let webURL: String? = if case .web(let url) = section.render { url.absoluteString } else { nil }
        func story(_ decision: AdminDecision) -> ConsoleSectionPage.Story {
            ConsoleSectionPage.Story(
                id: decision.item, title: decision.title ?? decision.item, publishedAt: nil,
                position: decision.position, until: decision.until, reason: decision.reason)
        }
        let page = ConsoleSectionPage(
            context: web, session: session, brand: brand, section: section, version: kept.version, webURL: webURL,
            rules: Self.scheduleRules(try Self.jsonDocument(kept.document)),
            stories: list.stories.map { entry in
                ConsoleSectionPage.Story(
                    id: entry.id, title: entry.title, publishedAt: entry.publishedAt,
                    position: entry.decision?.position, until: entry.decision?.until,
                    reason: entry.decision?.reason, alsoFrom: entry.alsoFrom ?? [])
            }, pins: list.pins.map(story), hidden: list.hidden.map(story),
            grouped: section.takesEditorialDecisions && sections.configuration.grouping.enabled, notice: notice,
            alert: alert)
        return consoleHTML(renderer.render(page), status: status)
    }

    // MARK: The session every page needs

    /// Runs `body` for a signed-in editor (a form's token checked when `form`), else shows the
    /// sign-in page; failures become the console's error pages.
    func console(
        _ request: Request, _ context: TidingsRequestContext, page: String?, form: Bool = false,
        _ body: (WebContext, ConsoleSessionView, [String: String]) async throws -> Response
    ) async -> Response {
        let web = webContext(request, brand: nil)
        do {
            var fields: [String: String] = [:]
            if form {
                if Self.crossSite(request) { throw WebFailure(.forbidden, web.text(.forbidden)) }
                fields = try await Self.form(request, context)
            }
            guard let token = Self.consoleToken(request),
                let session = try await sections.store.session(tokenHash: APIKeys.hash(token), at: clock()),
                session.key.revokedAt == nil, session.key.scope.allows(.admin)
            else {
                let hadCookie = Self.consoleToken(request) != nil
                var response = consoleSignInPage(
                    web, alert: hadCookie || form ? ConsoleWord.expired.text(web.language) : nil,
                    status: hadCookie || form ? .unauthorized : .ok)
                if hadCookie { response.setCookie(Self.endedCookie(request)) }
                return response
            }
            if form {
                guard let sent = fields["csrf"], Self.same(sent, session.csrf) else {
                    throw WebFailure(.forbidden, ConsoleWord.errorForm.text(web.language))
                }
            }
            let view = ConsoleSessionView(
                context: web, keyName: session.key.name, keyID: session.key.id, expiresAt: session.expiresAt,
                csrf: session.csrf, page: page)
            return try await body(web, view, fields)
        } catch let failure as WebFailure {
            var response = errorPage(web, failure, retry: web.link(web.path))
            response.headers[.cacheControl] = "no-store"
            return response
        } catch let error as StoreUnavailable {
            return consoleUnavailable(web, error, context)
        } catch {
            context.logger.error("console: unexpected error on \(request.uri.path): \(error)")
            return errorPage(
                web, WebFailure(.internalServerError, web.text(.unexpected)), retry: web.link(web.path))
        }
    }

    private func consoleSignInPage(_ web: WebContext, alert: String?, status: HTTPResponse.Status) -> Response {
        consoleHTML(renderer.render(ConsoleSignInPage(context: web, alert: alert)), status: status)
    }

    private func consoleUnavailable(
        _ web: WebContext, _ error: StoreUnavailable, _ context: TidingsRequestContext
    ) -> Response {
        StoreTrouble.shared.report(error, logger: context.logger)
        var response = errorPage(
            web, WebFailure(.serviceUnavailable, ConsoleWord.errorUnavailable.text(web.language)),
            retry: web.link(web.path))
        response.headers[.retryAfter] = String(error.retryAfter)
        return response
    }

    /// A console page: never kept by a browser or a proxy (it shows a session's token).
    private func consoleHTML(_ page: RenderedPage, status: HTTPResponse.Status) -> Response {
        var response = html(ServedPage(page), status: status)
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// The session cookie's value, when it has the form of one.
    static func consoleToken(_ request: Request) -> String? {
        guard let value = request.cookies[consoleCookie]?.value, value.count == 64,
            value.allSatisfy(\.isHexDigit)
        else { return nil }
        return value
    }

    /// The cookie that ends the session's cookie.
    static func endedCookie(_ request: Request) -> Cookie {
        Cookie(
            name: consoleCookie, value: "", maxAge: 0, path: "/admin", secure: behindTLS(request), httpOnly: true,
            sameSite: .strict)
    }

    /// Whether the browser reached the server over TLS (through a proxy that says so).
    static func behindTLS(_ request: Request) -> Bool {
        request.headers[HTTPField.Name("X-Forwarded-Proto")!] == "https"
    }

    /// A form another site made the browser post.
    static func crossSite(_ request: Request) -> Bool {
        request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site"
    }

    /// Two tokens compared in time that does not depend on where they differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// An `application/x-www-form-urlencoded` body (at most 64 KiB) as its fields (the last of
    /// a name wins).
    static func form(_ request: Request, _ context: TidingsRequestContext) async throws -> [String: String] {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        var components = URLComponents()
        components.percentEncodedQuery = String(buffer: buffer).replacingOccurrences(of: "+", with: "%20")
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] { fields[item.name] = item.value ?? "" }
        return fields
    }

    /// A pin's end from a `datetime-local` field (`2026-12-24T18:00`, read as UTC) or ISO 8601;
    /// nil when empty.
    static func until(_ text: String?) throws -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return utc(text)
    }

    /// A `datetime-local` value (`2026-12-24T18:00`, seconds optional) as an RFC 3339 time in
    /// UTC; anything else as it is, for the check that reads it to refuse by name.
    static func utc(_ text: String) -> String {
        if (try? Date(text, strategy: .iso8601)) != nil { return text }
        let pieces = text.split(separator: "T")
        guard pieces.count == 2 else { return text }
        let time = pieces[1].count == 5 ? pieces[1] + ":00" : pieces[1]
        return "\(pieces[0])T\(time)Z"
    }

    /// What the editor reads for a refusal of the admin API's rules, in their language.
    static func consoleMessage(_ refusal: HTTPAPIError, _ language: LanguageTag) -> String {
        let word: ConsoleWord =
            switch (refusal.status, refusal.body.error.code, refusal.body.error.field) {
            case (.conflict, _, _): .errorPositionTaken
            case (_, "told_once", _): .errorSplit
            case (_, "one_story", _): .errorMerge
            case (_, "grouping_off", _), (_, "not_grouped", _): .errorGrouping
            case (_, _, "position"): .errorPosition
            case (_, _, "until"): .errorUntil
            case (_, _, "reason"): .errorReason
            case (_, _, "item"), (_, _, "with"): .errorNotInSection
            default: .errorChanged
            }
        return word.text(language)
    }
}

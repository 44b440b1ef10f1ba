import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsSections
import TidingsStore
import TidingsTesting

/// Issue 38: `/api/v1/admin/…`, the newsroom's changes to brands and sections, over a real SQLite
/// file (and PostgreSQL where one is running).
@Suite("Admin API")
struct AdminRouteTests {
    /// One brand shown from the settings (not kept yet, as the demo's are): `news` and `sport`,
    /// both web pages, so pages need no polling.
    static let sections = SectionsConfiguration(brands: [
        Brand(
            id: "courier", name: "Courier", locale: .en,
            sections: ["news", "sport"].map {
                Section(
                    id: $0, title: LocalizedText($0.capitalized),
                    source: .web(URL(string: "https://courier.example/\($0)")!),
                    render: .web(URL(string: "https://courier.example/\($0)")!))
            })
    ])

    /// A client and headers of a key of each scope.
    struct Keys {
        var admin: HTTPFields
        var read: HTTPFields
        var write: HTTPFields
    }

    static func with(
        _ backend: TestDatabase.Backend = .sqlite, sections: SectionsConfiguration = sections,
        _ body: @Sendable (TestApp, any TestClientProtocol, Keys) async throws -> Void
    ) async throws {
        try await TestApp.with(backend, sections: sections) { app, client in
            func key(_ scope: APIKeyScope) async throws -> HTTPFields {
                let secret = APIKeys.generate()
                _ = try await app.store.createAPIKey(
                    name: "\(scope.rawValue) desk", hash: APIKeys.hash(secret), scope: scope, at: TestApp.now)
                return [.authorization: "Bearer \(secret)", .contentType: "application/json"]
            }
            try await body(
                app, client, Keys(admin: try await key(.admin), read: try await key(.read), write: app.writeHeaders))
        }
    }

    /// Sends a request and returns status, ETag and body text.
    static func send(
        _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ uri: String, _ headers: HTTPFields,
        ifMatch: String? = nil, body: String? = nil
    ) async throws -> (status: HTTPResponse.Status, etag: String?, text: String, error: APIErrorBody.Detail?) {
        var headers = headers
        if let ifMatch { headers[.ifMatch] = ifMatch }
        return try await client.execute(uri: uri, method: method, headers: headers, body: body.map { .json($0) }) {
            ($0.status, $0.headers[.eTag], $0.text, $0.apiError)
        }
    }

    static func title(_ client: any TestClientProtocol, _ section: String) async throws -> String? {
        try await client.execute(uri: "/api/v1/brands/courier/sections/\(section)", method: .get) { response in
            response.status == .ok ? try response.json(Feed.self).title : nil
        }
    }

    @Test("reads need a read or admin key, changes an admin key; an events key administers nothing")
    func scopes() async throws {
        try await Self.with { _, client, keys in
            #expect(try await Self.send(client, .get, "/api/v1/admin/brands", [:]).status == .unauthorized)
            let refused = try await Self.send(client, .get, "/api/v1/admin/brands", keys.write)
            #expect(refused.status == .forbidden)
            #expect(refused.error?.message.contains("has scope write; this needs read") == true, "\(refused.text)")
            #expect(try await Self.send(client, .get, "/api/v1/admin/brands", keys.read).status == .ok)
            let section = #"{"id":"news","title":"Front","source":{"type":"web","url":"https://courier.example/news"}}"#
            for headers in [keys.read, keys.write] {
                let put = try await Self.send(
                    client, .put, "/api/v1/admin/brands/courier/sections/news", headers, ifMatch: "*", body: section)
                #expect(put.status == .forbidden, "\(put.text)")
            }
            #expect(try await Self.title(client, "news") == "News", "nothing changed")
        }
    }

    @Test(
        "a change is shown at once; a second editor with the old ETag gets 412 and the current version; no If-Match is 428",
        arguments: TestDatabase.Backend.allCases)
    func optimisticConcurrency(backend: TestDatabase.Backend) async throws {
        if backend == .postgres, TestDatabase.postgresURL == nil { return }
        try await Self.with(backend) { app, client, keys in
            let list = try await Self.send(client, .get, "/api/v1/admin/brands", keys.read)
            #expect(list.status == .ok)
            #expect(list.text.contains(#""version":0"#) && list.text.contains(#""id":"sport""#), "\(list.text)")
            let read = try await Self.send(client, .get, "/api/v1/admin/brands/courier/sections/news", keys.read)
            #expect(read.status == .ok && read.etag == "\"0\"", "shown, not kept yet: \(read.text)")
            #expect(
                read.text
                    == #"{"id":"news","title":"News","source":{"type":"web","url":"https://courier.example/news"}}"#)
            let edited = read.text.replacingOccurrences(
                of: #""title":"News""#, with: #""title":{"en":"Breaking","nb":"Siste"}"#)
            let first = try await Self.send(
                client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: read.etag, body: edited
            )
            #expect(first.status == .ok && first.etag == "\"1\"", "\(first.text)")
            #expect(try await Self.title(client, "news") == "Breaking", "shown by this server before it answered")
            let second = try await Self.send(
                client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: read.etag,
                body: read.text)
            #expect(second.status == .preconditionFailed && second.etag == "\"1\"", "\(second.text)")
            #expect(second.error?.message.contains("at version 1 now") == true)
            let none = try await Self.send(
                client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, body: read.text)
            #expect(none.status == .preconditionRequired, "\(none.text)")
            #expect(try await Self.title(client, "news") == "Breaking", "refused changes stored nothing")
            let kept = try await app.store.storedBrands()
            #expect(kept.version == 1)
            #expect(kept.brands.map(\.id) == ["courier"] && kept.brands[0].sections.map(\.version) == [1, 1])
            let forced = try await Self.send(
                client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: "*", body: read.text)
            #expect(forced.status == .ok && forced.etag == "\"2\"")
            #expect(try await Self.title(client, "news") == "News")
        }
    }

    @Test("PATCH merges into the kept document: a key given replaces, objects merge, null removes, the rest stays")
    func mergePatch() async throws {
        try await Self.with { app, client, keys in
            let uri = "/api/v1/admin/brands/courier/sections/news"
            let first = try await Self.send(
                client, .patch, uri, keys.admin, ifMatch: "\"0\"",
                body: #"{"title":{"en":"Front","nb":"Forside"},"description":"What matters now"}"#)
            #expect(first.status == .ok && first.etag == "\"1\"", "\(first.text)")
            #expect(
                first.text
                    == #"{"id":"news","title":{"en":"Front","nb":"Forside"},"description":"What matters now","source":{"type":"web","url":"https://courier.example/news"}}"#
            )
            let second = try await Self.send(
                client, .patch, uri, keys.admin, ifMatch: first.etag, body: #"{"title":{"nb":null},"description":null}"#
            )
            #expect(
                second.text
                    == #"{"id":"news","title":"Front","source":{"type":"web","url":"https://courier.example/news"}}"#,
                "\(second.text)")
            #expect(try await Self.title(client, "news") == "Front")
            let stale = try await Self.send(
                client, .patch, uri, keys.admin, ifMatch: first.etag, body: #"{"title":"X"}"#)
            #expect(stale.status == .preconditionFailed)
            let broken = try await Self.send(
                client, .patch, uri, keys.admin, ifMatch: "*", body: #"{"source":{"url":null}}"#)
            #expect(
                broken.status == .unprocessableContent && broken.error?.field?.hasPrefix("source") == true,
                "\(broken.text)")
            let brand = try await Self.send(
                client, .patch, "/api/v1/admin/brands/courier", keys.admin, ifMatch: "*",
                body: #"{"name":"The Courier","merge":"ok"}"#)
            #expect(brand.status == .unprocessableContent && brand.error?.field == "merge", "\(brand.text)")
            let renamed = try await Self.send(
                client, .patch, "/api/v1/admin/brands/courier", keys.admin, ifMatch: "*",
                body: #"{"name":"The Courier"}"#)
            #expect(renamed.status == .ok && renamed.text.contains(#""name":"The Courier""#), "\(renamed.text)")
            #expect(try await app.store.storedBrands().brands.first?.sections.map(\.id) == ["news", "sport"])
        }
    }

    @Test("the audit log says who changed what, when, before and after; filtered and paged")
    func auditLog() async throws {
        try await Self.with { _, client, keys in
            let uri = "/api/v1/admin/brands/courier/sections/news"
            for title in ["Front", "Tonight"] {
                let changed = try await Self.send(
                    client, .patch, uri, keys.admin, ifMatch: "*", body: #"{"title":"\#(title)"}"#)
                #expect(changed.status == .ok)
            }
            struct Page: Decodable {
                struct Entry: Decodable {
                    var id: Int64
                    var actor: String
                    var action: String
                    var kind: String
                    var target: String
                    var before: JSONValue?
                    var after: JSONValue?
                }
                var entries: [Entry]
                var next: String?
            }
            func page(_ query: String) async throws -> Page {
                try await client.execute(uri: "/api/v1/admin/audit" + query, method: .get, headers: keys.read) {
                    #expect($0.status == .ok, "\($0.text)")
                    return try $0.json(Page.self)
                }
            }
            let all = try await page("")
            // The first change kept the shown brands (three documents added) with news changed.
            #expect(all.entries.map(\.target) == ["courier/news", "courier/sport", "courier/news", "courier"])
            let latest = try #require(all.entries.first)
            #expect(latest.actor == "admin desk" && latest.kind == "section")
            #expect(latest.action.hasPrefix("PATCH /api/v1/admin/brands/courier/sections/news (key "))
            func title(_ document: JSONValue?) -> JSONValue? {
                guard case .object(let fields)? = document else { return nil }
                return fields["title"]
            }
            #expect(title(latest.before) == .string("Front"))
            #expect(title(latest.after) == .string("Tonight"))
            #expect(all.entries.last?.before == nil, "added: nothing before")
            #expect(try await page("?target=courier/news").entries.count == 2)
            #expect(try await page("?actor=nobody").entries.isEmpty)
            let first = try await page("?limit=3")
            let next = try #require(first.next)
            #expect(next.hasPrefix("/api/v1/admin/audit?before=") && next.contains("limit=3"))
            let rest = try await client.execute(uri: next, method: .get, headers: keys.read) { try $0.json(Page.self) }
            #expect(rest.entries.map(\.target) == ["courier"] && rest.next == nil)
            for bad in ["?limit=0", "?before=x", "?since=yesterday"] {
                #expect(
                    try await client.execute(uri: "/api/v1/admin/audit" + bad, method: .get, headers: keys.read) {
                        $0.status
                    } == .badRequest, "\(bad)")
            }
            #expect(try await Self.send(client, .get, "/api/v1/admin/audit", keys.write).status == .forbidden)
        }
    }

    @Test("bad input is a 4xx naming the field, and nothing is stored")
    func badInput() async throws {
        try await Self.with { app, client, keys in
            let uri = "/api/v1/admin/brands/courier/sections/news"
            func refused(
                _ body: String, _ uri: String = "/api/v1/admin/brands/courier/sections/news",
                method: HTTPRequest.Method = .put
            )
                async throws -> (HTTPResponse.Status, String?, String)
            {
                let answer = try await Self.send(client, method, uri, keys.admin, ifMatch: "*", body: body)
                return (answer.status, answer.error?.field, answer.error?.message ?? answer.text)
            }
            let web = #""source":{"type":"web","url":"https://courier.example/news"}"#
            var (status, field, message) = try await refused("{\"id\": \"news\",")
            #expect(status == .badRequest, "\(message)")
            (status, field, message) = try await refused("[1, 2]")
            #expect(status == .badRequest, "\(message)")
            (status, field, message) = try await refused("id: news\ntitle: YAML\n")
            #expect(status == .badRequest, "YAML that is not JSON: \(message)")
            (status, field, message) = try await refused(#"{"id":"news","title":"T",\#(web),"colour":"red"}"#)
            #expect(status == .unprocessableContent && field == "colour", "\(message)")
            #expect(message.contains("colour is not a known key"), "\(message)")
            (status, field, message) = try await refused(
                #"{"id":"news","title":"T","source":{"type":"feed","url":"http://wire.example:99999/feed"}}"#)
            #expect(
                status == .unprocessableContent && field?.hasPrefix("source.url") == true,
                "\(String(describing: field)): \(message)")
            (status, field, message) = try await refused(#"{"id":"sport","title":"T",\#(web)}"#)
            #expect(status == .unprocessableContent && field == "id", "an id does not change: \(message)")
            (status, field, message) = try await refused(
                #"{"id":"news","title":"T","source":{"type":"file","path":"/etc/passwd"}}"#)
            #expect(status == .unprocessableContent && field == "source.path", "\(message)")
            (status, field, message) = try await refused(
                #"{"id":"sport","title":"T",\#(web)}"#, "/api/v1/admin/brands/courier/sections", method: .post)
            #expect(status == .conflict && field == "id", "a section id clash: \(message)")
            (status, field, message) = try await refused(
                #"{"id":"news","title":"T",\#(web)}"#, "/api/v1/admin/brands/nowhere/sections/news")
            #expect(status == .notFound, "\(message)")
            let delete = try await Self.send(client, .delete, "/api/v1/admin/brands/courier", keys.admin, ifMatch: "*")
            #expect(delete.status == .conflict && delete.error?.field == "cascade", "\(delete.text)")
            let notJSON = try await client.execute(
                uri: uri, method: .put,
                headers: [.authorization: keys.admin[.authorization]!, .contentType: "text/plain", .ifMatch: "*"],
                body: .json("{}")
            ) { $0.status }
            #expect(notJSON == .unsupportedMediaType)
            #expect(try await app.store.storedBrands().version == 0, "nothing stored")
            #expect(try await Self.title(client, "news") == "News")
        }
    }

    /// Issue 38, one server on either database (ClusterTests does three behind nginx): twenty
    /// editors changing one section at once with the ETag they read get one change applied and
    /// nineteen 412s; each then reads again and retries until its change is applied — twenty
    /// changes, each kept and audited once.
    @Test(
        "twenty editors at once: one change applied, the others 412; retried, each applied once",
        arguments: TestDatabase.Backend.allCases)
    func twentyEditors(backend: TestDatabase.Backend) async throws {
        if backend == .postgres, TestDatabase.postgresURL == nil { return }
        try await Self.with(backend) { app, client, keys in
            let document = "/api/v1/admin/brands/courier/sections/news"
            // Each editor with a key of their own, as a newsroom gives them (one key's write rate
            // limit would answer a desk of twenty retrying at once with 429s).
            var made: [HTTPFields] = []
            for editor in 0..<20 {
                let secret = APIKeys.generate()
                _ = try await app.store.createAPIKey(
                    name: "editor \(editor)", hash: APIKeys.hash(secret), scope: .admin, at: TestApp.now)
                made.append([.authorization: "Bearer \(secret)", .contentType: "application/json"])
            }
            let editorKeys = made
            func title(_ editor: Int) -> String { "Editor \(editor < 10 ? "0" : "")\(editor) was here" }
            func change(_ editor: Int, at etag: String?) async throws -> HTTPResponse.Status {
                try await Self.send(
                    client, .patch, document, editorKeys[editor], ifMatch: etag,
                    body: #"{"title": "\#(title(editor))"}"#
                ).status
            }
            let before = try await Self.send(client, .get, document, keys.read)
            let first = try await withThrowingTaskGroup(of: (Int, HTTPResponse.Status).self) { group in
                for editor in 0..<20 { group.addTask { (editor, try await change(editor, at: before.etag)) } }
                return try await group.reduce(into: [Int: HTTPResponse.Status]()) { $0[$1.0] = $1.1 }
            }
            let applied = first.filter { $0.value == .ok }.map(\.key)
            #expect(applied.count == 1, "\(first)")
            #expect(first.values.filter { $0 == .preconditionFailed }.count == 19, "\(first)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for editor in 0..<20 where !applied.contains(editor) {
                    group.addTask {
                        while true {
                            let read = try await Self.send(client, .get, document, editorKeys[editor])
                            let status = try await change(editor, at: read.etag)
                            if status == .ok { return }
                            // Anything but "another change came first" ends this editor's tries.
                            guard status == .preconditionFailed else {
                                Issue.record("editor \(editor): \(status)")
                                return
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let audit = try await app.store.auditEntries(AuditQuery(limit: 500, target: "courier/news"))
            let editors = audit.compactMap { entry in
                entry.after.flatMap { after in (0..<20).first { after.contains(title($0)) } }
            }
            #expect(editors.sorted() == Array(0..<20), "each editor's change once: \(editors.sorted())")
            let kept = try await app.store.storedBrands()
            let section = kept.brands.first { $0.id == "courier" }?.sections.first { $0.id == "news" }
            #expect(section?.version == 20, "twenty changes, no more")
        }
    }

    /// Issue 38: a source an editor adds goes through the fetcher's guard where it is written, not
    /// only when the poller fetches it: the rule every fetched URL is held to (port, user info) and
    /// the SSRF guard's refusal of an address written in the URL, unless `fetch.allow_hosts` has it.
    @Test("a source URL the fetcher would refuse is refused naming the field; fetch.allow_hosts lets one by")
    func sourceURLGuard() async throws {
        var sections = Self.sections
        sections.fetch.allowHosts = ["127.0.0.2"]
        try await Self.with(sections: sections) { app, client, keys in
            let refusals = [
                ("http://wire.example:0/feed", "has port 0, not 1…65535"),
                ("http://editor:secret@wire.example/feed", "was given with user info, which is refused"),
                ("http://169.254.169.254/latest/meta-data", "a metadata address (allow it with fetch.allow_hosts)"),
                ("http://10.20.30.40/feed", "a private address"),
                ("http://127.0.0.1:9/feed", "a loopback address"),
                ("http://[::1]:9/feed", "a loopback address"),
                ("http://[::ffff:169.254.169.254]/", "address"),
            ]
            for (url, words) in refusals {
                for source in [
                    #"{"type":"feed","urls":["https://wire.example/a.rss","\#(url)"]}"#,
                    #"{"type":"unified_json","url":"\#(url)"}"#,
                ] {
                    let answer = try await Self.send(
                        client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: "*",
                        body: #"{"id":"news","title":"T","source":\#(source)}"#)
                    let message = answer.error?.message ?? answer.text
                    #expect(answer.status == .unprocessableContent, "\(url): \(message)")
                    #expect(answer.error?.field?.hasPrefix("source.url") == true, "\(url): \(message)")
                    #expect(message.contains("cannot be fetched") && message.contains(words), "\(url): \(message)")
                    #expect(!message.contains("secret"), "the password is not repeated: \(message)")
                }
            }
            let weather = #"{"type":"weather","url":"http://169.254.169.254/forecast"}"#
            let widget = try await Self.send(
                client, .patch, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: "*",
                body: #"{"placement":{"widgets":[{"position":1,"kind":"weather","source":\#(weather)}]}}"#)
            #expect(
                widget.status == .unprocessableContent && widget.error?.field == "placement.widgets[0].source.url",
                "\(widget.text)")
            #expect(try await app.store.storedBrands().version == 0, "nothing stored")
            let allowed = try await Self.send(
                client, .put, "/api/v1/admin/brands/courier/sections/news", keys.admin, ifMatch: "*",
                body: #"{"id":"news","title":"T","source":{"type":"feed","url":"http://127.0.0.2:9/feed"}}"#)
            #expect(allowed.status == .ok, "an address fetch.allow_hosts names: \(allowed.text)")
        }
    }

    @Test("brands and sections added, changed and deleted; a deletion a widget depends on is refused")
    func lifecycle() async throws {
        try await Self.with { app, client, keys in
            let brand = """
                {"id":"tribune","name":"Tribune","locale":"nb-NO",
                 "sections":[{"id":"nyheter","title":{"nb":"Nyheter"},"source":{"type":"web","url":"https://tribune.example/"}}]}
                """
            let created = try await Self.send(client, .post, "/api/v1/admin/brands", keys.admin, body: brand)
            #expect(created.status == .created && created.etag == "\"1\"", "\(created.text)")
            #expect(created.text == #"{"id":"tribune","name":"Tribune","locale":"nb-NO","front":"nyheter"}"#)
            #expect(
                try await Self.send(client, .post, "/api/v1/admin/brands", keys.admin, body: brand).status == .conflict)
            let brands = try await client.execute(uri: "/api/v1/brands", method: .get) { try $0.json(BrandList.self) }
            #expect(brands.brands.map(\.id) == ["courier", "tribune"], "the shown brands were kept with the new one")
            let renamed = try await Self.send(
                client, .put, "/api/v1/admin/brands/tribune", keys.admin, ifMatch: "\"1\"",
                body: #"{"name":"Tribunen","locale":"nb-NO"}"#)
            #expect(renamed.status == .ok && renamed.etag == "\"2\"", "\(renamed.text)")
            let sections = try await Self.send(
                client, .put, "/api/v1/admin/brands/tribune", keys.admin, ifMatch: "*",
                body: #"{"name":"T","sections":[]}"#)
            #expect(sections.status == .unprocessableContent && sections.error?.field == "sections")
            // A widget on news shows sport's teasers: sport cannot go while it does.
            let culture = """
                {"id":"kultur","title":"Kultur","source":{"type":"feed","url":"https://tribune.example/kultur.rss"}}
                """
            let added = try await Self.send(
                client, .post, "/api/v1/admin/brands/tribune/sections", keys.admin, body: culture)
            #expect(added.status == .created && added.etag == "\"1\"", "\(added.text)")
            let withWidget = """
                {"id":"nyheter","title":{"nb":"Nyheter"},"source":{"type":"feed","url":"https://tribune.example/nyheter.rss"},
                 "placement":{"widgets":[{"position":2,"kind":"carousel","section":"kultur"}]}}
                """
            let placed = try await Self.send(
                client, .put, "/api/v1/admin/brands/tribune/sections/nyheter", keys.admin, ifMatch: "\"1\"",
                body: withWidget)
            #expect(placed.status == .ok && placed.etag == "\"2\"", "\(placed.text)")
            let needed = try await Self.send(
                client, .delete, "/api/v1/admin/brands/tribune/sections/kultur", keys.admin, ifMatch: "\"1\"")
            #expect(needed.status == .unprocessableContent, "\(needed.text)")
            #expect(
                needed.error?.message.contains("would leave tribune/nyheter: placement.widgets[0].section") == true,
                "\(needed.text)")
            let plain = """
                {"id":"nyheter","title":{"nb":"Nyheter"},"source":{"type":"feed","url":"https://tribune.example/nyheter.rss"}}
                """
            #expect(
                try await Self.send(
                    client, .put, "/api/v1/admin/brands/tribune/sections/nyheter", keys.admin, ifMatch: "\"2\"",
                    body: plain
                ).status == .ok)
            let last = try await Self.send(
                client, .delete, "/api/v1/admin/brands/tribune/sections/kultur", keys.admin, ifMatch: "\"1\"")
            #expect(last.status == .noContent, "\(last.text)")
            let only = try await Self.send(
                client, .delete, "/api/v1/admin/brands/tribune/sections/nyheter", keys.admin, ifMatch: "*")
            #expect(only.status == .unprocessableContent, "a brand keeps one section at least: \(only.text)")
            let gone = try await Self.send(
                client, .delete, "/api/v1/admin/brands/tribune?cascade=true", keys.admin, ifMatch: "\"2\"")
            #expect(gone.status == .noContent, "\(gone.text)")
            #expect(try await app.store.storedBrands().brands.map(\.id) == ["courier"])
            #expect(
                try await client.execute(uri: "/api/v1/brands/tribune/sections", method: .get) { $0.status }
                    == .notFound)
        }
    }

    @Test("sources are listed with their sections; fetch now makes one due, an unknown one is 404")
    func sources() async throws {
        try await Self.with { app, client, keys in
            let culture =
                #"{"id":"kultur","title":"Kultur","source":{"type":"feed","url":"https://courier.example/kultur.rss"}}"#
            #expect(
                try await Self.send(client, .post, "/api/v1/admin/brands/courier/sections", keys.admin, body: culture)
                    .status
                    == .created)
            let list = try await Self.send(client, .get, "/api/v1/admin/sources", keys.read)
            #expect(list.status == .ok && list.text.contains(#""sections":["courier/kultur"]"#), "\(list.text)")
            let id = try #require(app.sections.configuration.fetchedSources.first?.source.id)
            #expect(
                list.text.contains(
                    #""fetch_href":"/api/v1/admin/sources/https%3A%2F%2Fcourier.example%2Fkultur.rss/fetch""#))
            try await app.store.registerSources([(id, .feed)], now: TestApp.now.addingTimeInterval(600))
            let encoded = try #require(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(
                try await Self.send(client, .post, "/api/v1/admin/sources/\(encoded)/fetch", keys.admin).status
                    == .accepted)
            #expect(try await app.store.sourceStates().first { $0.id == id }?.nextFetchAt == TestApp.now)
            #expect(
                try await Self.send(client, .post, "/api/v1/admin/sources/nope/fetch", keys.admin).status == .notFound)
        }
    }
}

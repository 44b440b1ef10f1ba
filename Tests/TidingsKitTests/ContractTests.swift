import Foundation
import Hummingbird
import Testing
import TidingsKit
import TidingsModel
import TidingsTesting
import Yams

/// The SDK and the server keep one contract, `docs/openapi.yaml`: every endpoint the SDK calls is
/// in it with the same method, path, parameters and headers; the spec's examples decode with the
/// SDK's types; and every route the server serves outside the web reader is in it (a route added
/// without the spec fails here).
@Suite("The SDK, the server and docs/openapi.yaml")
struct ContractTests {
    static let specURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml")

    /// The spec as plain values.
    static func spec() throws -> [String: Any] {
        let text = try String(contentsOf: specURL, encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    /// `#/components/…` references followed.
    static func resolve(_ value: Any, in spec: [String: Any]) -> Any {
        guard let object = value as? [String: Any], let ref = object["$ref"] as? String, ref.hasPrefix("#/") else {
            return value
        }
        var node: Any = spec
        for part in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] ?? [:] }
        return resolve(node, in: spec)
    }

    /// The spec path template a concrete path matches (`/api/v1/brands/{brand}/sections`).
    static func template(for path: String, in paths: [String: Any]) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return paths.keys.first { template in
            let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == parts.count
                && zip(pattern, parts).allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") || $0 == $1 }
        }
    }

    /// The parameters an operation declares (its own and its path's), as "in:name", names of
    /// headers lowercased.
    static func parameters(path: [String: Any], operation: [String: Any], spec: [String: Any]) -> Set<String> {
        let declared = (path["parameters"] as? [Any] ?? []) + (operation["parameters"] as? [Any] ?? [])
        return Set(
            declared.compactMap { value in
                guard let parameter = resolve(value, in: spec) as? [String: Any],
                    let place = parameter["in"] as? String, let name = parameter["name"] as? String
                else { return nil }
                return place + ":" + (place == "header" ? name.lowercased() : name)
            })
    }

    /// An SDK endpoint as the contract sees it.
    struct SDKEndpoint: Sendable {
        var name: String
        var method: String
        var path: String
        var query: [URLQueryItem]
        var headers: [String: String]
        /// Decodes a body with the SDK's type; nil for endpoints without a body.
        var decode: (@Sendable (Data) throws -> Void)?

        init<Response>(_ name: String, _ endpoint: Endpoint<Response>, body: Bool = true) {
            self.name = name
            method = endpoint.method
            path = endpoint.path
            query = endpoint.query
            headers = endpoint.headers
            if body {
                let read = endpoint.decode
                decode = { @Sendable data in _ = try read(data) }
            } else {
                decode = nil
            }
        }
    }

    /// Every endpoint the SDK has, with every optional part filled in.
    static let endpoints: [SDKEndpoint] = [
        SDKEndpoint("brands", Endpoints.brands()),
        SDKEndpoint("sections", Endpoints.sections(brand: "courier", language: .en)),
        SDKEndpoint(
            "section",
            Endpoints.section(
                brand: "courier", section: "news", cursor: "c", limit: 5, language: .en, device: "phone-1")),
        SDKEndpoint("newsItems", Endpoints.newsItems(cursor: "c", limit: 5, language: .en)),
        SDKEndpoint("article", Endpoints.article(brand: "courier", section: "news", id: "aec7b3e836692632")),
        SDKEndpoint("dismiss", Endpoints.dismiss(notification: "courier-push", device: "phone-1"), body: false),
        SDKEndpoint(
            "search",
            Endpoints.search(
                brand: "courier", query: "ferry", typing: true, kinds: ["story"], sections: ["news", "world"],
                sources: ["wire"],
                since: Date(timeIntervalSince1970: 1_800_000_000), until: Date(timeIntervalSince1970: 1_800_086_400),
                cursor: "c", limit: 5, language: .en)),
        SDKEndpoint(
            "searchProducts",
            Endpoints.searchProducts(query: "milk", typing: true, cursor: "c", limit: 5, language: .en)),
    ]

    @Test("every SDK endpoint is in the spec with its method, path, query parameters and headers")
    func endpointsAreSpecified() throws {
        let spec = try Self.spec()
        let paths = try #require(spec["paths"] as? [String: Any])
        for endpoint in Self.endpoints {
            let template = try #require(
                Self.template(for: endpoint.path, in: paths), "\(endpoint.name): \(endpoint.path)")
            let path = try #require(paths[template] as? [String: Any])
            let operation = try #require(
                path[endpoint.method.lowercased()] as? [String: Any],
                "\(endpoint.name): no \(endpoint.method) \(template)")
            let declared = Self.parameters(path: path, operation: operation, spec: spec)
            for item in endpoint.query {
                #expect(
                    declared.contains("query:" + item.name), "\(endpoint.name): query \(item.name) is not in the spec")
            }
            for name in endpoint.headers.keys {
                #expect(
                    declared.contains("header:" + name.lowercased()),
                    "\(endpoint.name): header \(name) is not in the spec")
            }
        }
    }

    @Test("the spec's examples of each SDK response decode with the SDK's types")
    func examplesDecode() throws {
        let spec = try Self.spec()
        let paths = try #require(spec["paths"] as? [String: Any])
        var decoded = 0
        for endpoint in Self.endpoints {
            guard let decode = endpoint.decode else { continue }
            let template = try #require(Self.template(for: endpoint.path, in: paths))
            let operation = try #require(
                (paths[template] as? [String: Any])?[endpoint.method.lowercased()] as? [String: Any])
            let ok = try #require(
                ((operation["responses"] as? [String: Any])?["200"]).map { Self.resolve($0, in: spec) }
                    as? [String: Any])
            let media = try #require((ok["content"] as? [String: Any])?["application/json"] as? [String: Any])
            let examples = try #require(
                media["examples"] as? [String: Any], "\(endpoint.name): the spec has no example")
            for (name, example) in examples {
                let value = try #require((example as? [String: Any])?["value"], "\(endpoint.name): \(name)")
                let data = try JSONSerialization.data(withJSONObject: value)
                #expect(throws: Never.self, "\(endpoint.name) example \(name)") { _ = try decode(data) }
                decoded += 1
            }
        }
        #expect(decoded >= 5, "brands, sections, a native and a web page, news items")
    }

    @Test("every route the server serves outside the web reader is in the spec, and every spec path is served")
    func routesAreSpecified() async throws {
        let paths = try #require(try Self.spec()["paths"] as? [String: Any])
        var specified: Set<String> = []
        for (path, item) in paths {
            for method in (item as? [String: Any] ?? [:]).keys where method != "parameters" {
                specified.insert("\(method.uppercased()) \(path)")
            }
        }
        let inSpec = specified
        try await TestApp.with { app, _ in
            let router = buildRouter(
                environment: app.runtime.environment, catalog: app.catalog, sections: app.sections)
            var served: Set<String> = []
            for route in router.routes {
                // The spec writes captures as {name}; the router as :name.
                let path =
                    "/"
                    + route.path.components.map { component in
                        let text = "\(component)"
                        return text.hasPrefix(":") ? "{\(text.dropFirst())}" : text
                    }.joined(separator: "/")
                let isAPI =
                    ["/api/", "/feeds/", "/img/"].contains { path.hasPrefix($0) }
                    || ["/health", "/health/live", "/health/ready", "/metrics", "/openapi.yaml"].contains(path)
                guard isAPI else { continue }  // the web reader's HTML pages (docs/web.md)
                served.insert("\(route.method) \(path)")
                #expect(
                    inSpec.contains("\(route.method) \(path)"),
                    "\(route.method) \(path) is served but not in docs/openapi.yaml")
            }
            for operation in inSpec.subtracting(served).sorted() {
                Issue.record("\(operation) is in docs/openapi.yaml but not served")
            }
        }
    }
}

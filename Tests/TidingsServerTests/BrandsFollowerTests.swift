import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsSections
import TidingsServer
import TidingsStore
import TidingsTesting

/// Issue 38: a server shows the brands the database keeps, and follows their changes made by
/// another process (an import, another server) without a restart.
@Suite("Brands followed from the database")
struct BrandsFollowerTests {
    static func brand(_ title: String, sections: [String] = ["news"]) -> Brand {
        Brand(
            id: "courier", name: "Courier", locale: .en,
            sections: sections.map {
                Section(
                    id: $0, title: LocalizedText($0 == "news" ? title : $0.capitalized),
                    source: .web(URL(string: "https://courier.example/\($0)")!),
                    render: .web(URL(string: "https://courier.example/\($0)")!))
            })
    }

    @Test(
        "another process's change is shown whole once checked: new sections listed, cached pages dropped",
        arguments: TestDatabase.Backend.allCases)
    func followsChanges(backend: TestDatabase.Backend) async throws {
        if backend == .postgres, TestDatabase.postgresURL == nil { return }
        try await TestDatabase.with(backend) { database in
            let served = try await database.open()
            let other = try await database.open()
            let kept = try await served.replaceBrands([try BrandDocument(Self.brand("News"))], at: TestApp.now)
            var settings = Settings()
            settings.sections.brands = try kept.read()
            let runtime = Runtime(
                settings: settings, store: served, clock: { TestApp.now }, brandsVersion: kept.version)
            let follower = try #require(runtime.brands)
            try await runtime.application().test(.router) { client in
                func get<T: Decodable & Sendable>(_ uri: String, _ type: T.Type) async throws -> T {
                    try await client.execute(uri: uri, method: .get) { response in
                        #expect(response.status == .ok, "\(uri): \(response.text)")
                        return try response.json(type)
                    }
                }
                #expect(try await get("/api/v1/brands/courier/sections/news", Feed.self).title == "News")
                #expect(try await follower.refresh() == false, "nothing newer kept")
                _ = try await other.replaceBrands(
                    [try BrandDocument(Self.brand("Headlines", sections: ["news", "sport"]))], at: TestApp.now)
                // The follower runs as the application's service too (every second, and at once
                // when PostgreSQL announces the change): one of the two shows it.
                _ = try await follower.refresh()
                #expect(runtime.sections.live.version == kept.version + 1)
                let list = try await get("/api/v1/brands/courier/sections", SectionList.self)
                #expect(list.sections.map(\.id) == ["news", "sport"])
                #expect(
                    try await get("/api/v1/brands/courier/sections/news", Feed.self).title == "Headlines",
                    "the cached page was dropped")
                #expect(try await follower.refresh() == false)
            }
            try await other.close()
        }
    }

    @Test("brands this build cannot read are refused once, and the brands shown stay")
    func refusesUnreadable() async throws {
        try await TestDatabase.with(.sqlite) { database in
            let store = try await database.open()
            let kept = try await store.replaceBrands([try BrandDocument(Self.brand("News"))], at: TestApp.now)
            var settings = Settings()
            settings.sections.brands = try kept.read()
            let runtime = Runtime(settings: settings, store: store, clock: { TestApp.now }, brandsVersion: kept.version)
            let follower = try #require(runtime.brands)
            var newer = try BrandDocument(Self.brand("Later"))
            newer.document += "a_field_of_a_newer_build: true\n"
            _ = try await store.replaceBrands([newer], at: TestApp.now)
            await #expect(throws: ConfigurationError.self) { try await follower.refresh() }
            #expect(try await follower.refresh() == false, "refused once, not every second")
            #expect(runtime.sections.configuration.brands == settings.sections.brands)
            #expect(runtime.sections.live.version == kept.version)
            _ = try await store.replaceBrands([try BrandDocument(Self.brand("Fixed"))], at: TestApp.now)
            #expect(try await follower.refresh(), "a later version that reads is shown")
            #expect(runtime.sections.configuration.brands == [Self.brand("Fixed")])
        }
    }
}

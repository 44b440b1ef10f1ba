import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TidingsModel
import TidingsRuntime
import TidingsTesting

@testable import TidingsServer

@Suite("/metrics: from metrics.allow or with metrics.token")
struct MetricsAccessTests {
    func status(
        _ configuration: TidingsConfiguration, _ headers: [HTTPFields], testing: TestingSetup = .live
    ) async throws -> [HTTPResponse.Status] {
        let statuses = Locked<[HTTPResponse.Status]>([])
        try await TestApp.with(configuration: configuration, testing: testing) { _, client in
            for fields in headers {
                try await client.execute(uri: "/metrics", method: .get, headers: fields) { response throws in
                    statuses.withLock { $0.append(response.status) }
                    if response.status == .forbidden {
                        #expect(response.apiError?.message.contains("metrics.allow") == true)
                    }
                }
            }
        }
        return statuses.current
    }

    @Test("loopback reads it by default; a proxied request naming another address does not")
    func defaults() async throws {
        let forwarded = HTTPField.Name("X-Forwarded-For")!
        let statuses = try await status(
            TidingsConfiguration(), [[:], [forwarded: "203.0.113.5"], [forwarded: "127.0.0.1"]])
        #expect(statuses == [.ok, .forbidden, .ok])
    }

    @Test("outside metrics.allow only the token opens it, compared whole")
    func token() async throws {
        var configuration = TidingsConfiguration()
        configuration.metricsAllow = ["10.0.0.0/8"]
        configuration.metricsToken = "s3cret-token"
        let statuses = try await status(
            configuration,
            [
                [:], [.authorization: "Bearer s3cret-token"], [.authorization: "Bearer s3cret-toke"],
                [.authorization: "Bearer s3cret-token2"], [.authorization: "bearer s3cret-token"],
            ])
        #expect(statuses == [.forbidden, .ok, .forbidden, .forbidden, .ok])
    }

    @Test("metrics.allow takes addresses and CIDR ranges, and names a host name as the mistake it is")
    func configuration() throws {
        let settings = try Settings.resolve(
            environment: ["TIDINGS_METRICS_ALLOW": "10.0.0.0/8, ::1", "TIDINGS_METRICS_TOKEN": "t"])
        #expect(settings.server.metricsAllow == ["10.0.0.0/8", "::1"])
        #expect(settings.server.metricsToken == "t")
        #expect(Settings.keys.contains { $0.variable == "TIDINGS_METRICS_ALLOW" })
        #expect {
            try Settings.resolve(environment: ["TIDINGS_METRICS_ALLOW": "localhost"])
        } throws: { "\($0)".contains("\"localhost\" is not an IP address or a CIDR range") }
    }
}

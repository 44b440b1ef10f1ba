import AsyncHTTPClient
import Foundation
import NIOCore

/// A GET to a `tidings serve` the test started: the status and the body (up to 4 MiB), within 30 s.
func get(_ url: String, headers: [(String, String)] = []) async throws -> (status: Int, body: String) {
    var request = HTTPClientRequest(url: url)
    for (name, value) in headers { request.headers.add(name: name, value: value) }
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 22)))
}

import Foundation
import Testing
import TidingsRuntime
import TidingsSections

/// A `fetch.allow_hosts` entry the fetcher cannot read used to be accepted and then allow nothing;
/// the file the server starts with is now refused at that line.
@Suite("fetch.allow_hosts in the configuration file")
struct AllowHostsConfigurationTests {
    func file(_ yaml: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidings-allow-\(UUID().uuidString).yaml"
        )
        .path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("an entry that is no host, address or range stops loading, naming file, line, key and entry")
    func invalidEntry() throws {
        let path = try file("fetch:\n  allow_hosts:\n    - 127.0.0.1\n    - 10.0.0.0/99\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: ConfigurationError.self) {
            try Settings.resolve(.init(config: path), environment: [:])
        }
        #expect(
            "\(error.map { "\($0)" } ?? "")".contains(
                "\(path):4: fetch.allow_hosts[1] \"10.0.0.0/99\" is not a host name, an IP address or a CIDR range"))
    }

    @Test("a bad entry in TIDINGS_FETCH_ALLOW_HOSTS names the variable, the key and the entry")
    func invalidVariable() throws {
        let error = #expect(throws: ConfigurationError.self) {
            try Settings.resolve(environment: ["TIDINGS_FETCH_ALLOW_HOSTS": "127.0.0.1, 10.0.0.0/99"])
        }
        #expect(
            error?.message
                == "config: TIDINGS_FETCH_ALLOW_HOSTS: fetch.allow_hosts \"10.0.0.0/99\" is not a host name, an IP address or a CIDR range (such as 10.0.0.0/8); it would allow nothing"
        )
        let settings = try Settings.resolve(environment: ["TIDINGS_FETCH_ALLOW_HOSTS": "127.0.0.1, feeds.internal"])
        #expect(settings.sections.fetch.allowHosts == ["127.0.0.1", "feeds.internal"])
    }

    @Test(
        "host names, addresses, ranges and * load",
        arguments: ["feeds.internal", "127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8", "*"])
    func validEntries(_ entry: String) throws {
        let path = try file("fetch:\n  allow_hosts: \"\(entry)\"\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try Settings.resolve(.init(config: path), environment: [:]).sections.fetch.allowHosts == [entry])
    }
}

import ArgumentParser
import Foundation
import TidingsModel
import TidingsRuntime
import TidingsServer
import TidingsStore

extension APIKeyScope: ExpressibleByArgument {}

struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Manage API keys: each has a scope — write (catalog events), read or admin.",
        subcommands: [Create.self, List.self, Revoke.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a key and print it once; only its hash is stored.")
        @Option(help: "A label to recognise the key by.") var name = "default"
        @Option(
            help:
                "What it may do: write (post catalog events), read (change nothing) or admin (everything)."
        )
        var scope: APIKeyScope = .write
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            let store = try await Runtime.open(resolveSettings(database: database)).store
            let secret = APIKeys.generate()
            let record = try await store.createAPIKey(name: name, hash: APIKeys.hash(secret), scope: scope, at: Date())
            try await store.close()
            print(secret)
            printError(
                "Created API key \(record.id) (\(record.name), scope \(record.scope.rawValue)). It is shown only now; store it safely."
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List keys (never their secrets).")
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            let store = try await Runtime.open(resolveSettings(database: database)).store
            let keys = try await store.apiKeys()
            try await store.close()
            guard !keys.isEmpty else {
                print("No API keys. Create one with: tidings keys create --name NAME")
                return
            }
            print(
                "ID".padding(toLength: 6, withPad: " ", startingAt: 0)
                    + "NAME".padding(toLength: 24, withPad: " ", startingAt: 0) + "SCOPE  "
                    + "CREATED                   STATUS")
            for key in keys {
                let status = key.revokedAt.map { "revoked \(TidingsJSON.formatDate($0))" } ?? "active"
                print(
                    String(key.id).padding(toLength: 6, withPad: " ", startingAt: 0)
                        + key.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                        + key.scope.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
                        + TidingsJSON.formatDate(key.createdAt).padding(toLength: 26, withPad: " ", startingAt: 0)
                        + status)
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key by its id; requests with it get 403.")
        @Argument(help: "The key's id, from `tidings keys list`.") var id: Int64
        @OptionGroup var database: DatabaseOption

        func run() async throws {
            let store = try await Runtime.open(resolveSettings(database: database)).store
            let found = try await store.revokeAPIKey(id: id, at: Date())
            try await store.close()
            guard found else { throw ValidationError("No API key has id \(id).") }
            print("Revoked API key \(id).")
        }
    }
}

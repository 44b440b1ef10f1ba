import Foundation
import HTTPTypes
import Hummingbird
import TidingsModel
import TidingsStore

/// What an answer being made was built from, told while it is made: by the caches it read
/// (``PageCache`` names the scopes of each value and how long the value stays fresh) and by its
/// handler, which asks for the answer to be kept (``keep()``), and by what shows each reader
/// something of their own (``dependsOnReader(named:)``). ``KeptResponsesMiddleware`` sets one around each
/// request it may keep, as a task local, so a cache deep in a service reaches it without every
/// signature carrying it.
final class KeepTicket: Sendable {
    /// The ticket of the answer the current task makes, when its request is one that may be kept.
    @TaskLocal static var current: KeepTicket?

    private struct State {
        var wanted = false
        /// The answer shows the reader the request names something of their own.
        var refused = false
        /// The answer would differ for a reader who named themselves.
        var anonymous = false
        var scopes: Set<CacheScope> = []
        var until: Date
    }

    private let state: Locked<State>

    /// A ticket for an answer kept at most until `until` unless told otherwise.
    init(until: Date) {
        state = Locked(State(until: until))
    }

    /// The handler's word: its answer is the same for every request alike in what
    /// ``KeptResponses/Key`` holds (method, path and query, host, `Accept`, `Accept-Language`,
    /// `Accept-Encoding`) until what it was built from changes or goes stale. A handler whose
    /// answer depends on anything else of the request — a cookie, another header — must not ask.
    func keep() {
        state.withLock { $0.wanted = true }
    }

    /// What the answer shows depends on who reads it (the cards they dismissed). For a request
    /// that `named` its reader (a device), the answer is theirs and not kept, whatever the handler
    /// asks; for one that did not, it is kept for requests that name no reader either.
    func dependsOnReader(named: Bool) {
        state.withLock { state in
            if named { state.refused = true } else { state.anonymous = true }
        }
    }

    /// A cached value built from `scopes`, fresh until `until`, went into the answer: it is dropped
    /// with that value's scopes, and kept no longer than the value would have been.
    func built(from scopes: [CacheScope], until: Date) {
        state.withLock { state in
            state.scopes.formUnion(scopes)
            state.until = min(state.until, until)
        }
    }

    /// What the answer was built from, until when it may be kept, and whether only for requests
    /// that name no reader; nil if it may not be kept.
    var kept: (scopes: Set<CacheScope>, until: Date, anonymous: Bool)? {
        state.withLock { state in
            state.wanted && !state.refused ? (state.scopes, state.until, state.anonymous) : nil
        }
    }
}

/// Whole answers kept by what their request says: a page served from the caches still costs the
/// router, the handler's lookups (a snapshot, the language, two or three caches and their locks)
/// and the compression's collecting and lookup — five times a bare server's work per request
/// (docs/benchmarks.md, every page against the ceiling). A kept answer is one lookup. Answers are
/// dropped with the scopes of the values they were built from (``CacheInvalidation``), live no
/// longer than those values would have (``KeepTicket``), and an answer made across a change that
/// touched what it was built from is not kept.
final class KeptResponses: Sendable {
    /// What a kept answer may depend on of its request. Cookies and headers other than these are
    /// not in it: handlers that read them must not ask to be kept (``KeepTicket/keep()``),
    /// except the reader's device, which only matters to answers that say so
    /// (``KeepTicket/dependsOnReader(named:)``).
    struct Key: Hashable, Sendable {
        var method: HTTPRequest.Method
        /// Path and query, as sent.
        var path: String
        /// `Host` (the authority): feeds write absolute links with it.
        var authority: String?
        var forwardedProto: String?
        var accept: String?
        var acceptLanguage: String?
        var acceptEncoding: String?
    }

    /// What a request sends that a kept answer is looked up by, its `If-None-Match`, and whether
    /// it may name its reader (a cookie, the device header).
    struct Lookup: Sendable {
        var key: Key
        var ifNoneMatch: String?
        var namesReader = false

        /// Nil for a request never answered from kept answers: not a GET or HEAD, or one that
        /// carries credentials (its answer may be its own).
        init?(_ request: Request) {
            guard request.method == .get || request.method == .head, let path = request.head.path else { return nil }
            key = Key(method: request.method, path: path, authority: request.head.authority)
            // One pass over the fields: each `headers[name]` walks them all (docs/benchmarks.md).
            for field in request.headers {
                switch field.name {
                case .authorization: return nil
                case .accept: Self.add(field.value, to: &key.accept)
                case .acceptLanguage: Self.add(field.value, to: &key.acceptLanguage)
                case .acceptEncoding: Self.add(field.value, to: &key.acceptEncoding)
                case .ifNoneMatch: Self.add(field.value, to: &ifNoneMatch)
                case .cookie, SectionsController.deviceHeader: namesReader = true
                case Self.forwardedProto: Self.add(field.value, to: &key.forwardedProto)
                default: continue
                }
            }
        }

        init(_ key: Key, namesReader: Bool = false) {
            self.key = key
            self.namesReader = namesReader
        }

        static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!

        /// A field's value, joined to the ones before it with the same name as HTTP joins them.
        private static func add(_ value: String, to joined: inout String?) {
            joined = joined.map { $0 + ", " + value } ?? value
        }
    }

    /// A kept 200: its headers and bytes as the first request got them (compressed for the
    /// codings its key accepts), and the headers of a 304 for a request that holds its ETag.
    struct Entry: Sendable {
        let headers: HTTPFields
        let notModified: HTTPFields
        let body: ByteBuffer
        let etag: String?
        /// The route the router found, for the request metrics of the answers it serves.
        let route: String?
        let scopes: Set<CacheScope>
        let until: Date
        /// Made for a request that named no reader, and only for such requests.
        let anonymous: Bool

        init(
            headers: HTTPFields, body: ByteBuffer, route: String?, scopes: Set<CacheScope>, until: Date,
            anonymous: Bool = false
        ) {
            self.anonymous = anonymous
            self.headers = headers
            self.body = body
            self.route = route
            self.scopes = scopes
            self.until = until
            etag = headers[.eTag]
            var notModified = headers
            for name in [HTTPField.Name.contentType, .contentLength, .contentEncoding] { notModified[name] = nil }
            self.notModified = notModified
        }
    }

    private struct State {
        private(set) var entries: [Key: Entry] = [:]
        /// The bodies' bytes of `entries`, kept in step by the methods below.
        private(set) var bytes = 0
        /// Counts the drops: an answer made while one happened is not kept.
        var generation: UInt64 = 0

        mutating func put(_ entry: Entry, for key: Key) {
            remove(key)
            entries[key] = entry
            bytes += entry.body.readableBytes
        }

        mutating func remove(_ key: Key) {
            if let removed = entries.removeValue(forKey: key) { bytes -= removed.body.readableBytes }
        }

        mutating func removeAll(where drops: (Entry) -> Bool = { _ in true }) {
            entries = entries.filter { !drops($0.value) }
            bytes = entries.values.reduce(0) { $0 + $1.body.readableBytes }
        }
    }

    /// At most this long after it was made, whatever it was built from.
    let lifetime: TimeInterval
    let capacity: Int
    let limitBytes: Int
    /// Larger bodies are served, not kept.
    let maxBodyBytes: Int
    private let state = Locked(State())
    private let lookups = CacheLookups("responses")

    init(
        lifetime: TimeInterval = 5, capacity: Int = 4_000, limitBytes: Int = 64 << 20, maxBodyBytes: Int = 1 << 20,
        invalidation: CacheInvalidation
    ) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.limitBytes = limitBytes
        self.maxBodyBytes = maxBodyBytes
        invalidation.register { [weak self] scopes in self?.drop(scopes) }
    }

    /// The answer kept for `lookup`, if it is still fresh at `now` and for such a reader.
    func entry(for lookup: Lookup, now: Date) -> Entry? {
        let found = state.withLock { state -> Entry? in
            guard let entry = state.entries[lookup.key], !(entry.anonymous && lookup.namesReader) else { return nil }
            guard now < entry.until else {
                state.remove(lookup.key)
                return nil
            }
            return entry
        }
        lookups.count(found: found != nil)
        return found
    }

    /// The count of drops so far: pass it to ``keep(_:for:madeAt:)`` for an answer made after.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps `entry` for `key`, unless a drop happened since `generation` was read (the answer may
    /// hold what the drop was for) or its body is too large. Past the capacity or the bytes, the
    /// answers no longer fresh go first, then all.
    func keep(_ entry: Entry, for key: Key, madeAt generation: UInt64, now: Date) {
        guard entry.body.readableBytes <= maxBodyBytes, now < entry.until else { return }
        state.withLock { state in
            guard state.generation == generation else { return }
            state.put(entry, for: key)
            guard state.entries.count > capacity || state.bytes > limitBytes else { return }
            state.removeAll { now >= $0.until }
            if state.entries.count > capacity || state.bytes > limitBytes { state.removeAll() }
        }
    }

    /// Drops the answers built from any of `scopes` (all of them for nil).
    func drop(_ scopes: Set<CacheScope>?) {
        state.withLock { state in
            state.generation &+= 1
            guard let scopes else { return state.removeAll() }
            state.removeAll { !$0.scopes.isDisjoint(with: scopes) }
        }
    }

    /// How many answers are kept (for tests).
    var count: Int { state.withLock { $0.entries.count } }
}

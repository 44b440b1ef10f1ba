import FeedParsing
import Foundation
import Logging
import TidingsModel
import TidingsSections
import TidingsStore
import Tracing

extension SourcePoller {
    /// What a fetch brought back, before it is read.
    enum Fetched {
        case document(
            bytes: [UInt8], charset: String?, baseURL: URL?, etag: String?, lastModified: String?,
            freshness: TimeInterval?, status: PollStatus)
        case notModified(freshness: TimeInterval?, status: PollStatus)
    }

    /// Fetches and reads one source, with the article pages its entries want fetched (sources
    /// with `full_text`); nil when the source is no longer configured here.
    func attempt(_ state: SourceState) async -> (record: FetchRecord, articles: [String])? {
        guard let (source, sections) = sources[state.id] else { return nil }
        let started = clock()
        // A process held up between its claim and the fetch (a paused VM, a starved machine) no
        // longer has the lease's time for a whole fetch: another may claim the source while this
        // one still fetches. It leaves the source to the next claim once the lease ends.
        if state.leaseOwner == owner, let until = state.leaseUntil,
            started.addingTimeInterval(settings.fetch.totalTimeout) > until
        {
            logger.warning(
                "poller: \(state.id): claimed \(Int(lease - until.timeIntervalSince(started))) s ago, too late to fetch within its lease; left to the next claim",
                metadata: ["source_id": .string(state.id), "lease_until": .stringConvertible(until)])
            return nil
        }
        let jitter = PollSchedule.jitter(for: state.id)
        var outcome: FetchRecord.Outcome
        var status: PollStatus
        var failures = 0
        var delay: TimeInterval
        var articles: [String] = []
        do {
            switch try await fetch(source, state: state.validating(sections)) {
            case .notModified(let freshness, let code):
                outcome = .notModified
                status = code
                delay = schedule.afterSuccess(freshness: freshness, documentHint: nil, jitter: jitter)
            case .document(let bytes, let charset, let baseURL, let etag, let lastModified, let freshness, let code):
                let document = try reader.read(
                    bytes, format: source.format, sourceID: source.id, sourceName: source.displayName,
                    charset: charset, baseURL: baseURL)
                if !document.warnings.isEmpty {
                    // One line per document read (an unchanged one is not read again).
                    logger.warning(
                        "poller: \(source.id): \(document.warnings.joined(separator: "; "))",
                        metadata: [
                            "source_id": .string(source.id),
                            "warnings": .string(document.warnings.joined(separator: "; ")),
                        ])
                }
                articles = articlePages(document.entries, sourceID: source.id)
                var inputs = try Self.inputs(
                    document.entries, sourceID: source.id, keyed: settings.grouping.enabled,
                    searchLanguage: settings.search.enabled
                        ? .some(document.language ?? current.languages[source.id]) : nil)
                Self.notePages(Set(articles), of: document.entries, in: &inputs)
                outcome = .fetched(
                    entries: inputs,
                    etag: etag,
                    lastModified: lastModified,
                    title: document.title, webURL: document.webURL?.absoluteString)
                status = code
                delay = schedule.afterSuccess(freshness: freshness, documentHint: document.refreshHint, jitter: jitter)
            }
        } catch {
            failures = state.failures + 1
            let (message, code, retryAfter) = Self.describe(error)
            outcome = .failed(message)
            status = code
            delay = schedule.afterFailure(failures: failures, retryAfter: retryAfter, jitter: jitter)
            // Fetch errors name their URL; reading errors ("not JSON") do not, so name the source.
            let named = message.contains(source.id) ? message : "\(source.id): \(message)"
            logger.warning(
                "poller: \(named); next try in \(Int(delay))s",
                metadata: [
                    "source_id": .string(source.id), "poll_status": .stringConvertible(code), "error": .string(message),
                    "failures": .stringConvertible(failures), "retry_in_s": .stringConvertible(Int(delay)),
                ])
        }
        logger.debug(
            "poller: fetched \(source.id): \(status) by \(owner)",
            metadata: [
                "source_id": .string(source.id), "poll_status": .stringConvertible(status), "owner": .string(owner),
            ])
        let record = FetchRecord(
            sourceID: source.id, sections: sections, attemptedAt: started, outcome: outcome,
            status: status,
            nextFetchAt: clock().addingTimeInterval(delay), failures: failures, keepItems: settings.retention.maxItems,
            keepSince: started.addingTimeInterval(-settings.retention.maxAge), grouping: settings.grouping.rule)
        return (record, articles)
    }

    /// Fetches `states`, at most `concurrency` at once, each recorded as it ends.
    func poll(_ states: [SourceState], concurrency: Int = .max) async -> [PollResult] {
        await withTaskGroup(of: PollResult?.self) { group in
            var results: [PollResult] = []
            var pending = states[...]
            for state in pending.prefix(concurrency) { group.addTask { await self.pollOne(state) } }
            pending = pending.dropFirst(concurrency)
            for await result in group {
                if let result { results.append(result) }
                if let state = pending.popFirst() { group.addTask { await self.pollOne(state) } }
            }
            return results.sorted { $0.sourceID < $1.sourceID }
        }
    }

    /// Fetches one source and records the outcome, in a `poller.fetch` span (the recording's
    /// `db.write` within it), counted by outcome; nil when the source is not configured here or
    /// the poller is stopping (the lease then simply expires).
    func pollOne(_ state: SourceState) async -> PollResult? {
        let started = clock()
        return await withSpan("poller.fetch") { span in
            span.attributes["tidings.source_id"] = state.id
            let result = await fetchAndRecord(state)
            if let result {
                span.attributes["tidings.poll_status"] = result.status.description
                span.attributes["tidings.entries_new"] = result.changes.inserted
                if result.error != nil { span.setStatus(SpanStatus(code: .error)) }
                metrics.polled(
                    result.status, lag: started.timeIntervalSince(state.nextFetchAt), since: started, now: clock())
            }
            return result
        }
    }

    private func fetchAndRecord(_ state: SourceState) async -> PollResult? {
        guard let (record, articles) = await attempt(state) else { return nil }
        // A failure while stopping is most likely the stop itself, not the source's fault.
        if Task.isCancelled, case .failed = record.outcome { return nil }
        var error: String?
        if case .failed(let message) = record.outcome { error = message }
        switch await recorder.record(record) {
        case .success(let changes):
            let regrouped = await requestArticles(articles, sourceID: record.sourceID, sections: record.sections)
            if !changes.changed, !regrouped.isEmpty { onChange(Array(regrouped)) }
            if changes.changed {
                // Cached pages are dropped before the line is logged: whoever reads the log (an
                // operator, the end-to-end tests) and then asks for a page sees the new entries.
                onChange(sources[record.sourceID]?.sections ?? [])
                logger.info(
                    "poller: \(record.sourceID): \(changes.description)",
                    metadata: [
                        "source_id": .string(record.sourceID), "new": .stringConvertible(changes.inserted),
                        "changed": .stringConvertible(changes.updated),
                        "unchanged": .stringConvertible(changes.unchanged),
                        "pruned": .stringConvertible(changes.pruned),
                    ])
            }
            return PollResult(
                sourceID: record.sourceID, status: record.status, error: error, changes: changes,
                nextFetchAt: record.nextFetchAt)
        case .failure(let failure):
            if !(failure is StoreUnavailable), let failed = await recordRefusal(of: record, state: state, failure) {
                return failed
            }
            return PollResult(
                sourceID: record.sourceID, status: .notRecorded, error: "\(failure)", changes: UpsertSummary(),
                nextFetchAt: record.nextFetchAt)
        }
    }

    /// Records, in place of a fetch the store refused (for anything but being unavailable), a
    /// failure with the reason and the backoff of failures, so the source is not fetched again as
    /// soon as its lease ends; nil when that cannot be recorded either.
    private func recordRefusal(of record: FetchRecord, state: SourceState, _ failure: any Error) async -> PollResult? {
        let failures = state.failures + 1
        let delay = schedule.afterFailure(
            failures: failures, retryAfter: nil, jitter: PollSchedule.jitter(for: state.id))
        let message = "could not store what it sent: \(failure)"
        var failed = record
        failed.outcome = .failed(message)
        failed.status = .notRecorded
        failed.failures = failures
        failed.nextFetchAt = clock().addingTimeInterval(delay)
        logger.error(
            "poller: \(record.sourceID): \(message); next try in \(Int(delay))s",
            metadata: [
                "source_id": .string(record.sourceID), "error": .string("\(failure)"),
                "failures": .stringConvertible(failures), "retry_in_s": .stringConvertible(Int(delay)),
            ])
        guard case .success(let changes) = await recorder.record(failed) else { return nil }
        return PollResult(
            sourceID: record.sourceID, status: .notRecorded, error: message, changes: changes,
            nextFetchAt: failed.nextFetchAt)
    }

    /// One conditional fetch of a URL, or a look at a file's size and modification time (none when
    /// `state` has no validators).
    private func fetch(_ source: FetchedSource, state: SourceState) async throws -> Fetched {
        switch source.location {
        case .url(let url):
            let response = try await fetcher.fetch(
                FetchRequest(url: url, etag: state.etag, lastModified: state.lastModified))
            if response.resent {
                logger.debug(
                    "poller: \(url.absoluteString): sent twice, the first connection closed unanswered",
                    metadata: ["source_id": .string(source.id)])
            }
            if response.notModified { return .notModified(freshness: response.freshness, status: .http(304)) }
            if response.isCut {
                // The parser keeps the entries complete in the part that came ("truncated?").
                logger.warning(
                    "poller: \(url.absoluteString) sent a body over \(settings.fetch.maxBytes) bytes; read its start",
                    metadata: [
                        "source_id": .string(source.id), "max_bytes": .stringConvertible(settings.fetch.maxBytes),
                    ])
            }
            return .document(
                bytes: response.body, charset: response.charset, baseURL: response.finalURL, etag: response.etag,
                lastModified: response.lastModified, freshness: response.freshness, status: .http(response.status))
        case .file(let path):
            let attributes: [FileAttributeKey: Any]
            do {
                attributes = try FileManager.default.attributesOfItem(atPath: path)
            } catch {
                throw SourceReadError("cannot read \(path): \(error.localizedDescription)")
            }
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            // The file's size and modification time stand in for an ETag.
            let validator = "file:\(size):\(Int64(modified * 1000))"
            if state.etag == validator { return .notModified(freshness: nil, status: .fileUnchanged) }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw SourceReadError("cannot read \(path)")
            }
            return .document(
                bytes: Array(data), charset: nil, baseURL: URL(fileURLWithPath: path), etag: validator,
                lastModified: nil, freshness: nil, status: .fileRead)
        }
    }

    /// The message, short status and Retry-After of a failure.
    static func describe(_ error: any Error) -> (String, PollStatus, TimeInterval?) {
        switch error {
        case let error as FetchError:
            let status: PollStatus =
                switch error.kind {
                case .http(let status): .http(status)
                case .blockedAddress: .failed(.blocked)
                case .dns: .failed(.dns)
                case .timeout: .failed(.timeout)
                case .tooLarge: .failed(.tooLarge)
                case .tooManyRedirects: .failed(.redirects)
                case .connect: .failed(.connect)
                case .tls: .failed(.tls)
                case .badURL: .failed(.badURL)
                case .cancelled: .failed(.cancelled)
                case .other: .failed(.error)
                }
            return (error.message, status, error.retryAfter)
        case let error as SourceReadError:
            return (error.description, .unreadable, nil)
        default:
            return ("poller: \(error)", .failed(.error), nil)
        }
    }

    /// A document's entries as stored (``input(_:sourceID:keyed:searchLanguage:)``); `keyed`, a
    /// link two of them share is no story's key (``StoryKeys/withoutSharedLinks(_:)``).
    public static func inputs(
        _ entries: [SourceEntry], sourceID: String, keyed: Bool, searchLanguage: String?? = nil
    ) throws -> [EntryInput] {
        var inputs = try entries.map { try input($0, sourceID: sourceID, keyed: keyed, searchLanguage: searchLanguage) }
        guard keyed else { return inputs }
        for (index, keys) in StoryKeys.withoutSharedLinks(inputs.map(\.story)).enumerated() {
            inputs[index].story = keys
        }
        return inputs
    }

    /// Marks the entries whose pages are read in full (`pages`, as ``articlePages(_:sourceID:)``
    /// gives them) with their page's address: the page's text, once extracted, is indexed with
    /// them. `inputs` are `entries`' inputs, in their order.
    static func notePages(_ pages: Set<String>, of entries: [SourceEntry], in inputs: inout [EntryInput]) {
        guard !pages.isEmpty else { return }
        for (index, entry) in zip(inputs.indices, entries) {
            guard case .teaser(let teaser) = entry.item, let url = teaser.url?.absoluteString, pages.contains(url)
            else { continue }
            inputs[index].articleURL = try? ArticlePage.storableURL(url)
        }
    }

    /// The entry as stored: its key scoped by its source, its item encoded once, here, with the
    /// places its image links go (`EntryRecord`), so serving a page only joins strings; `keyed`,
    /// with what story grouping compares it by; with a `searchLanguage` (search on; the text's
    /// language, `.some(nil)` when not known), with what search indexes — both made here, outside
    /// the store's write.
    public static func input(
        _ entry: SourceEntry, sourceID: String, keyed: Bool = false, searchLanguage: String?? = nil
    ) throws -> EntryInput {
        let record = try EntryRecord(entry.item)
        let json = record.json
        let itemID =
            switch entry.item {
            case .teaser(let teaser): teaser.id
            default: entry.item.id
            }
        return EntryInput(
            key: EntryKey(source: sourceID, item: entry.key), itemID: itemID, record: record,
            contentHTML: entry.contentHTML,
            publishedAt: entry.publishedAt, contentHash: StableHash.hex(json + "\u{0}" + (entry.contentHTML ?? "")),
            formerKey: entry.formerKey.map { EntryKey(source: sourceID, item: $0) },
            story: keyed ? StoryKeys(item: entry.item) : nil,
            search: searchLanguage.flatMap { language in
                SearchDocument(
                    item: entry.item, text: entry.contentHTML.map { HTMLText.plainText($0) }, language: language)
            })
    }
}

extension SourceState {
    /// The state to fetch with for `sections`: without its validators when a section is not among
    /// the streams the last full fetch wrote to (a section that started reading the source since:
    /// a `304` would leave it empty until the feed changes).
    func validating(_ sections: [SectionKey]) -> SourceState {
        guard etag != nil || lastModified != nil else { return self }
        if let streams, sections.allSatisfy({ streams.contains($0.stream) }) { return self }
        return withoutValidators
    }

    /// The state without its validators: the next fetch asks for the whole document.
    var withoutValidators: SourceState {
        var state = self
        state.etag = nil
        state.lastModified = nil
        return state
    }
}

extension StoryGrouping {
    /// The store's rule for these settings; nil when grouping is off.
    public var rule: StoryRule? {
        enabled ? StoryRule(window: window, minSimilarity: minSimilarity, minWords: minWords) : nil
    }
}

import Testing
import TidingsKit
import TidingsModel

/// Seed 002's result type: walking a feed page by page through the steps it returns.
@Suite("FeedResult")
struct PagerFeedResultTests {
    struct Failure: Error, Equatable {}

    /// Pages of three numbers at cursors "1", "2"; the first page at nil; "2" is the last.
    static func page(_ cursor: String?) -> ([Int], nextCursor: String?) {
        let index = Int(cursor ?? "0")!
        return (Array(index * 3..<index * 3 + 3), index < 2 ? String(index + 1) : nil)
    }

    @Test("success steps lead through every page to the end")
    func walksToTheEnd() async {
        var result = await FeedResult<[Int], Never>.first { cursor in .success(Self.page(cursor)) }
        var pages: [[Int]] = []
        while case .success(let page, let next) = result {
            pages.append(page)
            result = await next()
        }
        #expect(pages == [[0, 1, 2], [3, 4, 5], [6, 7, 8]])
        guard case .end = result else {
            Issue.record("expected the end, got \(result)")
            return
        }
    }

    @Test("a failure's retry loads the same page again")
    func retriesTheFailedPage() async {
        let calls = Locked<[String?]>([])
        let first = await FeedResult<[Int], Failure>.first { cursor in
            let count = calls.withLock {
                $0.append(cursor)
                return $0.count
            }
            return count == 2 ? .failure(Failure()) : .success(Self.page(cursor))
        }
        guard case .success(_, let next) = first, case .failure(let error, let retry) = await next(),
            case .success(let page, _) = await retry()
        else {
            Issue.record("expected success, failure, success")
            return
        }
        #expect(error == Failure())
        #expect(page == [3, 4, 5])
        #expect(calls.current == [nil, "1", "1"])
    }

    @Test("a loader failing with any Error gives any Error failures")
    func untypedLoader() async {
        struct Offline: Error {}
        let result = await FeedResult<[Int], any Error>.first { _ in .failure(Offline()) }
        guard case .failure(let error, _) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is Offline)
    }
}

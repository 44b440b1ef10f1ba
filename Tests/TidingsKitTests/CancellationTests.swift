import Foundation
import Testing
import TidingsKit
import TidingsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Leaving a screen cancels its request: the caller's cancellation reaches the transport. Fetches
/// used to run in unstructured tasks that outlived the caller.
@Suite("Cancelling a screen's request")
struct CancellationTests {
    /// A transport that answers nothing until cancelled, and writes down that it was.
    final class HangingTransport: HTTPTransport {
        let started = AsyncStream.makeStream(of: Void.self)
        let sawCancellation = Locked(false)

        func send(_ request: TransportRequest) async throws(TidingsError) -> TransportResponse {
            started.continuation.yield()
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                sawCancellation.withLock { $0 = true }
                throw .cancelled
            }
            throw .badResponse("not cancelled within a minute")
        }

        /// Waits until a request reached the transport.
        func waitForRequest() async {
            var requests = started.stream.makeAsyncIterator()
            _ = await requests.next()
        }
    }

    static func client(_ transport: HangingTransport) -> TidingsClient {
        TidingsClient(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)
    }

    @Test("cancelling the task that called load() cancels the screen model's request")
    func screenModel() async throws {
        let transport = HangingTransport()
        let model = FeedScreenModel(loader: SectionLoader(client: Self.client(transport), brand: "b", section: "s"))
        let screen = Task { await model.load() }
        await transport.waitForRequest()
        screen.cancel()
        await screen.value
        #expect(transport.sawCancellation.current, "the transport saw the cancellation")
        guard case .error(let failure) = await model.state else {
            Issue.record("\(await model.state)")
            return
        }
        #expect(failure.error == .cancelled)
    }

    @Test("cancelling the caller of a Pager's start() cancels its fetch")
    func pager() async throws {
        let transport = HangingTransport()
        let loader = SectionLoader(client: Self.client(transport), brand: "b", section: "s")
        let pager = Pager<FeedItem, TidingsError> { request in
            do throws(TidingsError) {
                let feed = try await loader.load(cursor: request.cursor)
                guard case .native(let items) = feed.content else {
                    return .success(PagerPage(items: [], nextCursor: nil))
                }
                return .success(PagerPage(items: items, nextCursor: feed.nextCursor))
            } catch {
                return .failure(error)
            }
        }
        let caller = Task { await pager.start() }
        await transport.waitForRequest()
        caller.cancel()
        await caller.value
        #expect(transport.sawCancellation.current)
    }

    @Test("a request through the default transport is cancelled with its caller")
    func urlSession() async throws {
        // A loopback listener that accepts and never answers.
        let listener = try SilentListener()
        defer { listener.close() }
        // A request timeout far off: an answer of `.cancelled` (not `.timeout`) is the caller's doing.
        let client = TidingsClient(
            baseURL: URL(string: "http://127.0.0.1:\(listener.port)")!, transport: URLSessionTransport(timeout: 600))
        let caller = Task { () -> TidingsError? in
            do throws(TidingsError) {
                _ = try await client.brands()
                return nil
            } catch {
                return error
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        caller.cancel()
        #expect(await caller.value == .cancelled)
    }
}

/// A TCP listener on a loopback port that never accepts: the kernel completes connections into its
/// backlog, requests are sent, and no answer ever comes.
final class SilentListener: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            throw TidingsError.badResponse("cannot listen on loopback")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}

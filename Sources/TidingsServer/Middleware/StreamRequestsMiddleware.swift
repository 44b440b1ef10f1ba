import Hummingbird

/// Answers a live stream's request (`GET …/updates`) in a child task, so that an open stream keeps
/// only the memory its writing loop needs.
///
/// A connection's task stays alive for as long as its response streams, and Swift's task allocator
/// keeps the slabs of a task's deepest point until the task ends: what the middleware chain, the
/// router and the handler once used (about 20 KB) would stay with every idle stream. A child task
/// returns its slabs when it ends — here, once the response (not yet its body) is made — and the
/// body is written afterwards by the connection's task, outside the chain. Any other request is
/// passed on as it is: a child task costs a task's creation and two switches, which a stream pays
/// once for its whole life and an ordinary request would pay on every request.
struct StreamRequestsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .get, request.uri.path.utf8.count > 8, request.uri.path.hasSuffix("/updates") else {
            return try await next(request, context)
        }
        // `next` is neither escaping nor `Sendable`, but the child task calls it once while this
        // task waits for it, and is over before this returns: never called from two places at a
        // time, nor after it.
        return try await withoutActuallyEscaping(next) { next in
            nonisolated(unsafe) let next = next
            return try await withThrowingTaskGroup(of: Response.self) { group in
                group.addTask { try await next(request, context) }
                return try await group.next()!
            }
        }
    }
}

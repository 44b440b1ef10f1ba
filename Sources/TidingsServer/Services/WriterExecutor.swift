import NIOCore
import NIOPosix

/// A thread of its own for the catalog's group-commit writer (``IngestGroups``), as a task
/// executor: the writer's steps — each statement's answer from the database's thread or server,
/// the batch logic between them — run there one after another, instead of each waiting its turn in
/// the shared pool's queue behind every request being read, decoded and answered. One process has
/// one (made at first use, for the process's life); the writer is one task at a time.
final class WriterExecutor: TaskExecutor {
    static let shared = WriterExecutor()

    private let loop: any EventLoop

    private init() {
        loop = MultiThreadedEventLoopGroup(numberOfThreads: 1).next()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

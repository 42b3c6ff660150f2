import Dispatch

/// A task executor that runs jobs on a Dispatch queue.
///
/// The adapter calls its data source's async requirements in tasks that prefer this
/// executor, backed by a concurrent queue of its own. Their work then runs on Dispatch
/// threads, not on Swift's cooperative pool: a pool saturated by the app's own CPU-bound
/// tasks cannot starve loads and fetches, and a source that blocks a thread (a hung file
/// read, a blocking lock) costs one Dispatch thread, not one of the few cooperative ones.
@usableFromInline
final class DispatchTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    @usableFromInline
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

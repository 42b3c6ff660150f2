#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has run (`CLOCK_THREAD_CPUTIME_ID`): set beside a wall
/// clock, it tells how much of a stretch of wall time the thread spent working and how much
/// waiting for the scheduler to run it.
///
/// Any thread; about a quarter of a microsecond per reading.
package enum ThreadCPUClock {
    package static var now: Duration {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return .zero }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}

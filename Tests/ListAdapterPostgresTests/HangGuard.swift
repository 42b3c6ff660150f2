import ListAdapterTesting
import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every suite that waits on conditions: a guard against a hang, not
    /// a performance check. Swift Testing runs the whole suite at once, so on two busy cores
    /// a test that needs a second of CPU may take about as long as the whole run (several
    /// minutes; more under the thread sanitizer). Ten minutes is past that, and inside the
    /// time CI gives the step, so a hang still fails here, naming its test.
    static var hangGuard: Self {
        TestLogs.install()          // the adapter's log lines go to memory, not the test output
        return .timeLimit(.minutes(10))
    }
}

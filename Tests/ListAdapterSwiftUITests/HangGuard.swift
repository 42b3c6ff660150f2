import ListAdapterTesting
import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every suite that waits on conditions: a guard against a hang, not
    /// a performance check (see ListAdapterTestingTests' HangGuard.swift for the figure).
    static var hangGuard: Self {
        TestLogs.install()          // the adapter's log lines go to memory, not the test output
        return .timeLimit(.minutes(10))
    }
}

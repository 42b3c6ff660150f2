import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of every suite that waits on conditions: a guard against a hang, not
    /// a performance check (see ListAdapterTestingTests' HangGuard.swift for the figure).
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}

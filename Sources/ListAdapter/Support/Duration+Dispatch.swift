package import Dispatch

extension Duration {
    /// The duration as a Dispatch interval (nanosecond precision); `.never` past what
    /// Dispatch can count. Pure: any thread.
    package var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if nanoseconds.overflow || seconds > Int64(Int.max / 1_000_000_000) { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}

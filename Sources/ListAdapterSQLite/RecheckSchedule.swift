/// When to look again after a file event: 1 ms later, then at intervals doubling up to
/// ``longest``, until ``window`` has passed since the event (a later event starts over).
/// A commit that becomes visible `t` after its file event is seen within `t` plus one
/// interval (at most 2t below the cap), and an event with no commit behind it (a
/// checkpoint) costs about 35 cheap reads. Pure value; the watcher owns one.
struct RecheckSchedule: Sendable, Equatable {
    static let first = Duration.milliseconds(1)
    static let longest = Duration.milliseconds(16)
    static let window = Duration.milliseconds(500)

    /// Changes whenever a sequence starts, so that the looks of an earlier one (already
    /// scheduled) stand down.
    private(set) var token = 0
    private var interval = Duration.zero
    private var elapsed = Duration.zero

    /// A file event: starts a fresh sequence and returns its first delay.
    mutating func restart() -> Duration {
        token += 1
        elapsed = .zero
        interval = Self.first
        return interval
    }

    /// A look was taken: the delay until the next one, or nil when the window is over.
    mutating func next() -> Duration? {
        elapsed += interval
        guard elapsed < Self.window else { return nil }
        interval = min(interval * 2, Self.longest)
        return interval
    }
}

/// When to look again after a file event: 1 ms later, then at intervals doubling up to
/// ``longest``, until ``window`` has passed since the last event (a later event starts
/// over). A commit that becomes visible `t` after its file event is seen within `t` plus
/// one interval (at most 2t below the cap), and an event with no commit behind it (a
/// checkpoint) costs about 35 cheap reads. Pure value; the watcher owns one and runs it
/// on one timer.
struct RecheckSchedule: Sendable, Equatable {
    static let first = Duration.milliseconds(1)
    static let longest = Duration.milliseconds(16)
    static let window = Duration.milliseconds(500)

    private var interval = Duration.zero
    private var elapsed = Duration.zero
    /// Whether a look is scheduled.
    private(set) var isRunning = false

    /// A file event: starts the sequence over. Returns the delay of the next look, or
    /// `nil` when the look already scheduled is due within ``first`` (`lookIsDue`), so a
    /// burst of events (a commit writes several WAL frames) reprograms the timer once.
    mutating func restart(lookIsDue: Bool) -> Duration? {
        elapsed = .zero
        interval = Self.first
        if isRunning && lookIsDue { return nil }
        isRunning = true
        return interval
    }

    /// A look was taken: the delay until the next one, or `nil` when the window is over.
    mutating func next() -> Duration? {
        elapsed += interval
        guard elapsed < Self.window else {
            isRunning = false
            return nil
        }
        interval = min(interval * 2, Self.longest)
        return interval
    }
}

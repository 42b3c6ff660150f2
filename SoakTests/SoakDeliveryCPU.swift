import ListAdapter
import ListAdapterTesting

/// The main thread's CPU time per delivery, split into the adapter's own work, the
/// connectors' and the reference views' (UIKit's stand-ins), with the soak's own checks
/// left out: the figure to hold against a frame (the adapter's and connectors' part must
/// stay under 8 ms at p99.9). A person's edit counts as one delivery: the adapter takes a
/// move or a delete on the main thread and the connectors apply it there.
///
/// Events of one delivery share the adapter's delivery count (it grows as a delivery
/// ends); the delivery's total is ``ListViewAdapter/lastDeliveryCPUDuration``, read once the
/// count has grown by exactly one (else the delivery is not sampled).
@MainActor
struct SoakDeliveryCPU {
    private struct Bucket {
        var deliveries: Int
        var observers = Duration.zero
        var connectors = Duration.zero
        var views = Duration.zero
    }

    private var bucket: Bucket?
    private var event: (start: Duration, views: Duration, preObserver: Duration)?
    /// Per sampled delivery, in microseconds.
    private(set) var adapter: [Int] = []
    private(set) var connectors: [Int] = []
    private(set) var views: [Int] = []
    /// Per person's edit: the adapter's and connectors' part, in microseconds.
    private(set) var edits: [Int] = []
    private var editStart: (cpu: Duration, views: Duration)?

    static func viewsCPU(_ screens: SoakScreens?) -> Duration {
        screens?.screens.reduce(Duration.zero) { $0 + $1.ownCPUTime } ?? .zero
    }

    private static func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000 + Int(duration.components.attoseconds / 1_000_000_000_000)
    }

    /// The first observer starts on an event; `preObserver` is its own work's CPU time, done.
    mutating func eventStarted(at start: Duration, preObserver: Duration, adapter: ListViewAdapter<Int64, Int64, SoakItem>, screens: SoakScreens?) {
        let completed = adapter.completedDeliveries
        if editStart == nil, bucket?.deliveries != completed {
            if let done = bucket, completed == done.deliveries + 1 { record(done, total: adapter.lastDeliveryCPUDuration) }
            bucket = Bucket(deliveries: completed)
        }
        event = (start, Self.viewsCPU(screens), preObserver)
    }

    /// The last observer (the soak's) starts on the event: the connectors are done.
    mutating func connectorsEnded(at now: Duration, screens: SoakScreens?) {
        guard let event else { return }
        let views = Self.viewsCPU(screens) - event.views
        let connectors = (now - event.start) - event.preObserver - views
        bucket?.connectors += connectors
        bucket?.views += views
    }

    /// The last observer is done with the event.
    mutating func eventEnded(at now: Duration) {
        guard let event else { return }
        bucket?.observers += now - event.start
        self.event = nil
    }

    private mutating func record(_ bucket: Bucket, total: Duration) {
        let own = total - bucket.observers
        adapter.append(Self.microseconds(own))
        connectors.append(Self.microseconds(bucket.connectors))
        views.append(Self.microseconds(bucket.views))
    }

    /// A person's edit starts (before the view moves its row).
    mutating func editStarted(screens: SoakScreens?) {
        bucket = Bucket(deliveries: -1)
        editStart = (ThreadCPUClock.now, Self.viewsCPU(screens))
    }

    /// The edit's calls returned: its CPU time, less the views' and the soak's.
    mutating func editEnded(adapter: ListViewAdapter<Int64, Int64, SoakItem>, screens: SoakScreens?) {
        guard let start = editStart, let done = bucket else { return }
        let total = ThreadCPUClock.now - start.cpu
        let views = Self.viewsCPU(screens) - start.views
        let soak = done.observers - done.connectors - done.views
        edits.append(Self.microseconds(total - views - soak))
        editStart = nil
        bucket = Bucket(deliveries: adapter.completedDeliveries)
    }

    private static func percentile(_ values: [Int], _ fraction: Double) -> String {
        guard !values.isEmpty else { return "-" }
        let sorted = values.sorted()
        let value = sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
        return String(format: "%.2f", Double(value) / 1_000)
    }

    private static func line(_ name: String, _ values: [Int]) -> String {
        "\(name) p50 \(percentile(values, 0.5)), p99 \(percentile(values, 0.99)), p99.9 \(percentile(values, 0.999)), max \(percentile(values, 1))"
    }

    var summary: String {
        let ownWork = zip(adapter, connectors).map { $0 + $1 }
        return """
            main-thread CPU per delivery, ms (\(adapter.count) deliveries sampled): \(Self.line("adapter", adapter)); \(Self.line("connectors", connectors)); \(Self.line("reference views", views))
            the adapter's and connectors' part: \(Self.line("deliveries", ownWork))\(edits.isEmpty ? "" : "; \(Self.line("a person's edit steps (\(edits.count), a burst counts once)", edits))") (target: p99.9 <= 8 ms)
            """
    }
}

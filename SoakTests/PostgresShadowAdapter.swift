#if PostgreSQL
import ListAdapter
import ListAdapterPostgres
import ListAdapterTesting

/// A second adapter on the soak's PostgreSQL table, attached for the whole run while the
/// main adapter moves between sources: every event it delivers goes to a table and a
/// collection reference view (``ListAdapterTesting/ListViewAdapterProbe``: each batch
/// checked with UIKit's rules, every cell against the adapter's answers), and at each
/// checkpoint it must come to show the table's state.
///
/// Main actor (the adapter's delivery queue).
@MainActor
final class PostgresShadowAdapter {
    typealias Source = PostgresListSource<Int64, Int64, SoakItem>

    let name: String
    let source: Source
    /// It settles at every this many checkpoints (and the final one); at the others only
    /// its checks so far are looked at. A follower that polls statistics can take over
    /// 10 s to notice a commit (see ``PostgresSoakStore``), so it is not waited for at each.
    let settleEvery: Int
    private var checkpoints = 0
    private let adapter: ListViewAdapter<Int64, Int64, SoakItem>
    private let probe: ListViewAdapterProbe<Int64, Int64, SoakItem>
    /// Checkpoints it settled at, and the longest it took to.
    private(set) var settled = 0
    private(set) var longestSettle = Duration.zero

    init(name: String, source: Source, settleEvery: Int = 1) {
        self.name = name
        self.source = source
        self.settleEvery = settleEvery
        var configuration = ListViewAdapterConfiguration()
        configuration.logger.logLevel = .critical
        adapter = ListViewAdapter(source: source, configuration: configuration)
        probe = ListViewAdapterProbe(adapter, keepingLast: 16)
    }

    /// Waits (at most `timeout`, ending as soon as it holds) until both views show `truth`;
    /// the problem if they do not, or if any batch or cell check failed. At a checkpoint
    /// it does not settle at (see ``settleEvery``), only the latter.
    func settle(on truth: ListSnapshot<Int64, Int64>, timeout: Duration, final: Bool) async -> String? {
        checkpoints += 1
        guard final || checkpoints % settleEvery == 0 else {
            return probe.failures.first.map { "\(name) adapter: \($0)" }
        }
        let clock = ContinuousClock()
        let start = clock.now
        let probe = probe
        let shown = await probe.recorder.wait(atMost: timeout) { _ in !probe.failures.isEmpty || probe.shows(truth) }
        if let failure = probe.failures.first { return "\(name) adapter: \(failure)" }
        if case .failed(let error) = adapter.loadState { return "\(name) adapter: its load failed: \(error)" }
        guard shown, probe.shows(truth) else {
            return "\(name) adapter: \(timeout) after the writer paused it shows \(adapter.snapshot.count) items in \(adapter.snapshot.numberOfSections) sections, the table \(truth.count) in \(truth.numberOfSections) (source statistics: \(source.statistics))"
        }
        settled += 1
        longestSettle = max(longestSettle, clock.now - start)
        return nil
    }

    /// Batches and reloads its views applied.
    var report: String {
        "\(name) adapter: \(probe.appliedBatches) batches and \(probe.recorder.reloadCount) reloads checked on two reference views, settled at \(settled) checkpoints (longest wait \(longestSettle))"
    }

    /// Stops checking and closes the source.
    func close() async {
        probe.cancel()
        await source.close()
    }
}
#endif

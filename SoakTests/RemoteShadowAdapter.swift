#if WebSocket
import Foundation
import ListAdapter
import ListAdapterRemote
import ListAdapterTesting

/// An app watching the soak's list over the remote mode's server: a `ListViewAdapter` on a
/// ``ListAdapterRemote/RemoteListSource`` (a real WebSocket client over loopback), every
/// event it delivers going to a table and a collection reference view
/// (``ListAdapterTesting/ListViewAdapterProbe``: each batch checked with UIKit's rules,
/// every cell against the adapter's answers). At each checkpoint it must come to show the
/// file's list, connected, and its payloads (fetched over HTTP) must be the rows' current
/// ones.
///
/// What its connections did comes from ``RemoteWatchTransport``: attempts, and for each
/// that got a message whether it was a fresh list, a resume answered with changes, or a
/// resume answered with the whole list.
///
/// Main actor (the adapter's delivery queue); its transport's events arrive on it in order.
@MainActor
final class RemoteShadowAdapter {
    typealias Source = RemoteListSource<Int64, Int64, SoakItem>
    typealias Snapshot = ListSnapshot<Int64, Int64>

    let name: String
    let source: Source
    private let adapter: ListViewAdapter<Int64, Int64, SoakItem>
    private let probe: ListViewAdapterProbe<Int64, Int64, SoakItem>
    private var listener: Task<Void, Never>?
    /// Called when a connection's first message arrived (the watcher is live again).
    var wentLive: ((RemoteShadowAdapter, ContinuousClock.Instant) -> Void)?

    private(set) var attempts = 0
    private(set) var freshLists = 0
    private(set) var resumedWithChanges = 0
    /// Resumes the server answered "up to date" (nothing changed while it was away).
    private(set) var resumedUpToDate = 0
    private(set) var resumedWithList = 0
    /// Connections whose first message said the server stopped serving the list.
    private(set) var toldStopping = 0
    /// Attempts the transport gave up on, the server not completing the upgrade in time.
    private(set) var handshakesTimedOut = 0
    /// When a connection last got its first message (list or change).
    private(set) var lastLive: ContinuousClock.Instant?
    /// When the open connection attempt started, and whether it resumes; `nil` when none.
    private(set) var openAttempt: (start: ContinuousClock.Instant, resuming: Bool)?
    private(set) var settled = 0
    private(set) var longestSettle = Duration.zero
    private(set) var payloadsChecked = 0

    init(name: String, url: URL, token: String) {
        self.name = name
        let (events, sink) = AsyncStream.makeStream(of: RemoteWatchTransport.Event.self)
        let transport = RemoteWatchTransport(inner: Source.defaultTransport) { sink.yield($0) }
        source = Source(url: url, token: token, transport: transport)
        var configuration = ListViewAdapterConfiguration()
        configuration.logger.logLevel = .critical
        adapter = ListViewAdapter(source: source, configuration: configuration)
        probe = ListViewAdapterProbe(adapter, keepingLast: 16)
        listener = Task { [weak self] in
            for await event in events {
                self?.note(event)
            }
        }
    }

    private func note(_ event: RemoteWatchTransport.Event) {
        switch event {
        case .started(let resuming, let start):
            attempts += 1
            openAttempt = (start, resuming)
        case .first(let kind, let time):
            let resuming = openAttempt?.resuming ?? false
            switch kind {
            case .list where resuming: resumedWithList += 1
            case .list: freshLists += 1
            case .change: resumedWithChanges += 1
            case .upToDate: resumedUpToDate += 1
            case .failure: toldStopping += 1
            }
            if kind != .failure {
                lastLive = time
                wentLive?(self, time)
            }
        case .ended(_, let handshakeTimedOut):
            openAttempt = nil
            if handshakeTimedOut { handshakesTimedOut += 1 }
        }
        // What a settle waits for may now hold (or no longer).
        probe.recorder.recheck()
    }

    /// Whether it shows `truth`, connected (live: a resume at the latest version is told
    /// it is up to date, so a connected source is never left reporting the error of the
    /// connection before).
    private func shows(_ truth: Snapshot) -> Bool {
        guard probe.failures.isEmpty, probe.shows(truth), adapter.snapshot == truth, case .live = source.status else { return false }
        if case .failed = adapter.loadState { return false }
        return true
    }

    /// Waits (at most `timeout`, ending as soon as it holds) until both views show `truth`
    /// and the source is connected (see ``shows(_:)``); the problem if not, or if any batch
    /// or cell check failed. `feedVersion`: the server's, for the failure message.
    func settle(on truth: Snapshot, feedVersion: ListVersion?, timeout: Duration) async -> String? {
        let clock = ContinuousClock()
        let start = clock.now
        let probe = probe
        let done = await probe.recorder.wait(atMost: timeout) { [unowned self] _ in
            !probe.failures.isEmpty || self.shows(truth)
        }
        if let failure = probe.failures.first { return "\(name): its reference views refused an event: \(failure)" }
        guard done, shows(truth) else {
            let shown = adapter.snapshot
            return "\(name): \(timeout) after the writers paused it shows \(shown.count) items in \(shown.numberOfSections) sections (its views \(probe.shows(truth) ? "show" : "do not show") the file's list), the file \(truth.count) in \(truth.numberOfSections) (\(Self.firstDifference(shown, truth))); source status \(source.status), version \(source.version.map(String.init(describing:)) ?? "none"), the feed's \(feedVersion.map(String.init(describing:)) ?? "none"); load state \(adapter.loadState); \(connections)"
        }
        settled += 1
        longestSettle = max(longestSettle, clock.now - start)
        return nil
    }

    /// Where `shown` first differs from `truth`, row by row, for a failure message.
    static func firstDifference(_ shown: Snapshot, _ truth: Snapshot) -> String {
        let rows = shown.entries
        let expected = truth.entries
        func describe(_ entries: [ListEntry<Int64, Int64>], _ index: Int) -> String {
            guard index < entries.count else { return "no row" }
            let entry = entries[index]
            return "item \(entry.id) version \(entry.summary) in section \(entry.section.map { "\"\($0)\"" } ?? "(untitled)")"
        }
        for index in 0 ..< max(rows.count, expected.count) {
            let a = index < rows.count ? rows[index] : nil
            let b = index < expected.count ? expected[index] : nil
            if a?.id != b?.id || a?.summary != b?.summary || a?.section != b?.section {
                return "first difference at row \(index): it shows \(describe(rows, index)), the file has \(describe(expected, index))"
            }
        }
        return "the same rows; the views differ"
    }

    /// Fetches the payloads at `paths` through the adapter (one prefetch, so one request
    /// or a few), each checked against the row `truth` lists there; the first problem.
    func checkPayloads(at paths: [ItemPath], truth: Snapshot) async -> String? {
        adapter.prefetchItems(at: paths)
        for path in paths {
            let id = truth.identifier(at: path)
            let version = truth.summary(at: path)
            let answer: FetchedItem<Int64, SoakItem>?
            do {
                answer = try await adapter.item(at: path)
            } catch {
                return "\(name): the payload of \(id) could not be fetched: \(error)"
            }
            guard let answer else {
                return "\(name): the server reported item \(id) missing, though the file lists it at \(path) with version \(version)"
            }
            if answer.id != id || answer.item.id != id || answer.item.version != version {
                return "\(name): the payload at \(path) is item \(answer.item.id) version \(answer.item.version) (answer for \(answer.id)); the file has item \(id) version \(version) there"
            }
            payloadsChecked += 1
        }
        return nil
    }

    /// Batches its views applied, and reloads.
    var batches: Int { probe.appliedBatches }
    var reloads: Int { probe.recorder.reloadCount }

    /// Its connections so far, for messages and the summary.
    var connections: String {
        "\(attempts) connection attempts: \(freshLists) fresh lists, \(resumedWithChanges) resumed with changes, \(resumedUpToDate) resumed up to date, \(resumedWithList) resumed with the whole list, \(toldStopping) told the server stopped, \(handshakesTimedOut) upgrades not completed in time"
    }

    /// Batches and reloads its views applied, its settles and payloads.
    var report: String {
        "\(name): \(probe.appliedBatches) batches and \(probe.recorder.reloadCount) reloads checked on two reference views, settled at \(settled) checkpoints (longest wait \(longestSettle)), \(payloadsChecked) payloads checked; \(connections)"
    }

    /// Stops checking and closes the connection.
    func close() {
        probe.cancel()
        listener?.cancel()
        source.close()
    }
}
#endif

import Dispatch
@testable import ListAdapter

/// The first rows of a list as the sample's browser draws them, and the oracle for what
/// each row may show.
///
/// Like the sample, it redraws after every delivery and every answer, draws a row from
/// the cache when it can, draws it as removed when the source reported it gone, and
/// otherwise asks for it (once at a time per row). On every draw it checks:
/// - a payload shown for a row is that row's version (same summary, and then the same
///   section as the header it is listed under), or a newer version fetched since the
///   last delivery, never an older one, and never a newer one after a delivery;
/// - an answer that arrives before the next delivery leaves its row drawable;
/// - a row is asked for at most once per delivery (a row that cannot be filled yet must
///   not be fetched in a loop).
///
/// Main queue only (the adapter's delivery queue).
@MainActor
final class ScreenModel {
    typealias Adapter = ListViewAdapter<String, Int, String>

    let adapter: Adapter
    let rows: Int
    private(set) var violations: [String] = []
    /// Requests the screen made, per row and delivery epoch.
    private(set) var requestsPerEpoch: [String: Int] = [:]
    /// Payloads shown ahead of their row: the epoch each (row version, payload version)
    /// was first shown in.
    private var aheadShown: [String: Int] = [:]
    /// Per row version not drawable when first drawn: the epoch it was first seen in.
    private var waitingSince: [String: Int] = [:]
    /// For each row version that had to wait: how many deliveries it waited.
    private(set) var waits: [Int] = []
    private(set) var aheadShownCount = 0
    private(set) var vanishedShownCount = 0
    private var outstanding: Set<String> = []
    private var redrawScheduled = false
    private var waiters: [(key: Int, condition: () -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    private var nextWaiter = 0

    init(adapter: Adapter, rows: Int) {
        self.adapter = adapter
        self.rows = rows
    }

    var epoch: Int { adapter.delivered.lagging.epoch }
    var maxRequestsPerEpoch: Int { requestsPerEpoch.values.max() ?? 0 }

    /// The paths of the first `rows` items, in list order.
    var visiblePaths: [ItemPath] {
        var paths: [ItemPath] = []
        var section = 0
        while paths.count < rows, section < adapter.numberOfSections {
            for item in 0 ..< adapter.numberOfItems(inSection: section) where paths.count < rows {
                paths.append(ItemPath(section: section, item: item))
            }
            section += 1
        }
        return paths
    }

    /// Whether every visible row shows the payload of exactly its listed version.
    var showsEveryRowCurrent: Bool {
        let snapshot = adapter.snapshot
        return visiblePaths.allSatisfy { path in
            adapter.cachedItem(at: path).flatMap(MailboxWriter.parse)?.summary == snapshot.summary(at: path)
        }
    }

    func scheduleRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        DispatchQueue.main.async { MainActor.assumeIsolated { self.draw() } }
    }

    /// Returns once `condition` holds after a draw, or once the waiting task is cancelled
    /// (by a test's time limit: the test's expectations then fail instead of hanging).
    func wait(until condition: @escaping () -> Bool) async {
        if condition() { return }
        nextWaiter += 1
        let key = nextWaiter
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { continuation.resume() } else { waiters.append((key, condition, continuation)) }
            }
        } onCancel: {
            Task { @MainActor in
                guard let index = self.waiters.firstIndex(where: { $0.key == key }) else { return }
                self.waiters.remove(at: index).continuation.resume()
            }
        }
    }

    func draw() {
        redrawScheduled = false
        let snapshot = adapter.snapshot
        for path in visiblePaths {
            let id = snapshot.identifier(at: path)
            let summary = snapshot.summary(at: path)
            let version = "\(id)@\(summary)"
            if let item = adapter.cachedItem(at: path) {
                check(item, shownFor: id, summary: summary, section: snapshot.title(ofSection: path.section))
                drawable(version)
            } else if adapter.itemHasVanished(at: path) {
                vanishedShownCount += 1
                drawable(version)
            } else {
                if waitingSince[version] == nil { waitingSince[version] = epoch }
                request(path, id: id)
            }
        }
        let ready = waiters.filter { $0.condition() }
        waiters.removeAll { $0.condition() }
        for waiter in ready { waiter.continuation.resume() }
    }

    private func drawable(_ version: String) {
        if let since = waitingSince.removeValue(forKey: version) { waits.append(epoch - since) }
    }

    private func check(_ item: String, shownFor id: String, summary: Int, section: String?) {
        guard let shown = MailboxWriter.parse(item), item.hasPrefix(id + "|") else {
            violations.append("row \(id) shows another item's payload \(item)")
            return
        }
        if shown.summary == summary {
            if shown.section != section {
                violations.append("row \(id) at version \(summary) is listed under \(section ?? "nil") but shows \(shown.section)")
            }
        } else if shown.summary < summary {
            violations.append("row \(id) at version \(summary) shows an older payload, version \(shown.summary)")
        } else {
            aheadShownCount += 1
            let key = "\(id)@\(summary)->\(shown.summary)"
            let first = aheadShown[key] ?? epoch
            aheadShown[key] = first
            if first != epoch {
                violations.append("row \(id) at version \(summary) shows version \(shown.summary) since epoch \(first), now \(epoch)")
            }
        }
    }

    private func request(_ path: ItemPath, id: String) {
        guard outstanding.insert(id).inserted else { return }
        let asked = epoch
        requestsPerEpoch["\(id)#\(asked)", default: 0] += 1
        adapter.item(at: path) { [weak self] _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.outstanding.remove(id)
                if self.epoch == asked, let path = self.adapter.path(of: id),
                   self.adapter.cachedItem(at: path) == nil, !self.adapter.itemHasVanished(at: path)
                {
                    self.violations.append("row \(id) was answered before the next delivery but cannot be drawn")
                }
                self.scheduleRedraw()
            }
        }
    }
}

import Foundation
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting

/// One seeded soak run: a real adapter on the real main queue, real sources mutated from
/// background threads, every event delivered to on-screen reference views through a
/// `ListViewConnector` each (batches validated with UIKit's rules, cells, payloads, the
/// first visible item's place and selection checked), the final state compared with the
/// source of truth at every checkpoint.
@MainActor
final class SoakRun {
    struct Options {
        var duration: Duration
        var seed: UInt64
        var useMemory: Bool
        var useSQLite: Bool
        var maxItems: Int
        var kinds: [ReferenceListView<Int64, Int64>.Kind]
        /// Whether SQLite changes come from a child process instead of a thread.
        var childProcessWriter: Bool
        /// Whether the section-ordered SQLite source reads a change log.
        var changeLog = false
        var failureDirectory: URL
        /// A store written by another process (PostgreSQL), if the run includes one.
        var external: (any SoakExternalStore)? = nil
        /// Whether a person edits the lists too (``SoakPerson``).
        var edits = false
    }

    typealias Adapter = ListViewAdapter<Int64, Int64, SoakItem>
    typealias Snapshot = ListSnapshot<Int64, Int64>

    let options: Options
    let stores: SoakStores
    var random: SeededGenerator
    private var screens: SoakScreens!
    private var shown = Snapshot()
    var statistics = SoakStatistics()
    /// The main thread's CPU per delivery, split (see ``SoakDeliveryCPU``).
    private(set) var deliveryCPU = SoakDeliveryCPU()
    private(set) var failure: String?
    /// Its conditions read the adapter and the views, not the events: it keeps a few.
    private let recorder = ListEventRecorder<Int64, Int64>(keepingLast: 16)
    private let mutationQueue = DispatchQueue(label: "soak.mutations")
    private(set) var adapter: Adapter!
    private var observation: ListObservation?
    private var preObservation: ListObservation?
    private var currentSource: any ListDataSource<Int64, Int64, SoakItem>
    private var lastCheck = Duration.zero
    /// The main thread's CPU time during the last check (subtracted like ``lastCheck``).
    private var lastCheckCPU = Duration.zero
    private var child: ChildProcessWriter?
    /// The person who edits the lists, with `--edits`.
    let person = SoakPerson()
    /// Apps watching the SQLite file from elsewhere (`--remote`), set before ``run(progress:)``.
    var watchers: (any SoakWatchers)?

    init(options: Options, directory: URL) throws {
        self.options = options
        self.stores = try SoakStores(directory: directory, changeLog: options.changeLog)
        self.random = SeededGenerator(seed: options.seed)
        self.currentSource = options.useMemory ? stores.memory
            : options.useSQLite ? stores.sqliteAll : options.external?.initialSource ?? stores.sqliteAll
    }

    /// Runs until the duration is over or a check fails; returns whether every check passed.
    func run(progress: (String) -> Void) async -> Bool {
        var configuration = ListViewAdapterConfiguration()
        // Duplicates are injected on purpose; they are counted, not logged.
        configuration.logger.logLevel = .critical
        // Storm coalescing on, short, or off: each seed exercises one.
        configuration.coalescingInterval = [.zero, .milliseconds(20), .milliseconds(200)].randomElement(using: &random)!
        // A fixed interval, or one that doubles while a storm lasts.
        configuration.maximumCoalescingInterval = configuration.coalescingInterval * [1, 8].randomElement(using: &random)!
        progress("coalescing interval \(configuration.coalescingInterval), up to \(configuration.maximumCoalescingInterval)")
        if options.childProcessWriter {
            do {
                child = try ChildProcessWriter(databasePath: stores.path)
            } catch {
                fail("could not start the child writer process: \(error)")
                return false
            }
        }
        adapter = ListViewAdapter(source: currentSource, configuration: configuration)
        person.ledger.listing(currentSource)
        // Observers are called in the order they registered: this one sees each event
        // before the connectors, the last one after them.
        preObservation = adapter.observe { [weak self] event in
            guard let self else { return }
            let start = ThreadCPUClock.now
            self.screens?.willDeliver(event)
            self.deliveryCPU.eventStarted(at: start, preObserver: ThreadCPUClock.now - start, adapter: self.adapter, screens: self.screens)
        }
        let recorder = self.recorder
        screens = SoakScreens(
            kinds: options.kinds, adapter: adapter, changed: { recorder.recheck() },
            fail: { [weak self] message in self?.fail(message) }
        )
        observation = adapter.observe { [weak self] event in self?.handle(event) }
        let clock = ContinuousClock()
        let deadline = clock.now + options.duration
        var nextProgress = clock.now + .seconds(5)
        var stepsSinceCheckpoint = 0
        while clock.now < deadline && failure == nil {
            await step()
            watchers?.stepped()
            stepsSinceCheckpoint += 1
            if stepsSinceCheckpoint >= Int.random(in: 20 ... 200, using: &random) {
                await checkpoint()
                stepsSinceCheckpoint = 0
            }
            if clock.now >= nextProgress {
                nextProgress = clock.now + .seconds(5)
                progress("[\(Int((options.duration - (deadline - clock.now)).components.seconds))s] steps \(statistics.steps), change sets \(statistics.changeSets), batches \(statistics.batches), checkpoints \(statistics.checkpoints), items \(adapter.snapshot.count)")
            }
        }
        if failure == nil {
            screens.allOnScreen()
            await checkpoint(final: true)
        }
        // No writer may still be at work once the run is over (the external store's
        // writer is stopped next).
        await withCheckedContinuation { continuation in mutationQueue.async { continuation.resume() } }
        observation?.cancel()
        preObservation?.cancel()
        screens.disconnect()
        statistics.cellsFilled = screens.filled
        statistics.placeholders = screens.placeholders
        statistics.anchorsChecked = screens.anchorsChecked
        return failure == nil
    }

    // MARK: - Steps

    private func step() async {
        statistics.steps += 1
        // Drawn only with `--edits`, so that other runs' seeds replay as before.
        if options.edits, Int.random(in: 0 ..< 5, using: &random) == 0 {
            deliveryCPU.editStarted(screens: screens)
            let store = SoakPerson.Store(memory: stores.memory, sqlite: stores.sqliteOrdered, external: options.external?.personsWrites, writes: person.writes)
            person.act(on: screens, store: store, using: &random)
            deliveryCPU.editEnded(adapter: adapter, screens: screens)
        } else {
            await change()
        }
        // Let the main queue breathe: deliveries, fetch answers and invalidations land
        // between steps at random moments.
        if Int.random(in: 0 ..< 3, using: &random) == 0 {
            try? await Task.sleep(for: .milliseconds(Int.random(in: 0 ... 8, using: &random)))
        } else {
            await Task.yield()
        }
    }

    /// Anything but a person's edit: writers, storms, transitions, fetches, scrolling.
    private func change() async {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 55:
            mutate(count: Int.random(in: 0 ..< 12, using: &random) == 0 ? Int.random(in: 2 ... 20, using: &random) : 1)
        case 55 ..< 60:
            statistics.storms += 1
            for _ in 0 ..< Int.random(in: 100 ... 2_000, using: &random) { adapter.invalidate() }
        case 60 ..< 66:
            transition()
        case 66 ..< 80:
            fetch()
        case 80 ..< 90:
            statistics.scrolls += 1
            screens.scroll(using: &random)
        case 90 ..< 95:
            statistics.selections += 1
            screens.toggleSelection(using: &random, adapter: adapter)
        case 95 ..< 97:
            statistics.offScreen += 1
            screens.toggleOnScreen(using: &random)
        default:
            break
        }
    }

    private func mutate(count: Int) {
        // The external store takes a third of the mutations beside memory or SQLite, all of
        // them alone (no draw without one: other modes' seeds replay as before).
        if let external = options.external,
           !(options.useMemory || options.useSQLite) || Int.random(in: 0 ..< 3, using: &random) == 0 {
            statistics.mutations["externalProcessBatch", default: 0] += 1
            mutationQueue.async {
                if let problem = external.write() {
                    DispatchQueue.main.async { self.fail("the external writer failed: \(problem)") }
                }
            }
            return
        }
        let useSQLite: Bool = switch (options.useMemory, options.useSQLite) {
        case (true, true): Bool.random(using: &random)
        case (_, let sqlite): sqlite
        }
        var changes: [SoakStores.Change] = []
        for _ in 0 ..< count {
            let change: SoakStores.Change = switch Int.random(in: 0 ..< 100, using: &random) {
            case 0 ..< 20: .insert
            case 20 ..< 35: .delete
            case 35 ..< 50: .move
            case 50 ..< 60: .crossSection
            case 60 ..< 80: .update
            case 80 ..< 84: .renameSections
            case 84 ..< 85: .empty
            case 85 ..< 90: .burst
            case 90 ..< 95: .duplicate
            default: .noOp
            }
            changes.append(change)
            statistics.mutations[change.rawValue, default: 0] += 1
        }
        let seed = random.next()
        let stores = self.stores
        let maxItems = options.maxItems
        let planned = changes
        if useSQLite, let child {
            statistics.mutations["childProcessBatch", default: 0] += 1
            mutationQueue.async {
                if !child.write(seed: seed, count: planned.count * 3, maxItems: maxItems) {
                    DispatchQueue.main.async { self.fail("the child writer process stopped") }
                }
            }
            return
        }
        mutationQueue.async {
            var random = SeededGenerator(seed: seed)
            for change in planned {
                if useSQLite {
                    try? stores.mutateSQLite(change, maxItems: maxItems, random: &random)
                } else {
                    stores.mutateMemory(change, maxItems: maxItems, random: &random)
                }
            }
        }
    }

    private func transition() {
        var candidates: [any ListDataSource<Int64, Int64, SoakItem>] = []
        if options.useMemory { candidates.append(stores.memory) }
        if options.useSQLite { candidates += [stores.sqliteAll, stores.sqliteFiltered, stores.sqliteSorted] }
        // The person's order, which their moves write, beside lists in other orders.
        if options.useSQLite && options.edits { candidates += [stores.sqliteOrdered, stores.sqliteOrdered] }
        if let external = options.external { candidates += external.sources }
        guard let next = candidates.randomElement(using: &random) else { return }
        statistics.transitions += 1
        currentSource = next
        person.ledger.listing(next)
        adapter.transition(to: next, animated: Int.random(in: 0 ..< 10, using: &random) != 0)
    }

    // MARK: - Checking every event

    private func handle(_ event: ListEvent<Int64, Int64>) {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = ThreadCPUClock.now
        deliveryCPU.connectorsEnded(at: ThreadCPUClock.now, screens: screens)
        defer {
            deliveryCPU.eventEnded(at: ThreadCPUClock.now)
            recorder.record(event)
            let checking = clock.now - start
            if checking > statistics.longestCheck { statistics.longestCheck = checking }
        }
        guard failure == nil else { return }
        // The previous delivery's time on the main queue, minus this observer's checks.
        let delivery = adapter.lastDeliveryDuration - lastCheck
        let deliveryCPU = adapter.lastDeliveryCPUDuration - lastCheckCPU
        if delivery > statistics.longestDelivery {
            statistics.longestDelivery = delivery
            statistics.longestDeliveryCPU = deliveryCPU
        }
        statistics.mostDeliveryCPU = max(statistics.mostDeliveryCPU, deliveryCPU)
        switch event {
        case .reload(let snapshot):
            statistics.reloads += 1
            if let problem = screens.didDeliver(event, current: adapter.snapshot, selected: adapter.selectedPaths) {
                fail(problem, before: shown, after: snapshot)
                return
            }
            shown = snapshot
            lastCheck = clock.now - start
            lastCheckCPU = ThreadCPUClock.now - cpuStart
        case .batch(let batch, let info):
            if info.batchIndex == 0 { statistics.changeSets += 1 }
            statistics.batches += 1
            statistics.count(batch.update)
            let before = shown
            if adapter.snapshot != batch.after {
                fail("the adapter does not answer from the batch's after state", before: before, after: batch.after)
                return
            }
            if let problem = screens.didDeliver(event, current: batch.after, selected: adapter.selectedPaths) {
                fail(problem, before: before, after: batch.after)
                return
            }
            shown = batch.after
            statistics.largestList = max(statistics.largestList, shown.count)
            lastCheck = clock.now - start
            lastCheckCPU = ThreadCPUClock.now - cpuStart
        case .itemMoved(let move):
            person.ledger.made(move)
            if let problem = screens.didDeliver(event, current: adapter.snapshot, selected: adapter.selectedPaths) {
                fail(problem, before: shown, after: adapter.snapshot)
                return
            }
            shown = adapter.snapshot
        case .editEnded(let result):
            if let problem = person.ended(result) { fail(problem) }
        case .loadStateChanged(.failed(let error)):
            fail("a load failed: \(error)")
        case .loadStateChanged, .duplicateIdentifiers:
            break
        }
    }

    /// Stops mutating, waits for the adapter to deliver the source's current state, and
    /// compares.
    private func checkpoint(final: Bool = false) async {
        await withCheckedContinuation { continuation in mutationQueue.async { continuation.resume() } }
        guard failure == nil else { return }
        // Every edit made ends: confirmed by a list that shows it, or undone.
        if options.edits, await !waitUntil(timeout: .seconds(30), { self.adapter.pendingEditCount == 0 }) {
            fail("\(adapter.pendingEditCount) of the person's edits did not end within 30 s (\(person.summary))")
            return
        }
        let source = currentSource
        let truth: Snapshot
        var timeout = Duration.seconds(15)
        do {
            // An external store's truth is read independently of the source (a plain SELECT).
            if let external = options.external, let read = try await external.truth(of: source) {
                truth = read
                timeout = external.settleTimeout
            } else {
                truth = try await source.loadEntries()
            }
        } catch {
            fail("the source of truth could not be read: \(error)")
            return
        }
        let converged = await waitUntilShowing(truth, timeout: timeout)
        guard failure == nil else { return }
        if !converged || adapter.snapshot != truth {
            let about = options.external?.describe(source) ?? "\(source)"
            fail("after the changes settled, the adapter shows \(adapter.snapshot.count) items in \(adapter.snapshot.numberOfSections) sections; the source has \(truth.count) in \(truth.numberOfSections) (\(about); load state \(adapter.loadState))", before: shown, after: truth)
            return
        }
        if let back = truth.entries.first(where: { person.deleted.contains($0.id) }) {
            fail("row \(back.id), whose delete was confirmed, is listed again")
            return
        }
        // Every visible cell ends filled with its own item's current payload.
        let screens = self.screens!
        let filled = await waitUntil(timeout: .seconds(15)) { screens.unsettledCells(against: truth).isEmpty }
        guard failure == nil else { return }
        if !filled {
            fail("after the changes settled, visible cells are not filled with their items' payloads: \(screens.unsettledCells(against: truth).prefix(3))")
            return
        }
        if let problem = await options.external?.checkpoint(final: final) {
            fail(problem)
            return
        }
        if let problem = await watchers?.checkpoint(final: final) {
            fail(problem)
            return
        }
        statistics.checkpoints += 1
    }

    private func waitUntilShowing(_ truth: Snapshot, timeout: Duration) async -> Bool {
        await waitUntil(timeout: timeout) { self.shown == truth && self.adapter.snapshot == truth }
    }

    /// Returns whether `condition` holds (re-checked on every event and cell configuration)
    /// within `timeout`, with no failure meanwhile. A condition that holds only for a moment
    /// does not end the wait (see ``ListEventRecorder/wait(atMost:until:)``): it once did,
    /// and a recheck made while an off-screen view reloaded its cells (none on screen yet,
    /// so every visible cell counted as filled) ended the wait with `false` a few
    /// milliseconds into it, reported as cells left placeholders 15 s after settling.
    private func waitUntil(timeout: Duration, _ condition: @escaping @MainActor () -> Bool) async -> Bool {
        await recorder.wait(atMost: timeout) { _ in self.failure != nil || condition() } && failure == nil
    }

    // MARK: - Failures

    func fail(_ message: String, before: Snapshot? = nil, after: Snapshot? = nil) {
        guard failure == nil else { return }
        var text = "seed \(options.seed): \(message)"
        if let before, let after {
            let directory = options.failureDirectory.appendingPathComponent("soak-failure-\(options.seed)")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let old = directory.appendingPathComponent("old.json")
            let new = directory.appendingPathComponent("new.json")
            try? Self.diffJSON(before).write(to: old, atomically: true, encoding: .utf8)
            try? Self.diffJSON(after).write(to: new, atomically: true, encoding: .utf8)
            text += "\nreplay the failing step: swift run sample diff \(old.path) \(new.path)"
        }
        failure = text
    }
}

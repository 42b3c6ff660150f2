import Foundation
import GRDB
import ListAdapter
import ListAdapterSQLite
import ListAdapterTesting
import Testing

/// Runs every cell of ``FaultTable``: each fault, on a followed and an owned source, at
/// open, during a scan and between loads, through a real adapter and the reference views.
@MainActor
@Suite("SQLite source: the fault table", .hangGuard)
struct SQLiteFaultTableTests {
    typealias Source = FaultFixture.Source

    /// The row of the scan at which a fault strikes during a scan.
    static let strikeRow = 100

    @Test(arguments: FaultTable.runnable)
    func cell(_ cell: FaultCell) async throws {
        let scene = try await FaultScene(cell.fault)
        do {
            switch cell.moment {
            case .atOpen: try await atOpen(cell, scene)
            case .betweenLoads: try await betweenLoads(cell, scene)
            case .duringScan: try await duringScan(cell, scene)
            }
        } catch {
            await scene.tearDown()
            throw error
        }
        await scene.tearDown()
    }

    /// The cells that cannot exist say why, and the run lists them (the table is total:
    /// its switch is exhaustive, so a new fault or moment must be placed in it).
    @Test func impossibleCellsAreExplained() {
        #expect(FaultTable.runnable.count + FaultTable.impossible.count == Fault.allCases.count * 2 * FaultMoment.allCases.count)
        for cell in FaultTable.impossible {
            guard case .impossible(let reason) = cell.outcome else { continue }
            #expect(reason.count > 20, "\(cell.testDescription)")
            print("fault table: \(cell.testDescription) is impossible: \(reason)")
        }
        #expect(FaultTable.impossible.count == 12)
    }

    // MARK: - Moments

    /// The fault is there before the source opens: the open or the first load fails, the
    /// adapter shows nothing and reports it.
    private func atOpen(_ cell: FaultCell, _ scene: FaultScene) async throws {
        let fixture = scene.fixture
        try scene.strike(source: nil)
        try await scene.settle()
        let before = try fixture.contents()
        let opened = await onOwnThread { Result { () throws(SQLiteSourceError) in try fixture.open(cell.access) } }
        switch (opened, cell.outcome) {
        case (.failure(let error), .openFails(let kind)):
            #expect(error.kind == kind, "\(error)")
            #expect(error.path == fixture.path)
            // That the open gave up after the source's busy timeout (0.1 s), not GRDB's 10 s
            // for pool readers, is checked below on the source reopened once the lock is
            // gone: the same open, the same connections' settings (wall time is no verdict:
            // a loaded 2-core machine once took 5.3 s to give up).
        case (.failure(let error), _):
            Issue.record("the open failed unexpectedly: \(error)")
        case (.success, .openFails(let kind)):
            Issue.record("the open succeeded; expected \(kind)")
        case (.success(let source), let outcome):
            let run = AdapterRun(source)
            await run.recording.waitForLoad(after: 0)
            switch outcome {
            case .loadFails(let kind):
                let error = await run.failure()
                #expect(error?.kind == kind, "\(String(describing: error))")
                #expect(error?.path == fixture.path)
                #expect(run.adapter.snapshot.isEmpty)
                #expect(run.probe.recorder.reloadCount == 0)
            case .works(let write):
                await run.probe.recorder.wait { _ in run.probe.recorder.reloadCount == 1 }
                #expect(run.adapter.snapshot == fixture.template.expected)
                await Self.expectBusyTimeout(source)
                await Self.expectWrite(source, write)
            default:
                Issue.record("not an outcome at open: \(outcome)")
            }
            #expect(run.probe.failures.isEmpty)
        }
        try Self.expectUntouched(cell, fixture, since: before)
        if scene.fault.isTransient, case .openFails = cell.outcome {
            await scene.lift()
            let reopened = await onOwnThread { Result { () throws(SQLiteSourceError) in try fixture.open(cell.access) } }
            #expect(throws: Never.self, "the open succeeds once the lock is gone") { try reopened.get() }
            if case .success(let source) = reopened { await Self.expectBusyTimeout(source) }
        }
    }

    /// The source lists a good list, then the fault strikes and the adapter reloads.
    private func betweenLoads(_ cell: FaultCell, _ scene: FaultScene) async throws {
        let fixture = scene.fixture
        let initial = try fixture.contents()
        let source = try await onOwnThread { Result { () throws(SQLiteSourceError) in try fixture.open(cell.access) } }.get()
        let run = AdapterRun(source)
        let good = await run.firstList()
        #expect(good == fixture.template.expected)
        try Self.expectUntouched(cell, fixture, since: initial)
        await Self.expectBusyTimeout(source)

        try scene.strike(source: source)
        try await scene.settle()
        FaultFixture.forgetCachedPages(of: source)     // forget cached pages: the next load reads the file
        let struck = try fixture.contents()
        let mark = run.recording.started
        run.adapter.invalidate()
        await run.recording.waitForLoad(after: mark)
        try await expectAfterTheFault(cell, cell.outcome, run: run, good: good, mark: mark, scene: scene)
        try Self.expectUntouched(cell, fixture, since: struck)
        await expectRecovery(cell, scene, run: run, good: good)
        try await expectItKeepsFailing(cell, scene, run: run, good: good)
    }

    /// The source lists a good list; on the next scan the fault strikes at row 100.
    private func duringScan(_ cell: FaultCell, _ scene: FaultScene) async throws {
        let fixture = scene.fixture
        let initial = try fixture.contents()
        let hook = FaultHook()
        let source = try await onOwnThread { Result<Source, any Error> { try fixture.openHooked(cell.access, hook: hook) } }.get()
        let run = AdapterRun(source, hook: hook)
        let good = await run.firstList()
        #expect(good == fixture.template.expected)
        try Self.expectUntouched(cell, fixture, since: initial)
        await Self.expectBusyTimeout(source)         // as `openHooked` sets it, like the source

        FaultFixture.forgetCachedPages(of: source)     // the scan reads the file, not cached pages
        let struck = Guarded<(any Error)?>(nil)
        hook.arm(atRow: Self.strikeRow) {
            do { try scene.strike(source: source) } catch { struck.withLock { $0 = error } }
        }
        let mark = run.recording.started
        run.adapter.invalidate()
        await run.recording.waitForLoad(after: mark)
        if let error = struck.withLock({ $0 }) { throw error }
        try await scene.settle()
        let scan = try #require(run.recording.loads(after: mark).first)
        #expect(hook.firedAtRow == Self.strikeRow, "the fault struck during the scan")
        let after = try fixture.contents()

        switch cell.outcome {
        case .loadFails(let kind):
            #expect(scan.failure == kind, "\(scan.result)")
            let rows = try #require(scan.rowsScanned)
            #expect(rows > Self.strikeRow && rows < FaultFixture.rows, "the scan failed midway (row \(rows))")
            // The adapter reports the latest failure: the scan's, or, once the file change
            // has been noticed and the list reloaded, what a load now meets.
            let error = await run.failure()
            var reported: Set<SQLiteSourceError.Kind> = [kind]
            if case .loadFails(let next) = FaultTable.outcome(of: cell.fault, cell.access, .betweenLoads) { reported.insert(next) }
            #expect(error.map { reported.contains($0.kind) } == true, "\(String(describing: error)) not in \(reported)")
            #expect(run.adapter.snapshot == good)
        case .scanCompletesThenFails, .works:
            #expect(scan.snapshot == good, "the scan saw the list as it was when it began: \(scan.result)")
            #expect(scan.rowsScanned == FaultFixture.rows)
            let next = run.recording.started
            run.adapter.invalidate()
            await run.recording.waitForLoad(after: next)
            try await expectAfterTheFault(cell, cell.outcome, run: run, good: good, mark: next, scene: scene)
        default:
            Issue.record("not an outcome during a scan: \(cell.outcome)")
        }
        #expect(run.probe.failures.isEmpty)
        try Self.expectUntouched(cell, fixture, since: after)
        await expectRecovery(cell, scene, run: run, good: good)
        try await expectItKeepsFailing(cell, scene, run: run, good: good)
    }

    // MARK: - Checks

    /// After the fault: the loads since `mark` fail (and the adapter reports it, keeping
    /// its list) or succeed with the unchanged list.
    private func expectAfterTheFault(
        _ cell: FaultCell, _ outcome: FaultOutcome, run: AdapterRun, good: ListSnapshot<Int64, Int64>, mark: Int, scene: FaultScene
    ) async throws {
        let loads = run.recording.loads(after: mark)
        switch outcome {
        case .loadFails(let kind), .scanCompletesThenFails(let kind):
            #expect(loads.first?.failure == kind, "\(String(describing: loads.first?.result))")
            if kind == .locked, let load = loads.first {
                // The load waited for the lock before giving up: SQLite's busy handler sleeps
                // the whole busy timeout first, and a loaded machine only makes sleeps longer.
                // That it gave up after the source's 0.1 s, not GRDB's 10 s for pool readers,
                // is `expectBusyTimeout` (before the strike), not a bound on wall time.
                #expect(load.duration >= .milliseconds(90), "gave up after \(load.duration)")
            }
            let error = await run.failure()
            #expect(error?.kind == kind, "\(String(describing: error))")
            #expect(error?.path == scene.fixture.path)
            #expect(run.adapter.snapshot == good)
        case .works(let write):
            for load in loads { #expect(load.snapshot == good, "\(load.result)") }
            #expect(run.adapter.snapshot == good)
            #expect(run.adapter.loadState == .content)
            // Through the same connections, with the plain query (the hooked one's summary
            // calls a function an index may not use).
            let writer = Source(database: run.recording.wrapped.database, query: FaultFixture.query, options: FaultFixture.options)
            await Self.expectWrite(writer, write)
        default:
            Issue.record("not an outcome after a fault: \(outcome)")
        }
        #expect(run.probe.failures.isEmpty)
    }

    /// A lock that made a load fail: once the other process lets go, the adapter loads
    /// again and reports content.
    private func expectRecovery(_ cell: FaultCell, _ scene: FaultScene, run: AdapterRun, good: ListSnapshot<Int64, Int64>) async {
        guard scene.fault.isTransient, run.adapter.loadState != .content else { return }
        await scene.lift()
        run.adapter.invalidate()
        await run.probe.recorder.wait { _ in run.probe.recorder.lastLoadState == .content }
        #expect(run.adapter.loadState == .content, "the adapter recovers once the lock is gone")
        #expect(run.adapter.snapshot == good)
        #expect(run.probe.failures.isEmpty)
    }

    /// A deleted or replaced file: the source stays failed after commits land in the file
    /// now at the path, and every load says so.
    private func expectItKeepsFailing(_ cell: FaultCell, _ scene: FaultScene, run: AdapterRun, good: ListSnapshot<Int64, Int64>) async throws {
        guard scene.fault.leavesThePathFree else { return }
        try scene.commitToTheNewFile()
        let mark = run.recording.started
        run.adapter.invalidate()
        await run.recording.waitForLoad(after: mark)
        for load in run.recording.loads(after: mark) { #expect(load.failure == .fileReplaced, "\(load.result)") }
        let error = await run.failure()
        #expect(error?.kind == .fileReplaced)
        #expect(run.adapter.snapshot == good)
        #expect(run.probe.failures.isEmpty)
    }

    /// Every connection of `source` waits for another connection's lock for the source's
    /// busy timeout (0.1 s), as SQLite itself reports it: the reader a load scans on (GRDB
    /// gives a pool's readers a fixed 10 s unless the source overrides it) and, for an
    /// owner, the writer. This is what makes a lock be reported after 0.1 s and not 10 s,
    /// asserted as a setting rather than as wall time, which a loaded machine stretches
    /// (the cells' lock waits once took 5.3 s). It fails if the source's override is lost
    /// (a reader then says 10000). Called while no lock is held.
    private static func expectBusyTimeout(_ source: Source) async {
        let expected = Int(FaultFixture.options.busyTimeout / .milliseconds(1))
        let database = source.database
        let read = await onOwnThread { Result { try database.read { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") } } }
        #expect((try? read.get()) == expected, "a reader's busy timeout: \(read)")
        guard source.access == .owned else { return }
        let written = await onOwnThread { Result { try database.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA busy_timeout") } } }
        #expect((try? written.get()) == expected, "the writer's busy timeout: \(written)")
    }

    /// A followed file and its directory are byte-for-byte as they were at `before`.
    private static func expectUntouched(_ cell: FaultCell, _ fixture: FaultFixture, since before: DirectoryContents) throws {
        guard cell.access == .followed else { return }
        let after = try fixture.contents()
        #expect(after == before, "before: \(before); after: \(after)")
    }

    /// `createCoveringIndex()` (an owner's write) fails with `kind`, or succeeds when `nil`.
    private static func expectWrite(_ source: Source, _ kind: SQLiteSourceError.Kind?) async {
        let result = await onOwnThread { Result { () throws(SQLiteSourceError) in try source.createCoveringIndex() } }
        switch result {
        case .success: #expect(kind == nil, "the write succeeded; expected \(String(describing: kind))")
        case .failure(let error): #expect(error.kind == kind, "\(error)")
        }
    }
}

import Dispatch
import Foundation
import ListAdapter
import ListAdapterSQLite

/// One running `watch`: prints what the adapter delivers and decides when to stop.
///
/// The rule: a failure is printed once; if there is no list yet (the first load failed)
/// it exits with ``ExitStatus/firstLoadFailed``; if the file is gone (deleted or
/// replaced) with ``ExitStatus/fileGone``; otherwise it reloads every second and, if the
/// source has not recovered within ``patience``, exits with ``ExitStatus/sourceFailed``.
/// SIGINT, SIGTERM and the end of standard input exit with status 0, the end of input
/// once the first load has been printed (so `watch </dev/null` prints the list and stops).
///
/// Main queue only.
/// Generic over the identifier, summary and row types, so that one session serves the
/// SQLite source (identifiers as text), the PostgreSQL one (`bigint`, `text` or `uuid`) and
/// a served list (`Int64` identifiers and summaries).
final class WatchSession<ID: Hashable & Sendable & JSONIdentifier, Summary: Equatable & Sendable, Item: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: every member is used on the main queue only.

    /// How long a source that listed once may keep failing before `watch` gives up, by
    /// default (`--patience`).
    static var defaultPatience: Duration { .seconds(5) }
    private let patience: Duration

    private let adapter: ListViewAdapter<ID, Summary, Item>
    private let label: String
    private let printer: WatchPrinter
    private var observation: ListObservation?
    private var hasListed = false
    private var hasInput = true
    /// When the current run of failures began; `nil` while the source is healthy.
    private var failingSince: ContinuousClock.Instant?
    private var lastPrinted: String?
    /// The change log `--change-log` installed, removed when the first load fails.
    private let cleanUp: ChangeLogCleanup?
    /// Set once the first load failed: the process exits once the change log is dealt with.
    private var ending = false

    /// Starts following `source`, kept until the process exits. Main queue.
    static func start(
        source: some ListDataSource<ID, Summary, Item>, label: String, printer: WatchPrinter, patience: Duration = defaultPatience,
        cleanUp: ChangeLogCleanup? = nil
    ) {
        let session = WatchSession(source: source, label: label, printer: printer, patience: patience, cleanUp: cleanUp)
        runningWatchSession = session
        // `watch | head`: once nobody reads the output, there is nothing left to do.
        StandardStreams.whenOutputCloses { exit(ExitStatus.success.rawValue) }
        ProcessEnd.onEndOfInput { [weak session] in session?.inputEnded() }
    }

    private init(source: some ListDataSource<ID, Summary, Item>, label: String, printer: WatchPrinter, patience: Duration, cleanUp: ChangeLogCleanup?) {
        self.patience = patience
        self.cleanUp = cleanUp
        var configuration = ListViewAdapterConfiguration()
        // Failures are printed here, once; the adapter's own log line would repeat them.
        configuration.logger.logLevel = .critical
        adapter = ListViewAdapter(source: source, configuration: configuration)
        self.label = label
        self.printer = printer
        observation = adapter.observeOnDeliveryQueue { [weak self] event in self?.handle(event) }
    }

    private func handle(_ event: ListEvent<ID, Summary>) {
        guard !ending else { return }
        switch event {
        case .reload, .batch:
            hasListed = true
            printer.print(event)
            if !hasInput { exit(ExitStatus.success.rawValue) }
        case .loadStateChanged(.failed(let error)):
            fail(SourceFailure(error, source: label))
        case .loadStateChanged(.content), .loadStateChanged(.empty):
            failingSince = nil
            lastPrinted = nil
        case .duplicateIdentifiers(let duplicates):
            printer.print(SourceWarning(duplicates, source: label))
        case .loadStateChanged(.loading):
            printer.print(event)
        case .itemMoved, .editEnded:
            break                                   // `watch` makes no edits
        }
    }

    private func inputEnded() {
        hasInput = false
        if hasListed { exit(ExitStatus.success.rawValue) }
    }

    private func fail(_ failure: SourceFailure) {
        if lastPrinted != failure.description {
            lastPrinted = failure.description
            printer.print(failure)
        }
        if !hasListed {
            guard let cleanUp else { exit(ExitStatus.firstLoadFailed.rawValue) }
            ending = true
            cleanUp.afterFailedFirstLoad(on: .main) { exit(ExitStatus.firstLoadFailed.rawValue) }
            return
        }
        if failure.isFileGone { exit(ExitStatus.fileGone.rawValue) }
        if failingSince == nil {
            failingSince = .now
            retry()
        }
    }

    /// Reloads once a second while the source fails; gives up after ``patience``.
    private func retry() {
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [self] in
            guard let since = failingSince else { return }          // recovered
            if ContinuousClock.now - since >= patience { exit(ExitStatus.sourceFailed.rawValue) }
            adapter.invalidate()
            retry()
        }
    }
}

/// The running session, kept until the process exits (a generic class cannot have a
/// static stored property). Main queue only.
nonisolated(unsafe) private var runningWatchSession: AnyObject?

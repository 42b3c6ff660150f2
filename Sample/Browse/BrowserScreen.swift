import Dispatch
import Foundation
import ListAdapter
import ListAdapterSQLite

/// The interactive list: a cursor over section headers and rows, payloads fetched lazily
/// as rows come into view, live updates that keep the row under the cursor on its screen
/// line. Everything drawn goes through ``TerminalText``: control characters shown, widths
/// in display columns, every line exactly the terminal's width.
///
/// Main queue only.
final class BrowserScreen: @unchecked Sendable {
    // @unchecked Sendable: every member is used on the main queue only.
    typealias Adapter = ListViewAdapter<SQLiteIdentifier, String?, DisplayRow>

    /// What the cursor is on, followed by identity across changes.
    enum CursorTarget: Equatable {
        case item(SQLiteIdentifier)
        case header(title: String?)
    }

    private let terminal: Terminal
    private let setup: BrowseSetup
    let adapter: Adapter
    let mainSource: BrowseSetup.Source
    private var observation: ListObservation?
    private var writer: MailWriter?
    private var cursor = 0
    private var top = 0
    private(set) var target: CursorTarget?
    /// Whether the user chose the other grouping (`g`); a search keeps its own.
    private var grouped = false
    /// The list shown, and the one loading to replace it.
    private(set) var lists = ListSwitch()
    /// Redraws the elapsed time while a list loads.
    private var ticker: (any DispatchSourceTimer)?
    private var typing: String?
    private var hasListed = false
    /// When the browser started: the first load's elapsed time counts from here.
    private let startedAt = ContinuousClock.now
    /// The failure of the last load, shown above the status line until a load succeeds.
    private var failure: SourceFailure?
    private var lastChange: BrowserStatus.LastChange?
    private var lastFetch: Duration?
    private var redrawScheduled = false
    private var requested = Set<SQLiteIdentifier>()
    /// How long rows wait as placeholders; started over when the writer is switched on.
    private var fillTimes = FillTimes()
    /// What the person's last edit came to, shown above the status area for a while.
    var editNote: (text: String, until: ContinuousClock.Instant)?

    init(terminal: Terminal, setup: BrowseSetup, source: BrowseSetup.Source) {
        self.terminal = terminal
        self.setup = setup
        mainSource = source
        var configuration = ListViewAdapterConfiguration()
        configuration.logger.logLevel = .critical     // failures are shown on screen, not logged over it
        adapter = Adapter(source: mainSource, configuration: configuration)
        observation = adapter.observeOnDeliveryQueue { [weak self] event in self?.handle(event) }
        if setup.canWrite { writer = MailWriter(database: mainSource.database) }
        startTicker()                                  // the first load's elapsed time
    }

    // MARK: - Events

    private func handle(_ event: ListEvent<SQLiteIdentifier, String?>) {
        switch event {
        case .reload, .batch:
            hasListed = true
            stopTickerUnlessLoading()
            if case .batch(_, let info) = event {
                lastChange = BrowserStatus.LastChange(info.changes, offMain: info.computeDuration, onMain: adapter.lastDeliveryDuration)
            }
            keepCursorOnTarget()
        case .itemMoved:
            keepCursorOnTarget()
        case .editEnded(.failure(let error)):
            // The refusal of a list ordered by date says it all; other failures name the row.
            say((error.underlying as? SampleError)?.description ?? "\(error)")
        case .loadStateChanged(.failed(let error)):
            let failure = SourceFailure(error, source: setup.label)
            if !hasListed { Browser.end(with: failure, status: .firstLoadFailed, cleanUp: setup.changeLogCleanup) }
            self.failure = failure
        case .loadStateChanged(.content), .loadStateChanged(.empty):
            failure = nil
        default:
            break
        }
        scheduleRedraw()
    }

    func key(_ key: Terminal.Key) {
        if key == .interrupt { exit(ExitStatus.success.rawValue) }
        if var text = typing {
            switch key {
            case .enter:
                typing = nil
                search(text)
            case .escape:
                typing = nil
            case .backspace:
                if !text.isEmpty { text.removeLast() }
                typing = text
            case .character(let character):
                typing = text + String(character)
            default:
                break
            }
            scheduleRedraw()
            return
        }
        let page = max(1, listHeight - 1)
        switch key {
        case .up, .character("k"): move(to: cursor - 1)
        case .down, .character("j"): move(to: cursor + 1)
        case .pageUp: move(to: cursor - page)
        case .pageDown, .character(" "): move(to: cursor + page)
        case .home: move(to: 0)
        case .end: move(to: Int.max)
        case .character("]"): jumpSection(forward: true)
        case .character("["): jumpSection(forward: false)
        case .character("/") where setup.search != nil: typing = ""
        case .escape where isSearch(lists.wanted):
            show(grouped ? .regrouped : .main)
        case .character("g") where setup.regrouped != nil:
            grouped.toggle()
            if !isSearch(lists.wanted) { show(grouped ? .regrouped : .main) }
        case .character("f") where setup.folders != nil:
            if !isSearch(lists.wanted) { show(lists.wanted == .folders ? (grouped ? .regrouped : .main) : .folders) }
        case .character("K") where setup.canEdit: moveRow(.up)
        case .character("J") where setup.canEdit: moveRow(.down)
        case .character("<") where setup.canEdit: moveRow(.previousSection)
        case .character(">") where setup.canEdit: moveRow(.nextSection)
        case .character("d") where setup.canEdit: deleteRow()
        case .character("w"):
            writer?.toggle()
            if writer?.isRunning == true { fillTimes.reset() }
        case .character("q"): exit(ExitStatus.success.rawValue)
        default: break
        }
        scheduleRedraw()
    }

    private func search(_ text: String) {
        guard setup.search != nil, !BrowseSetup.ftsPhrase(text).isEmpty else { return }
        show(.search(text))
    }

    private func isSearch(_ list: BrowserList) -> Bool {
        if case .search = list { true } else { false }
    }

    /// Transitions to `list`; its label replaces the old one once it is delivered, and
    /// until then the screen says what is loading, with the time it has taken.
    private func show(_ list: BrowserList) {
        guard let number = lists.ask(for: list, at: .now) else { return }
        let source = source(of: list)
        startTicker()
        let adapter = adapter
        TransitionHold.run { [weak self] in
            adapter.transition(to: source) { [weak self] in self?.didShow(list, transition: number) }
        }
    }

    private func didShow(_ list: BrowserList, transition number: Int) {
        lists.didShow(list, transition: number)
        revealHeader()
        stopTickerUnlessLoading()
        scheduleRedraw()
    }

    private func stopTickerUnlessLoading() {
        guard hasListed, lists.loadingSince == nil else { return }
        ticker?.cancel()
        ticker = nil
    }

    /// The line above the status area, if any: the first load or a transition under way
    /// (with its seconds), or the last load's failure.
    private func note(at now: ContinuousClock.Instant) -> String? {
        guard hasListed else { return "loading \(lists.shown.label(in: setup))… \((now - startedAt).components.seconds) s" }
        return lists.note(in: setup, at: now, failure: failure) ?? editNote.flatMap { $0.until > now ? $0.text : nil }
    }

    /// Redraws four times a second while a list loads, for its elapsed time.
    private func startTicker() {
        guard ticker == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.scheduleRedraw() }
        timer.resume()
        ticker = timer
    }

    private var regrouped: BrowseSetup.Source?
    var folderSource: BrowseSetup.Source?

    private func source(of list: BrowserList) -> BrowseSetup.Source {
        switch list {
        case .main:
            return mainSource
        case .folders:
            if let folderSource { return folderSource }
            var options = BrowseSetup.Source.Options()
            options.ordering = DemoDatabase.folderOrdering
            let source = BrowseSetup.Source(database: mainSource.database, query: setup.folders?.query ?? setup.main, options: options)
            folderSource = source
            return source
        case .regrouped:
            if let regrouped { return regrouped }
            let source = BrowseSetup.Source(database: mainSource.database, query: setup.regrouped?.query ?? setup.main)
            regrouped = source
            return source
        case .search(let text):
            return BrowseSetup.Source(database: mainSource.database, query: setup.search?(text) ?? setup.main)
        }
    }

    // MARK: - Cursor

    /// The lines the list may use: all but the status area, the legend if any, and the
    /// note line (a load failed, or a list is loading) if any.
    private var listHeight: Int {
        max(1, terminal.size.rows - BrowserStatus.height - legendLines - (note(at: .now) == nil ? 0 : 1))
    }

    /// The legend's line over the list: one where the setup has a legend and the terminal
    /// room for it.
    private var legendLines: Int {
        setup.legend != nil && terminal.size.rows >= BrowserStatus.height + 6 ? 1 : 0
    }

    /// Display rows: each section's header, then its items.
    private func sectionStarts() -> [Int] {
        var starts: [Int] = []
        var row = 0
        for section in 0 ..< adapter.numberOfSections {
            starts.append(row)
            row += 1 + adapter.numberOfItems(inSection: section)
        }
        starts.append(row)
        return starts
    }

    private func locate(_ row: Int, in starts: [Int]) -> (section: Int, item: Int?) {
        var low = 0
        var high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        let offset = row - starts[low]
        return (low, offset == 0 ? nil : offset - 1)
    }

    /// Puts the cursor on display row `row` (clamped), scrolls it into view, and from now
    /// on follows what is there.
    private func move(to row: Int) {
        let starts = sectionStarts()
        let total = starts.last ?? 0
        cursor = max(0, min(row, total - 1))
        if cursor < top { top = cursor }
        if cursor >= top + listHeight { top = cursor - listHeight + 1 }
        target = total > 0 ? target(at: cursor, in: starts) : nil
    }

    private func target(at row: Int, in starts: [Int]) -> CursorTarget {
        let (section, item) = locate(row, in: starts)
        if let item, let id = adapter.identifier(at: ItemPath(section: section, item: item)) { return .item(id) }
        return .header(title: adapter.title(ofSection: section))
    }

    private func jumpSection(forward: Bool) {
        let starts = sectionStarts()
        guard starts.count > 1 else { return }
        let current = locate(cursor, in: starts).section
        let target = forward ? min(current + 1, starts.count - 2) : (starts[current] == cursor ? max(0, current - 1) : current)
        move(to: starts[target])
        // The section opens at the top of the screen, as far as the list goes on below it.
        top = max(0, min(cursor, (starts.last ?? 0) - listHeight))
    }

    /// After a transition, the cursor's row is shown under its section's header when both
    /// fit on the screen: the new list's grouping is seen at once.
    private func revealHeader() {
        let starts = sectionStarts()
        guard case .item? = target, cursor < (starts.last ?? 0) else { return }
        let header = starts[locate(cursor, in: starts).section]
        if header < top, cursor - header < listHeight { top = header }
    }

    /// After a change, the item (or section header) under the cursor stays under it, on
    /// the same screen line; if it is gone, the cursor stays on its line and follows
    /// whatever is there now.
    func keepCursorOnTarget() {
        let line = cursor - top
        let starts = sectionStarts()
        let row: Int? = switch target {
        case .item(let id): adapter.path(of: id).map { starts[$0.section] + 1 + $0.item }
        case .header(let title): adapter.snapshot.sectionTitles.firstIndex(of: title).map { starts[$0] }
        case nil: nil
        }
        guard let row else {
            move(to: cursor)
            return
        }
        cursor = row
        top = max(0, cursor - line)
    }

    // MARK: - Drawing

    func scheduleRedraw() {
        guard !redrawScheduled else { return }
        redrawScheduled = true
        DispatchQueue.main.async { [weak self] in
            self?.redrawScheduled = false
            self?.draw()
        }
    }

    /// Draws every line at its own position (so no line, however measured, can push the
    /// others), each exactly the terminal's width.
    func draw() {
        let (rows, columns) = terminal.size
        let height = listHeight
        let starts = sectionStarts()
        let total = starts.last ?? 0
        var screen = ""
        let frameTime = ContinuousClock.now          // the whole frame is stamped with one time
        fillTimes.beginFrame()
        defer { fillTimes.endFrame() }
        let legend = legendLines
        if legend > 0, let text = setup.legend {
            screen += "\u{1B}[1;1H\u{1B}[2m\(TerminalText.fitted(text, width: columns))\u{1B}[0m"
        }
        for line in 0 ..< min(height, rows - legend) {
            let row = top + line
            var text = ""
            if row < total {
                let (section, item) = locate(row, in: starts)
                if let item {
                    text = "  " + itemText(at: ItemPath(section: section, item: item), frameTime: frameTime)
                } else {
                    text = "== \(adapter.title(ofSection: section) ?? "(untitled)") (\(adapter.numberOfItems(inSection: section)))"
                }
            }
            let fitted = TerminalText.fitted(text, width: columns)
            screen += "\u{1B}[\(legend + line + 1);1H" + (row == cursor ? "\u{1B}[7m\(fitted)\u{1B}[0m" : fitted)
        }
        let statusTop = rows - BrowserStatus.height + 1
        if let note = note(at: frameTime), statusTop > 2 {
            screen += "\u{1B}[\(statusTop - 1);1H\u{1B}[1m\(TerminalText.fitted(note, width: columns))\u{1B}[0m"
        }
        // The summary line highlighted, the table under it plain.
        for (offset, line) in status.lines(width: columns).enumerated() where statusTop + offset >= 1 {
            screen += "\u{1B}[\(statusTop + offset);1H" + (offset == 0 ? "\u{1B}[7m\(line)\u{1B}[0m" : line)
        }
        terminal.write(screen)
    }

    /// A row: its payload, or its identifier (as an SQL literal: `7`, `'x'`) while it loads.
    private func itemText(at path: ItemPath, frameTime: ContinuousClock.Instant) -> String {
        guard let id = adapter.identifier(at: path) else { return "?" }
        if let payload = adapter.cachedItem(at: path) {
            fillTimes.drewPayload(id.description, at: frameTime)
            return payload.text
        }
        if adapter.itemHasVanished(at: path) { return "(deleted) \(id)" }     // the next delivery removes it
        fillTimes.drewPlaceholder(id.description, at: frameTime)
        fetch(path, id: id)
        return "… loading \(id)"
    }

    /// What the status area says now.
    private var status: BrowserStatus {
        let running = writer?.isRunning == true
        return BrowserStatus(
            shown: lists.shown.label(in: setup),
            items: hasListed ? adapter.snapshot.count : nil, sections: adapter.numberOfSections, writerIsRunning: running,
            hints: setup.keyHints, typing: typing, lastChange: lastChange, lastFetch: lastFetch,
            cached: adapter.cachedItemCount, slowestFill: running ? fillTimes.slowest : nil
        )
    }

    private func fetch(_ path: ItemPath, id: SQLiteIdentifier) {
        guard requested.insert(id).inserted else { return }
        let start = ContinuousClock.now
        adapter.item(at: path) { [weak self] _ in
            guard let self else { return }
            self.requested.remove(id)
            self.lastFetch = ContinuousClock.now - start
            self.scheduleRedraw()
        }
    }
}

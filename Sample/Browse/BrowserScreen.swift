import Dispatch
import Foundation
import ListAdapter
import ListAdapterSQLite

/// The interactive list: a cursor over section headers and rows, payloads fetched lazily
/// as rows come into view, live updates that keep the row under the cursor in place.
/// Main queue only.
final class BrowserScreen: @unchecked Sendable {
    // @unchecked Sendable: every member is used on the main queue only.
    typealias Adapter = ListViewAdapter<String, String?, DisplayRow>

    private let terminal: Terminal
    private let setup: BrowseSetup
    private let adapter: Adapter
    private let mainSource: BrowseSetup.Source
    private var observation: ListObservation?
    private var writer: MailWriter?
    private var cursor = 0
    private var top = 0
    private var cursorID: String?
    private var grouped = false
    private var searching: String?
    private var typing: String?
    private var lastChange = "no change yet"
    private var lastFetch = "-"
    private var redrawScheduled = false
    private var requested = Set<String>()

    init(terminal: Terminal, setup: BrowseSetup) throws {
        self.terminal = terminal
        self.setup = setup
        mainSource = try BrowseSetup.Source(path: setup.path, query: setup.main)
        adapter = Adapter(source: mainSource)
        observation = adapter.observe { [weak self] event in self?.handle(event) }
        if setup.canWrite { writer = MailWriter(database: mainSource.database) }
    }

    // MARK: - Events

    private func handle(_ event: ListEvent<String, String?>) {
        switch event {
        case .reload, .batch:
            if case .batch(_, let info) = event {
                let changes = info.changes
                lastChange = "+\(changes.itemInserts.count) -\(changes.itemDeletes.count) \(changes.itemMoves.count) moves \(changes.itemUpdates.count) updates, "
                    + String(format: "%.1f ms off main", Self.milliseconds(info.computeDuration))
            }
            keepCursorOnItem()
        case .loadStateChanged(.failed(let error)):
            lastChange = "load failed: \(error)"
        default:
            break
        }
        scheduleRedraw()
    }

    func key(_ key: Terminal.Key) {
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
        let page = max(1, terminal.size.rows - 2)
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
        case .escape where searching != nil:
            searching = nil
            adapter.transition(to: grouped ? regroupedSource() : mainSource)
        case .character("g") where setup.regrouped != nil:
            grouped.toggle()
            if searching == nil { adapter.transition(to: grouped ? regroupedSource() : mainSource) }
        case .character("w"): writer?.toggle()
        case .character("q"): exit(0)
        default: break
        }
        scheduleRedraw()
    }

    private func search(_ text: String) {
        guard let makeQuery = setup.search, !BrowseSetup.ftsPhrase(text).isEmpty else { return }
        searching = text
        let source = BrowseSetup.Source(database: mainSource.database, query: makeQuery(text))
        adapter.transition(to: source)
    }

    private var regrouped: BrowseSetup.Source?
    private func regroupedSource() -> BrowseSetup.Source {
        if let regrouped { return regrouped }
        let source = BrowseSetup.Source(database: mainSource.database, query: setup.regrouped ?? setup.main)
        regrouped = source
        return source
    }

    // MARK: - Cursor

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

    private func move(to row: Int) {
        let starts = sectionStarts()
        let total = starts.last ?? 0
        cursor = max(0, min(row, total - 1))
        let height = max(1, terminal.size.rows - 1)
        if cursor < top { top = cursor }
        if cursor >= top + height { top = cursor - height + 1 }
        if total > 0, case let (section, item?) = locate(cursor, in: starts) {
            cursorID = adapter.identifier(at: ItemPath(section: section, item: item))
        }
    }

    private func jumpSection(forward: Bool) {
        let starts = sectionStarts()
        guard starts.count > 1 else { return }
        let current = locate(cursor, in: starts).section
        let target = forward ? min(current + 1, starts.count - 2) : (starts[current] == cursor ? max(0, current - 1) : current)
        move(to: starts[target])
    }

    /// After a change, the row under the cursor stays on the same screen line.
    private func keepCursorOnItem() {
        let offset = cursor - top
        guard let id = cursorID, let path = adapter.path(of: id) else {
            move(to: cursor)
            return
        }
        let starts = sectionStarts()
        cursor = starts[path.section] + 1 + path.item
        top = max(0, cursor - offset)
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

    func draw() {
        let (rows, columns) = terminal.size
        let starts = sectionStarts()
        let total = starts.last ?? 0
        var screen = "\u{1B}[H"
        for line in 0 ..< max(0, rows - 1) {
            let row = top + line
            var text = ""
            if row < total {
                let (section, item) = locate(row, in: starts)
                if let item {
                    let path = ItemPath(section: section, item: item)
                    let id = adapter.identifier(at: path) ?? "?"
                    if let payload = adapter.cachedItem(at: path) {
                        text = "  \(payload.text)"
                    } else if adapter.itemHasVanished(at: path) {
                        text = "  (deleted) \(id)"             // the next delivery removes it
                    } else {
                        text = "  … loading \(id)"
                        fetch(path, id: id)
                    }
                } else {
                    text = "== \(adapter.title(ofSection: section) ?? "(untitled)") (\(adapter.numberOfItems(inSection: section)))"
                }
            }
            text = String(text.prefix(columns))
            let padded = text + String(repeating: " ", count: max(0, columns - text.count))
            screen += row == cursor ? "\u{1B}[7m\(padded)\u{1B}[0m" : padded
            screen += "\r\n"
        }
        screen += status(columns: columns)
        terminal.write(screen)
    }

    private func status(columns: Int) -> String {
        if let typing { return String("search: \(typing)_".prefix(columns)) + "\u{1B}[K" }
        let mode = searching.map { "search \"\($0)\" (Esc: back)" } ?? (grouped ? "by sender" : "by day")
        let text = "\(adapter.snapshot.count) items, \(adapter.numberOfSections) sections | \(mode)\(writer?.isRunning == true ? ", writer on" : "")"
            + " | \(adapter.cachedItemCount) cached, fetch \(lastFetch) | \(lastChange), "
            + String(format: "%.2f ms on main", Self.milliseconds(adapter.lastDeliveryDuration))
            + " | j/k PgUp/PgDn [ ] / g w q"
        return "\u{1B}[7m" + String(text.prefix(columns)) + "\u{1B}[0m\u{1B}[K"
    }

    private func fetch(_ path: ItemPath, id: String) {
        guard requested.insert(id).inserted else { return }
        let start = ContinuousClock.now
        adapter.item(at: path) { [weak self] _ in
            guard let self else { return }
            self.requested.remove(id)
            self.lastFetch = String(format: "%.1f ms", Self.milliseconds(ContinuousClock.now - start))
            self.scheduleRedraw()
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

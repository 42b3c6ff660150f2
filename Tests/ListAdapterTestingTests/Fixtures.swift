import ListAdapter
import ListAdapterTesting

typealias View = ReferenceListView<String, Int>
typealias Snapshot = ListSnapshot<String, Int>
typealias Failure = ReferenceListViewError<String, Int>

/// A snapshot from `(title, identifiers)` pairs; every summary is 1 unless `summaries`
/// overrides it. Titles must be distinct, since a snapshot groups entries by title.
func snapshot(_ sections: (String, [String])..., summaries: [String: Int] = [:]) -> Snapshot {
    ListSnapshot(sections.flatMap { title, ids in
        ids.map { ListEntry(id: $0, section: title, summary: summaries[$0] ?? 1) }
    })
}

/// `count` identifiers `prefix0`, `prefix1`, ….
func ids(_ prefix: String, _ count: Int) -> [String] {
    (0 ..< count).map { "\(prefix)\($0)" }
}

/// A view of `kind` showing `state`.
func view(_ kind: View.Kind, _ state: Snapshot, style: View.MessageStyle = .legacy) -> View {
    var view = View(kind: kind, messageStyle: style)
    view.reloadData(from: state)
    return view
}

/// The error `update` raises on a view of `kind` showing `before`, or `nil` when it passes.
func failure(
    _ kind: View.Kind, _ before: Snapshot, _ update: BatchUpdate, _ after: Snapshot,
    style: View.MessageStyle = .legacy
) -> Failure? {
    var view = view(kind, before, style: style)
    do {
        try view.performBatchUpdates(update, dataSource: after)
        return nil
    } catch {
        return error
    }
}

/// Shorthand for an item path.
func at(_ section: Int, _ item: Int) -> ItemPath {
    ItemPath(section: section, item: item)
}

/// Shorthand for an item move.
func move(_ from: ItemPath, _ to: ItemPath) -> ItemMove {
    ItemMove(from: from, to: to)
}

/// Every identifier the view shows, section by section.
func shownIDs(_ view: View) -> [[String]] {
    view.sections.map { $0.cells.map(\.id) }
}

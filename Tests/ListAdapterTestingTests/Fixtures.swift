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

/// A small deterministic generator (SplitMix64), so random tests can print and replay their
/// seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A person's edits applied to a list as a list view shows it: sections that an edit
/// empties stay (a `UITableView` keeps a section whose last row was dragged out), and
/// collapsed sections stay empty. Pure; runs on the calling queue.
extension ListSnapshot {
    /// This list with the item at `source` moved to `destination` (the path it has after
    /// the move, as UIKit's `tableView(_:moveRowAt:to:)` states it), and the move with the
    /// item's new neighbours. `nil` when either path is out of range.
    ///
    /// - Complexity: O(k log n + c + s) for c = n / 128 chunks and s sections when no
    ///   section is or becomes empty; O(n) otherwise.
    func moving(from source: ItemPath, to destination: ItemPath) -> (snapshot: ListSnapshot, move: ListMove<ID>)? {
        guard contains(source), titles.indices.contains(destination.section) else { return nil }
        let staysInSection = source.section == destination.section
        let destinationCount = numberOfItems(inSection: destination.section) - (staysInSection ? 1 : 0)
        guard destination.item >= 0, destination.item <= destinationCount else { return nil }
        let (id, summary) = entry(at: source)
        // The neighbours after the move: the destination section without the item.
        func neighbour(at item: Int) -> ID? {
            guard item >= 0, item < destinationCount else { return nil }
            let skipsItem = staysInSection && item >= source.item
            return identifier(at: ItemPath(section: destination.section, item: skipsItem ? item + 1 : item))
        }
        let move = ListMove(
            id: id, source: source, destination: destination,
            sourceSection: titles[source.section], destinationSection: titles[destination.section],
            previous: neighbour(at: destination.item - 1), next: neighbour(at: destination.item)
        )
        if source == destination { return (self, move) }
        // The patch keeps sections as runs of rows: it can neither keep nor fill an empty one.
        let emptiesSource = !staysInSection && numberOfItems(inSection: source.section) == 1
        if !emptiesSource, destinationCount > 0, !hasEmptySection {
            let gap = starts[destination.section] - (source.section < destination.section ? 1 : 0) + destination.item
            let patch = ListSnapshotPatch(
                touched: [id], rows: [.init(id: id, section: titles[destination.section], summary: summary, gap: gap)]
            )
            if let patched = applying(patch)?.snapshot, patched.titles == titles { return (patched, move) }
        }
        var (ids, summaries) = flatColumns()
        ids.remove(at: flatPosition(of: source))
        summaries.remove(at: flatPosition(of: source))
        var newStarts = starts
        for section in newStarts.indices where section > source.section { newStarts[section] -= 1 }
        for section in newStarts.indices where section > destination.section { newStarts[section] += 1 }
        let position = newStarts[destination.section] + destination.item
        ids.insert(id, at: position)
        summaries.insert(summary, at: position)
        let moved = ListSnapshot(flatIdentifiers: ids, summaries: summaries, titles: titles, starts: newStarts, duplicates: duplicates)!
        return (moved, move)
    }

    /// This list without the items `ids` (those it has), with the change set from this
    /// list to it. Sections the deletion empties are deleted too, as the source's list
    /// will not have them; collapsed (empty) sections stay.
    ///
    /// - Complexity: O(k log n + c + s) for k items when no section is empty; O(n)
    ///   otherwise.
    func deleting(_ ids: some Collection<ID>) -> (snapshot: ListSnapshot, changes: ListChangeSet) {
        if !hasEmptySection, let patched = applying(ListSnapshotPatch(touched: Array(ids), rows: [])) {
            return patched
        }
        let doomed = Set(ids)
        var keptIDs = ContiguousArray<ID>()
        var keptSummaries = ContiguousArray<Summary>()
        var keptTitles = ContiguousArray<String?>()
        var keptStarts = ContiguousArray<Int>([0])
        let (allIDs, allSummaries) = flatColumns()
        for section in titles.indices {
            let before = keptIDs.count
            for position in starts[section] ..< starts[section + 1] where !doomed.contains(allIDs[position]) {
                keptIDs.append(allIDs[position])
                keptSummaries.append(allSummaries[position])
            }
            // A section keeps its place if it was already empty or still has rows.
            guard keptIDs.count > before || starts[section] == starts[section + 1] else { continue }
            keptTitles.append(titles[section])
            keptStarts.append(keptIDs.count)
        }
        let next = ListSnapshot(
            flatIdentifiers: keptIDs, summaries: keptSummaries, titles: keptTitles, starts: keptStarts, duplicates: duplicates
        )!
        return (next, ListChangeSet(from: self, to: next))
    }

    /// Whether any section has no items (a collapsed one, or one a move emptied).
    ///
    /// - Complexity: O(s) for s sections.
    var hasEmptySection: Bool {
        var section = 0
        while section < titles.count {
            if starts[section] == starts[section + 1] { return true }
            section += 1
        }
        return false
    }
}

import ListAdapter

/// An oracle for ``ListChangeSet`` written independently of the engine: it recomputes
/// every fact from identifiers and titles, and counts minimal moves with a quadratic
/// longest-increasing-subsequence, not the engine's patience sort.
enum ChangeSetOracle {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func check<ID: Hashable & Sendable, Summary: Equatable & Sendable>(
        _ changes: ListChangeSet, from old: ListSnapshot<ID, Summary>, to new: ListSnapshot<ID, Summary>
    ) throws(Failure) {
        func fail(_ message: String) throws(Failure) -> Never { throw Failure(description: message) }
        let oldTitles = Array(old.sectionTitles)
        let newTitles = Array(new.sectionTitles)
        // Every list in the order ListChangeSet documents, without repeats.
        func strictlyAscending<Key: Comparable>(_ keys: [Key]) -> Bool { zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 } }
        if !strictlyAscending(changes.sectionDeletes) { try fail("section deletes not ascending: \(changes.sectionDeletes)") }
        if !strictlyAscending(changes.sectionInserts) { try fail("section inserts not ascending: \(changes.sectionInserts)") }
        if !strictlyAscending(changes.sectionMoves.map(\.to)) { try fail("section moves not ascending by destination: \(changes.sectionMoves)") }
        if !strictlyAscending(changes.itemDeletes) { try fail("item deletes not ascending: \(changes.itemDeletes)") }
        if !strictlyAscending(changes.itemInserts) { try fail("item inserts not ascending: \(changes.itemInserts)") }
        if !strictlyAscending(changes.itemMoves.map(\.to)) { try fail("item moves not ascending by destination: \(changes.itemMoves)") }
        if !strictlyAscending(changes.itemUpdates.map(\.to)) { try fail("item updates not ascending by new path: \(changes.itemUpdates)") }
        // Sections.
        let expectedSectionDeletes = oldTitles.indices.filter { !newTitles.contains(oldTitles[$0]) }
        let expectedSectionInserts = newTitles.indices.filter { !oldTitles.contains(newTitles[$0]) }
        if changes.sectionDeletes != expectedSectionDeletes { try fail("section deletes \(changes.sectionDeletes) != \(expectedSectionDeletes)") }
        if changes.sectionInserts != expectedSectionInserts { try fail("section inserts \(changes.sectionInserts) != \(expectedSectionInserts)") }
        let keptSectionsInNewOrder = newTitles.compactMap { title in oldTitles.firstIndex(of: title) }
        for move in changes.sectionMoves where oldTitles[move.from] != newTitles[move.to] {
            try fail("section move \(move) changes title")
        }
        let movedSections = Set(changes.sectionMoves.map(\.from))
        let stayingSections = keptSectionsInNewOrder.filter { !movedSections.contains($0) }
        if stayingSections != stayingSections.sorted() { try fail("unmoved sections out of order: \(stayingSections)") }
        if changes.sectionMoves.count != keptSectionsInNewOrder.count - quadraticLIS(keptSectionsInNewOrder) {
            try fail("section moves \(changes.sectionMoves.count) not minimal for \(keptSectionsInNewOrder)")
        }
        // Items: deletes, inserts and updates.
        var expectedDeletes: [ItemPath] = []
        for section in 0 ..< old.numberOfSections {
            for item in 0 ..< old.numberOfItems(inSection: section) {
                let path = ItemPath(section: section, item: item)
                if !new.contains(old.identifier(at: path)) { expectedDeletes.append(path) }
            }
        }
        if changes.itemDeletes != expectedDeletes { try fail("item deletes differ: \(changes.itemDeletes) vs \(expectedDeletes)") }
        var expectedInserts: [ItemPath] = []
        var expectedUpdates: [ItemMove] = []
        var crossSection = 0
        var requiredMoves = 0
        var stayCandidates: [String?: [(old: Int, new: Int)]] = [:]
        for section in 0 ..< new.numberOfSections {
            for item in 0 ..< new.numberOfItems(inSection: section) {
                let path = ItemPath(section: section, item: item)
                let id = new.identifier(at: path)
                guard let oldPath = old.path(of: id) else {
                    expectedInserts.append(path)
                    continue
                }
                if old.summary(at: oldPath) != new.summary(at: path) { expectedUpdates.append(ItemMove(from: oldPath, to: path)) }
                if oldTitles[oldPath.section] == newTitles[section] {
                    stayCandidates[newTitles[section], default: []].append((oldPath.item, item))
                } else {
                    crossSection += 1
                }
            }
        }
        if changes.itemInserts != expectedInserts { try fail("item inserts differ") }
        if changes.itemUpdates != expectedUpdates { try fail("item updates differ: \(changes.itemUpdates) vs \(expectedUpdates)") }
        // Moves: same identity at both ends, every cross-section item moves, the rest form
        // an increasing sequence, and the count is minimal.
        var movedIDs = Set<ID>()
        for move in changes.itemMoves {
            let id = old.identifier(at: move.from)
            if new.identifier(at: move.to) != id { try fail("move \(move) changes identity") }
            if !movedIDs.insert(id).inserted { try fail("item moved twice: \(move)") }
        }
        for (title, pairs) in stayCandidates {
            let staying = pairs.filter { pair in
                let oldSection = oldTitles.firstIndex(of: title)!
                return !movedIDs.contains(old.identifier(at: ItemPath(section: oldSection, item: pair.old)))
            }.map(\.old)
            if staying != staying.sorted() { try fail("unmoved items of \(title ?? "untitled") out of order") }
            requiredMoves += pairs.count - quadraticLIS(pairs.map(\.old))
        }
        if changes.itemMoves.count != crossSection + requiredMoves {
            try fail("item moves \(changes.itemMoves.count), minimal is \(crossSection + requiredMoves)")
        }
    }

    /// Longest strictly increasing subsequence length by the textbook O(k²) recurrence.
    static func quadraticLIS(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0 ..< index where values[earlier] < values[index] {
                best[index] = max(best[index], best[earlier] + 1)
            }
        }
        return best.max() ?? 0
    }
}

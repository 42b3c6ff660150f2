/// The change set from a snapshot to its patched version, computed from the patch: the
/// touched rows are deleted, inserted, moved or updated; untouched rows move only when
/// letting them stay would cost more moves of touched rows (see ``IncrementalMoves``).
struct IncrementalChanges<ID: Hashable & Sendable, Summary: Equatable & Sendable> {
    let changeSet: ListChangeSet

    init(
        old: ListSnapshot<ID, Summary>, new: ListSnapshot<ID, Summary>, untouched: ListSnapshot<ID, Summary>.UntouchedRows,
        rows: [ListSnapshotPatch<ID, Summary>.Row], rowPositions: [Int], oldPositionOf: [ID: Int]
    ) {
        var changes = ListChangeSet()
        let sections = SectionMatching(from: old, to: new)
        changes.sectionDeletes = sections.deletes
        changes.sectionInserts = sections.inserts
        changes.sectionMoves = sections.moves
        // Touched rows that stay in their section, grouped by their new section.
        var stayers: [Int: [IncrementalMoves.Row]] = [:]
        var kept = Set<ID>()
        for (number, row) in rows.enumerated() {
            let newPosition = rowPositions[number]
            let newPath = new.path(atFlatPosition: newPosition)
            guard let oldPosition = oldPositionOf[row.id] else {
                changes.itemInserts.append(newPath)
                continue
            }
            kept.insert(row.id)
            let oldPath = old.path(atFlatPosition: oldPosition)
            if old.summary(atFlatPosition: oldPosition) != row.summary {
                changes.itemUpdates.append(ItemMove(from: oldPath, to: newPath))
            }
            if old.titles[oldPath.section] != row.section {
                changes.itemMoves.append(ItemMove(from: oldPath, to: newPath))
            } else {
                stayers[newPath.section, default: []].append(IncrementalMoves.Row(
                    oldRank: untouched.rank(ofPosition: oldPosition), newRank: row.gap,
                    oldPosition: oldPosition, newPosition: newPosition
                ))
            }
        }
        for position in untouched.removed where !kept.contains(old.identifier(atFlatPosition: position)) {
            changes.itemDeletes.append(old.path(atFlatPosition: position))
        }
        // Inside each section with touched rows that stay: minimal moves.
        for (section, candidates) in stayers {
            let ranks = Self.untouchedRanks(ofSection: section, in: new, rowPositions: rowPositions)
            let moves = IncrementalMoves(rows: candidates, untouchedRanks: ranks)
            for row in moves.movedRows {
                changes.itemMoves.append(ItemMove(from: old.path(atFlatPosition: row.oldPosition), to: new.path(atFlatPosition: row.newPosition)))
            }
            for rank in moves.movedUntouchedRanks {
                let oldPosition = untouched.position(ofRank: rank)
                let newPosition = rank + Self.rowsBefore(untouchedRank: rank, rows: rows)
                changes.itemMoves.append(ItemMove(from: old.path(atFlatPosition: oldPosition), to: new.path(atFlatPosition: newPosition)))
            }
        }
        changes.itemDeletes.sort()
        changes.itemInserts.sort()
        changes.itemMoves.sort { $0.to < $1.to }
        changes.itemUpdates.sort { $0.to < $1.to }
        changeSet = changes
    }

    /// The ranks (among untouched rows) of the untouched rows of new section `section`:
    /// untouched rows keep their order, so they form one range.
    static func untouchedRanks(ofSection section: Int, in new: ListSnapshot<ID, Summary>, rowPositions: [Int]) -> Range<Int> {
        let start = new.starts[section]
        let end = new.starts[section + 1]
        return (start - rowsBefore(position: start, rowPositions)) ..< (end - rowsBefore(position: end, rowPositions))
    }

    /// How many patch rows have a new flat position below `position`.
    static func rowsBefore(position: Int, _ rowPositions: [Int]) -> Int {
        var low = 0
        var high = rowPositions.count
        while low < high {
            let middle = (low + high) / 2
            if rowPositions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many patch rows precede the untouched row of rank `rank` (gaps up to `rank`).
    static func rowsBefore(untouchedRank rank: Int, rows: [ListSnapshotPatch<ID, Summary>.Row]) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if rows[middle].gap <= rank { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Minimal moves inside one section where k touched rows stay (same section before and
/// after) among untouched rows, which keep their relative order.
///
/// A longest increasing subsequence of the section's surviving rows is a chain of touched
/// rows, increasing in both orders, plus every untouched row that fits between two
/// consecutive chain members in both orders. An untouched row of rank r lies before a
/// touched row c in both orders when r < min(oldRank(c), newRank(c)), and after it when
/// r ≥ max(oldRank(c), newRank(c)); so the untouched rows between p and c number
/// max(0, min(c) - max(p)). A dynamic programme over the touched rows finds the best
/// chain in O(k²) without looking at the untouched rows one by one.
struct IncrementalMoves {
    struct Row {
        /// Untouched rows before it in the old list (its rank there).
        var oldRank: Int
        /// Untouched rows before it in the new list (its gap).
        var newRank: Int
        var oldPosition: Int
        var newPosition: Int
        var low: Int { min(oldRank, newRank) }
        var high: Int { max(oldRank, newRank) }
    }

    /// Touched rows that move.
    var movedRows: [Row] = []
    /// Ranks of untouched rows that move.
    var movedUntouchedRanks: [Int] = []

    /// `rows` in new order; `untouchedRanks` the section's untouched rows.
    init(rows: [Row], untouchedRanks: Range<Int>) {
        let lower = untouchedRanks.lowerBound
        let upper = untouchedRanks.upperBound
        func between(_ from: Int, _ to: Int) -> Int { max(0, min(to, upper) - max(from, lower)) }
        // best[i]: the longest chain ending at rows[i], counting untouched rows before it.
        var best = [Int](repeating: 0, count: rows.count)
        var previous = [Int](repeating: -1, count: rows.count)
        for i in rows.indices {
            best[i] = between(lower, rows[i].low) + 1
            for j in 0 ..< i where rows[j].oldPosition < rows[i].oldPosition {
                let length = best[j] + between(rows[j].high, rows[i].low) + 1
                if length > best[i] {
                    best[i] = length
                    previous[i] = j
                }
            }
        }
        var bestLength = upper - lower      // no touched row stays: every untouched row does
        var last = -1
        for i in rows.indices {
            let length = best[i] + between(rows[i].high, upper)
            if length > bestLength {
                bestLength = length
                last = i
            }
        }
        var chain: [Int] = []
        var member = last
        while member >= 0 {
            chain.append(member)
            member = previous[member]
        }
        chain.reverse()
        var inChain = [Bool](repeating: false, count: rows.count)
        for member in chain { inChain[member] = true }
        movedRows = rows.indices.filter { !inChain[$0] }.map { rows[$0] }
        // Untouched rows stay inside the ranges the chain leaves them; the others move.
        var bounds: [(Int, Int)] = []
        var from = lower
        for member in chain {
            bounds.append((from, rows[member].low))
            from = rows[member].high
        }
        bounds.append((from, upper))
        var rank = lower
        for (start, end) in bounds {
            let clampedStart = min(max(start, lower), upper)
            while rank < clampedStart {
                movedUntouchedRanks.append(rank)
                rank += 1
            }
            rank = max(rank, min(max(end, lower), upper))
        }
        while rank < upper {
            movedUntouchedRanks.append(rank)
            rank += 1
        }
    }
}

import Foundation
import ListAdapter
import ListAdapterTesting
import Testing

/// The layout of a flat table showing sections, and pinned translations of small batches
/// into NSTableView's one-call-at-a-time row updates.
@MainActor
@Suite("Grouped rows: layout and pinned row updates")
struct GroupedRowsTests {
    @Test func titleRowsThenItemsEmptySectionsIncluded() {
        let rows = GroupedRows(itemCounts: [2, 0, 3])
        #expect(rows.rowCount == 8)
        #expect((0 ..< 8).map(rows.content(ofRow:)) == [
            .section(0), .item(ItemPath(section: 0, item: 0)), .item(ItemPath(section: 0, item: 1)),
            .section(1),
            .section(2), .item(ItemPath(section: 2, item: 0)), .item(ItemPath(section: 2, item: 1)), .item(ItemPath(section: 2, item: 2)),
        ])
        #expect(rows.row(ofSection: 2) == 4)
        #expect(rows.row(of: ItemPath(section: 2, item: 1)) == 6)
        #expect(rows.isSectionRow(3) && !rows.isSectionRow(5))
        #expect(rows.path(ofRow: 3) == nil)
        #expect(rows.itemCounts == [2, 0, 3])
    }

    @Test func withoutTitleRowsEmptySectionsTakeNoRow() {
        let rows = GroupedRows(itemCounts: [0, 2, 0, 0, 1, 0], showsSectionRows: false)
        #expect(rows.rowCount == 3)
        #expect((0 ..< 3).map(rows.content(ofRow:)) == [
            .item(ItemPath(section: 1, item: 0)), .item(ItemPath(section: 1, item: 1)), .item(ItemPath(section: 4, item: 0)),
        ])
        #expect(rows.row(ofSection: 1) == nil)
        #expect(!rows.isSectionRow(0))
    }

    @Test("Every row and path round-trip, for every small layout")
    func roundTrips() {
        for counts in [[Int]]([[], [0], [3], [0, 0], [1, 0, 2], [0, 4, 0], [5, 1, 1, 0, 2]]) {
            for shows in [true, false] {
                let rows = GroupedRows(itemCounts: counts, showsSectionRows: shows)
                #expect(rows.rowCount == counts.reduce(0, +) + (shows ? counts.count : 0))
                for row in 0 ..< rows.rowCount {
                    switch rows.content(ofRow: row) {
                    case .section(let section): #expect(rows.row(ofSection: section) == row)
                    case .item(let path): #expect(rows.row(of: path) == row)
                    }
                }
            }
        }
    }

    @Test func anItemMovedAcrossSectionsIsOneRowMoveInTheCoordinatesOfTheMoment() throws {
        // A: a0 a1 | B: b0  →  A: a1 | B: b0 a0
        let update = BatchUpdate(moveItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))])
        let rows = try #require(GroupedRowUpdate(update, from: GroupedRows(itemCounts: [2, 1]), to: GroupedRows(itemCounts: [1, 2])))
        #expect(rows.steps == [.move(from: 1, to: 4)])
    }

    @Test func deletesComeFirstThenMovesThenInsertsAtFinalRows() throws {
        // A: a0 a1 a2 | B: b0  →  B: b0 | A: n a2 a0 (a1 deleted, n inserted, B moved first)
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 1, to: 0)],
            deleteItems: [ItemPath(section: 0, item: 1)], insertItems: [ItemPath(section: 1, item: 0)],
            moveItems: [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2))]
        )
        let rows = try #require(GroupedRowUpdate(update, from: GroupedRows(itemCounts: [3, 1]), to: GroupedRows(itemCounts: [1, 3])))
        // Removed: a1 (row 2). Left: A a0 a2 B b0, bound for rows 2 5 4 0 1; B b0 is a
        // longest run in order, so A, a2 and a0 move behind b0, in final order, each in
        // the rows as the previous move left them; then n is inserted at its final row.
        #expect(rows.steps == [.remove([2]), .move(from: 0, to: 4), .move(from: 1, to: 4), .move(from: 0, to: 4), .insert([3])])
    }

    @Test func reloadsAndReconfiguresAreRowReloadsAtFinalRows() throws {
        let update = BatchUpdate(
            insertSections: [0], reloadItems: [ItemPath(section: 0, item: 1)], reconfigureItems: [ItemPath(section: 0, item: 0)]
        )
        let rows = try #require(GroupedRowUpdate(update, from: GroupedRows(itemCounts: [2]), to: GroupedRows(itemCounts: [1, 2])))
        #expect(rows.steps == [.insert([0, 1])])
        #expect(rows.reloadedRows == [3, 4])
    }

    @Test func aBatchThatDoesNotFitIsRefused() {
        let before = GroupedRows(itemCounts: [2])
        #expect(GroupedRowUpdate(BatchUpdate(deleteItems: [ItemPath(section: 0, item: 2)]), from: before, to: GroupedRows(itemCounts: [1])) == nil)
        #expect(GroupedRowUpdate(BatchUpdate(insertItems: [ItemPath(section: 0, item: 0)]), from: before, to: GroupedRows(itemCounts: [2])) == nil)
        let twice = BatchUpdate(deleteItems: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)])
        #expect(GroupedRowUpdate(twice, from: before, to: GroupedRows(itemCounts: [0])) == nil)
    }

    @Test("A million rows with a few changes: steps for the changed rows only")
    func aMillionRows() throws {
        let before = GroupedRows(itemCounts: [Int](repeating: 999, count: 1_000))     // 1,000,000 rows
        // Section 0 moves to the end, losing one item and gaining one at its end; one item
        // moves from section 500 (now 499) to the front of section 1 (now 0).
        let after = GroupedRows(itemCounts: [1_000] + [Int](repeating: 999, count: 498) + [998] + [Int](repeating: 999, count: 500))
        let update = BatchUpdate(
            moveSections: [SectionMove(from: 0, to: 999)],
            deleteItems: [ItemPath(section: 0, item: 5)],
            insertItems: [ItemPath(section: 999, item: 998)],
            moveItems: [ItemMove(from: ItemPath(section: 500, item: 7), to: ItemPath(section: 0, item: 0))]
        )
        // Measured in this thread's CPU time, not wall time: the work is synchronous on this
        // thread, and its CPU time does not grow while the thread waits for a core on a
        // loaded machine (wall time did: a second of work may take minutes there).
        let start = Self.threadCPUTime()
        let rows = GroupedRowUpdate(update, from: before, to: after)
        let elapsed = Self.threadCPUTime() - start
        let steps = try #require(rows).steps
        print("GroupedRowUpdate over 1,000,000 rows: \(elapsed) of CPU time")
        // One removal, the moved section's 999 rows (title and 998 items) and the moved
        // item, one insertion: nothing per unchanged row.
        #expect(steps.count == 1 + 999 + 1 + 1)
        #expect(steps.first == .remove([5 + 1]))
        #expect(steps.last == .insert([after.rowCount - 1]))
        // A guard, not a benchmark (about 0.9 s in a debug build): work per unchanged row
        // repeated per section or per step would cost minutes.
        #expect(elapsed < .seconds(30))
    }

    /// The CPU time the calling thread has used so far.
    static func threadCPUTime() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }
}

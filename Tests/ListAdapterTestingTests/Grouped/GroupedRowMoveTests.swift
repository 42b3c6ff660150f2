import ListAdapter
import ListAdapterTesting
import Testing

/// A row dragged in a flat table and dropped above another (AppKit's `.above` drop) as the
/// item move the adapter takes, checked against the flat reference table: moving the row
/// there leaves the rows of the sections after the item move.
@MainActor
@Suite("Grouped rows: a dropped row as an item move")
struct GroupedRowMoveTests {
    /// Sections A: a0 a1 | B: (empty) | C: c0 c1 c2, rows:
    /// 0 A, 1 a0, 2 a1, 3 B, 4 C, 5 c0, 6 c1, 7 c2 (8: the end of the table).
    let rows = GroupedRows(itemCounts: [2, 0, 3])

    func move(_ row: Int, above dropRow: Int) -> (ItemPath, ItemPath, Int)? {
        rows.itemMove(fromRow: row, droppedAbove: dropRow).map { ($0.source, $0.destination, $0.destinationRow) }
    }

    @Test func aDropAboveAnItemLandsBeforeIt() throws {
        let down = try #require(move(1, above: 7))                      // a0 above c2
        #expect(down.0 == ItemPath(section: 0, item: 0) && down.1 == ItemPath(section: 2, item: 2) && down.2 == 6)
        let up = try #require(move(6, above: 1))                        // c1 above a0
        #expect(up.0 == ItemPath(section: 2, item: 1) && up.1 == ItemPath(section: 0, item: 0) && up.2 == 1)
        let within = try #require(move(5, above: 8))                    // c0 to the end of the table
        #expect(within.1 == ItemPath(section: 2, item: 2) && within.2 == 7)
    }

    @Test func aDropAboveATitleRowLandsAtTheEndOfTheSectionBefore() throws {
        // Above C's title: the end of B, the empty section, where the drop line is drawn.
        let intoEmpty = try #require(move(6, above: 4))
        #expect(intoEmpty.1 == ItemPath(section: 1, item: 0) && intoEmpty.2 == 4)
        // Above B's title: the end of A.
        let endOfA = try #require(move(7, above: 3))
        #expect(endOfA.1 == ItemPath(section: 0, item: 2) && endOfA.2 == 3)
        // The start of C is the gap above its first item.
        let startOfC = try #require(move(2, above: 5))
        #expect(startOfC.1 == ItemPath(section: 2, item: 0) && startOfC.2 == 4)
    }

    @Test func dropsThatMoveNothingOrGoBeforeEverySectionAreRefused() {
        #expect(move(5, above: 0) == nil)                               // before the first section
        #expect(move(1, above: 1) == nil && move(1, above: 2) == nil)   // a0 where it is
        #expect(move(2, above: 3) == nil)                               // a1: the end of A is where it is
        #expect(move(7, above: 8) == nil)                               // c2 at the end of the table
        #expect(move(0, above: 5) == nil && move(3, above: 5) == nil)   // title rows are not dragged
        #expect(move(1, above: 9) == nil && move(-1, above: 4) == nil && move(1, above: -1) == nil)
    }

    @Test func withoutTitleRowsTheGapBetweenSectionsIsTheStartOfTheLaterOne() throws {
        let flat = GroupedRows(itemCounts: [2, 0, 1], showsSectionRows: false)   // a0 a1 | c0
        let moved = try #require(flat.itemMove(fromRow: 0, droppedAbove: 2))
        #expect(moved.destination == ItemPath(section: 2, item: 0) && moved.destinationRow == 1)
        #expect(try #require(flat.itemMove(fromRow: 2, droppedAbove: 0)).destination == ItemPath(section: 0, item: 0))
    }

    /// Every drag and drop of every small layout: a drop refused only where the rules say,
    /// and an accepted one that, carried out on the reference table with the row move it
    /// names, leaves exactly the rows of the list after the item move.
    @Test(arguments: [true, false])
    func everyDropOfSmallLayoutsMovesTheRowWhereTheItemMoves(showsSectionRows: Bool) {
        for counts in [[Int]]([[1], [3], [0, 2], [2, 0], [1, 0, 2], [0, 0, 1], [2, 1, 0, 3]]) {
            let rows = GroupedRows(itemCounts: counts, showsSectionRows: showsSectionRows)
            let sections = sections(counts)
            for row in -1 ... rows.rowCount {
                for dropRow in -1 ... rows.rowCount + 1 {
                    let move = rows.itemMove(fromRow: row, droppedAbove: dropRow)
                    guard let source = rows.path(ofRow: row), (0 ... rows.rowCount).contains(dropRow) else {
                        #expect(move == nil, "row \(row) above \(dropRow) of \(counts)")
                        continue
                    }
                    let refusedPlaces = showsSectionRows ? [0, row, row + 1] : [row, row + 1]
                    guard let move else {
                        #expect(refusedPlaces.contains(dropRow), "row \(row) above \(dropRow) of \(counts) was refused")
                        continue
                    }
                    #expect(!refusedPlaces.contains(dropRow) && move.source == source)
                    var after = sections
                    let item = after[source.section].remove(at: source.item)
                    after[move.destination.section].insert(item, at: move.destination.item)
                    let table = FlatReferenceTableView<FlatReferenceRow<String>, ReferenceListCell<String, String>>()
                    let before = flatRows(sections, showsSectionRows)
                    table.dataSourceCount = { before.count }
                    table.dataSourceContent = { before[$0] }
                    table.reloadListData()
                    table.moveListRow(at: move.sourceRow, to: move.destinationRow)
                    #expect(table.rejections.isEmpty)
                    #expect(table.contents == flatRows(after, showsSectionRows), "row \(row) above \(dropRow) of \(counts)")
                    #expect(rows.applying(move) == GroupedRows(itemCounts: after.map(\.count), showsSectionRows: showsSectionRows))
                }
            }
        }
    }

    private func sections(_ counts: [Int]) -> [[String]] {
        counts.enumerated().map { section, count in (0 ..< count).map { "s\(section)i\($0)" } }
    }

    private func flatRows(_ sections: [[String]], _ showsSectionRows: Bool) -> [FlatReferenceRow<String>] {
        sections.enumerated().flatMap { section, items in
            (showsSectionRows ? [.title("S\(section)")] : []) + items.map(FlatReferenceRow.item)
        }
    }
}

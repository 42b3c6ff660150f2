import ListAdapter
import ListAdapterTesting
import Testing

/// The on-screen reference view itself, without an adapter: geometry, reuse, cells that
/// follow their items through a batch, UIKit's selection and off-window behaviour.
@MainActor
@Suite("ScrollingReferenceListView")
struct ScrollingReferenceListViewTests {
    /// A view showing `state`, whose data source configures every cell with `"id@summary"`.
    static func screen(_ state: ListSnapshot<String, Int>, kind: ReferenceListViewKind = .table) -> Screen {
        let view = Screen(kind: kind)
        view.dataSource = { state }
        view.cellProvider = { [unowned view] path in
            let cell = view.dequeueListCell(reuseIdentifier: "Cell", at: path)
            let data = view.dataSource()
            cell.show(data.identifier(at: path), "\(data.identifier(at: path))@\(data.summary(at: path))")
            return cell
        }
        view.reloadListData()
        return view
    }

    @Test func theVisibleRangeFollowsTheOffsetAcrossSectionHeaders() {
        let view = Self.screen(snapshot(("A", ids("a", 3)), ("B", ids("b", 20))))
        // A: header 0-28, rows 28-160; B: header 160-188, rows from 188.
        #expect(view.visibleListPaths.first == ItemPath(section: 0, item: 0))
        #expect(view.visibleListPaths.last == ItemPath(section: 1, item: 5))
        #expect(view.listOffset(ofItemAt: ItemPath(section: 1, item: 2)) == Double(188 + 88))
        view.scroll(to: 150)
        #expect(view.visibleListPaths.first == ItemPath(section: 0, item: 2))
        view.scroll(to: 10_000)
        #expect(view.contentOffset == view.maximumContentOffset)
        #expect(view.visibleListPaths.last == ItemPath(section: 1, item: 19))
        #expect(view.cellProblems(against: view.dataSource(), requireFilled: true) { $0 == "\($1)@\($2)" }.isEmpty)
    }

    @Test func scrollingReusesCells() {
        let view = Self.screen(snapshot(("A", ids("a", 500))))
        for offset in stride(from: 0.0, through: 20_000, by: 137) { view.scroll(to: offset) }
        #expect(view.createdCellCount <= 12)
        #expect(view.cellProblems(against: view.dataSource(), requireFilled: true) { $0 == "\($1)@\($2)" }.isEmpty)
    }

    @Test(arguments: [ReferenceListViewKind.table, .collection])
    func cellsFollowTheirItemsThroughABatch(kind: ReferenceListViewKind) throws {
        let before = snapshot(("A", ids("a", 12)))
        let after = snapshot(("A", ["a1", "a0", "new"] + ids("a", 12).dropFirst(3)), summaries: ["a5": 2])
        let view = Self.screen(before, kind: kind)
        let cell0 = try #require(view.visibleListCell(at: ItemPath(section: 0, item: 0)))
        let cell2 = try #require(view.visibleListCell(at: ItemPath(section: 0, item: 2)))
        let cell5 = try #require(view.visibleListCell(at: ItemPath(section: 0, item: 5)))
        view.tap(at: ItemPath(section: 0, item: 0))
        view.dataSource = { after }
        let update = try #require(ListUpdate(from: before, to: after).batches.first).update
        view.performListUpdates { update.apply(to: view) }
        #expect(view.rejections.isEmpty)
        #expect(view.visibleListCell(at: ItemPath(section: 0, item: 1)) === cell0)     // moved with a0
        #expect(view.visibleListCell(at: ItemPath(section: 0, item: 5)) === cell5)     // reconfigured in place
        #expect(cell5.payload == "a5@2")
        #expect(cell2.id != "a2")                                                       // deleted: back to the pool
        #expect(view.selectedListPaths == [ItemPath(section: 0, item: 1)])             // selection follows a0
        #expect(view.cellProblems(against: after, requireFilled: true) { $0 == "\($1)@\($2)" }.isEmpty)
    }

    @Test func reloadsDropTheSelection() throws {
        let before = snapshot(("A", ids("a", 5)))
        let after = snapshot(("A", ids("a", 5)), summaries: ["a1": 2])
        let view = Self.screen(before)
        view.tap(at: ItemPath(section: 0, item: 1))
        view.tap(at: ItemPath(section: 0, item: 3))
        view.dataSource = { after }
        let update = try #require(ListUpdate(from: before, to: after, updateStyle: .reload).batches.first).update
        #expect(update.reloadItems == [ItemPath(section: 0, item: 1)])
        view.performListUpdates { update.apply(to: view) }
        #expect(view.selectedListPaths == [ItemPath(section: 0, item: 3)])
        view.reloadListData()
        #expect(view.selectedListPaths.isEmpty)
    }

    @Test func outOfItsWindowABatchThatChangesCountsIsRejected() throws {
        let before = snapshot(("A", ids("a", 5)))
        let after = snapshot(("A", ids("a", 6)))
        let update = try #require(ListUpdate(from: before, to: after).batches.first).update
        for inWindow in [true, false] {
            let view = Self.screen(before)
            view.isInWindow = inWindow
            view.dataSource = { after }
            view.performListUpdates { update.apply(to: view) }
            #expect(view.rejections.isEmpty == inWindow)
            #expect(view.rejections.first?.rule == (inWindow ? nil : .r15))
        }
    }
}

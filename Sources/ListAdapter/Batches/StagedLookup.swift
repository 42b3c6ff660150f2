/// How an intermediate state of a staged update (see ``ListSnapshot/staged(state:plan:nodes:old:new:changes:updated:)``)
/// finds an identifier without an index of its own: its sections are whole sections of the
/// old or the new list, whose indexes already know every item's place, plus a few sections
/// built item by item, whose items it keeps in a small table.
///
/// Not public. Immutable once built; shared by the copies of one state, on any queue.
@usableFromInline
final class StagedLookup<ID: Hashable & Sendable, Summary: Equatable & Sendable>: Sendable {
    @usableFromInline let old: ListSnapshot<ID, Summary>
    @usableFromInline let new: ListSnapshot<ID, Summary>
    /// For each old section, the state's section that is that whole old section, or -1.
    @usableFromInline let stateSectionOfOld: ContiguousArray<Int>
    /// For each new section, the state's section that is that whole new section, or -1.
    @usableFromInline let stateSectionOfNew: ContiguousArray<Int>
    /// Flat positions of the items of the sections built item by item.
    @usableFromInline let others: [ID: Int]

    @usableFromInline
    init(
        old: ListSnapshot<ID, Summary>, new: ListSnapshot<ID, Summary>, stateSectionOfOld: ContiguousArray<Int>,
        stateSectionOfNew: ContiguousArray<Int>, others: [ID: Int]
    ) {
        self.old = old
        self.new = new
        self.stateSectionOfOld = stateSectionOfOld
        self.stateSectionOfNew = stateSectionOfNew
        self.others = others
    }

    /// The flat position of `id` in the state whose section starts are `starts`.
    ///
    /// - Complexity: Expected O(1): at most two index lookups and a table lookup.
    @inlinable
    func flatPosition(of id: ID, starts: ContiguousArray<Int>) -> Int? {
        if let position = others[id] { return position }
        if let path = new.path(of: id), stateSectionOfNew[path.section] >= 0 {
            return starts[stateSectionOfNew[path.section]] + path.item
        }
        if let path = old.path(of: id), stateSectionOfOld[path.section] >= 0 {
            return starts[stateSectionOfOld[path.section]] + path.item
        }
        return nil
    }
}

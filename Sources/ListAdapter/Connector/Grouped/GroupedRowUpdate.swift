/// One ``BatchUpdate`` as the row operations a flat table (`NSTableView`) performs: the
/// steps between `beginUpdates()` and `endUpdates()`, in order, then the rows to reload.
///
/// A flat table applies each call at once: every step's rows are in the coordinates of
/// the rows as the previous steps left them (unlike UIKit's batch, whose deletes name rows
/// before it and inserts rows after it). The steps are: the rows that leave, removed in
/// one call; the moves that put the remaining rows in their new order, one row at a time;
/// the new rows, inserted in one call at their final rows. Reloads come after
/// `endUpdates()`, at final rows.
///
/// ```swift
/// let before = GroupedRows(oldSnapshot), after = GroupedRows(batch.after)
/// if let rows = GroupedRowUpdate(batch.update, from: before, to: after) {
///     rows.apply(to: tableView)
/// }
/// ```
///
/// A deleted, inserted or reloaded section removes or inserts its title row and its items;
/// a moved section moves them; an item moved across sections is one row move. Moves are
/// kept few: the rows that keep their relative order are one longest increasing run, and
/// only the others move (a section moved across a long list moves its own rows, or the
/// rows it jumps over, whichever are fewer).
///
/// Thread safety: a value type; use it on any queue.
public struct GroupedRowUpdate: Hashable, Sendable {
    /// One call between `beginUpdates()` and `endUpdates()`.
    ///
    /// Thread safety: a value type; use it on any queue.
    public enum Step: Hashable, Sendable {
        /// `removeRows(at:)`: rows as they are before this step, ascending.
        case remove([Int])
        /// `insertRows(at:)`: the rows the new rows have once inserted, ascending.
        case insert([Int])
        /// `moveRow(at:to:)`: the row before this step, and its row after it.
        case move(from: Int, to: Int)
    }

    /// The calls to make between `beginUpdates()` and `endUpdates()`, in order.
    public var steps: [Step]
    /// The rows to reload after `endUpdates()` (reloaded and reconfigured items), final
    /// rows, ascending.
    public var reloadedRows: [Int]

    /// Creates an update from its steps and reloads.
    ///
    /// - Parameters:
    ///   - steps: the calls to make between `beginUpdates()` and `endUpdates()`, in order;
    ///     none by default.
    ///   - reloadedRows: the rows to reload after `endUpdates()`, final rows, ascending; none
    ///     by default.
    public init(steps: [Step] = [], reloadedRows: [Int] = []) {
        self.steps = steps
        self.reloadedRows = reloadedRows
    }

    /// Whether there is nothing to do.
    public var isEmpty: Bool { steps.isEmpty && reloadedRows.isEmpty }

    /// Performs the update on `view`: `beginListUpdates()`, the steps, `endListUpdates()`,
    /// then the reloads. The view's data source must already answer with the rows after
    /// the update.
    ///
    /// Main actor only.
    ///
    /// - Parameter view: the flat view to update. With no steps it gets no
    ///   `beginListUpdates()`; with no reloaded rows, no `reloadListRows(at:)`.
    @MainActor
    public func apply(to view: some FlatListView) {
        if !steps.isEmpty {
            view.beginListUpdates()
            for step in steps {
                switch step {
                case .remove(let rows): view.removeListRows(at: rows)
                case .insert(let rows): view.insertListRows(at: rows)
                case .move(let from, let to): view.moveListRow(at: from, to: to)
                }
            }
            view.endListUpdates()
        }
        if !reloadedRows.isEmpty { view.reloadListRows(at: reloadedRows) }
    }
}

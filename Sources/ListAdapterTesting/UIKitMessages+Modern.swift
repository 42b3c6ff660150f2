/// The iOS 16.4 and later count-mismatch text (R16).
///
/// UIKit prints it as below (a real table-view instance, from a reload whose data source
/// lost rows):
///
/// ```text
/// Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
/// Data source before updates = { 1 section with row counts: [30] }
/// Data source after updates = { 1 section with row counts: [29] }
/// Updates = [
/// 	Delete row (0 - 0),
/// 	Insert row (0 - 0)
/// ]
/// Table view: <UITableView: 0x…>
/// ```
///
/// The update list is UIKit's final update vector: deletes descending, then moves, then
/// inserts ascending, after reload decomposition and after dropping the item operations
/// inside deleted or inserted sections. Item and section deletes and inserts print as in
/// the recorded instances; moves, which no recorded instance shows, print as
/// `Move row (0 - 1) -> (0 - 2)` and `Move section 0 -> 1`, and sections as
/// `Delete section 2`. The view line names the model: `Table view: <ReferenceListView>`.
extension UIKitMessages {
    /// R16: the whole message.
    func invalidBatch(
        before: [Int], after: [Int],
        deletes: [UpdatePath], moves: [UpdateMove], inserts: [UpdatePath]
    ) -> String {
        var updates: [String] = []
        updates.reserveCapacity(deletes.count + moves.count + inserts.count)
        for delete in deletes { updates.append("Delete \(operand(delete))") }
        for move in moves {
            updates.append(
                move.isSection
                    ? "Move section \(move.from.section) -> \(move.to.section)"
                    : "Move \(row) (\(move.from)) -> (\(move.to))"
            )
        }
        for insert in inserts { updates.append("Insert \(operand(insert))") }
        let list = updates.isEmpty ? "" : "\n\t" + updates.joined(separator: ",\n\t")
        return [
            "Invalid batch updates detected: the number of sections and/or \(rows) returned by the data source before and/or after performing the batch updates are inconsistent with the updates.",
            "Data source before updates = \(dataSource(before))",
            "Data source after updates = \(dataSource(after))",
            "Updates = [\(list)\n]",
            "\(kind == .table ? "Table view" : "Collection view"): <ReferenceListView>",
        ].joined(separator: "\n")
    }

    /// `{ 1 section with row counts: [30] }`.
    private func dataSource(_ counts: [Int]) -> String {
        let sections = counts.count == 1 ? "section" : "sections"
        let list = counts.map(String.init).joined(separator: ", ")
        return "{ \(counts.count) \(sections) with \(row) counts: [\(list)] }"
    }
}

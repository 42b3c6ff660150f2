import ListAdapter

/// One step of a patch program, checked: the step's patch applied to `old`, against a full
/// rebuild of the edited list, a full diff and both reference views.
struct PatchStep {
    let number: Int
    let old: ListSnapshot<Int, Int>
    let model: PatchModel

    /// What the step did, for the shape report.
    enum Outcome { case patched(ListChangeSet), refused }

    /// Applies the step and checks it; returns the list the next step patches (the patched
    /// snapshot itself, so that chained patches patch shared chunks and an overlaid index)
    /// or, when the library refused the patch, the list reloaded in full (as the adapter
    /// does; the caller regroups the model's rows to match).
    func run() -> (next: ListSnapshot<Int, Int>, outcome: Outcome) {
        let patch = model.patch()
        func context() -> String { "step \(number): old \(describe(old)) new \(model.rows.count <= 40 ? "\(model.entries)" : "\(model.rows.count) rows") touched \(model.touched.prefix(40))" }
        let oldEntries = old.entries
        checkUntouchedRows(oldEntries, context)
        let oldTitles = old.sectionTitles
        let oldPaths = oldEntries.map { old.path(of: $0.id) }
        let result = old.applying(patch)
        // The old snapshot shares chunks and index pages with the patched one: it must read
        // as before.
        if old.entries != oldEntries || old.sectionTitles != oldTitles { fail("applying changed the old snapshot; \(context())") }
        for (entry, path) in zip(oldEntries, oldPaths) where old.path(of: entry.id) != path || path == nil {
            fail("after applying, the old snapshot lost \(entry.id)'s place; \(context())")
        }
        let rebuilt = ListSnapshot(model.entries)
        if rebuilt.count != model.rows.count { fail("fuzzer's model holds a duplicate id; \(context())") }
        guard let result else {
            if model.sectionsAreContiguous { fail("refused a valid patch (\(patch.rows.count) rows, \(patch.touched.count) touched); \(context())") }
            return (rebuilt, .refused)
        }
        if !model.sectionsAreContiguous { fail("applied a patch that interleaves sections: \(describe(result.snapshot)); \(context())") }
        checkSnapshot(result.snapshot, equals: rebuilt, context)
        checkChanges(result.changes, to: result.snapshot, rebuilt: rebuilt, context)
        return (result.snapshot, .patched(result.changes))
    }

    /// ``ListSnapshot/UntouchedRows``, the gap-finding view a data source reads, against
    /// the old rows less the touched ones.
    private func checkUntouchedRows(_ oldEntries: [ListEntry<Int, Int>], _ context: () -> String) {
        let touched = Set(model.touched)
        let untouched = old.untouchedRows(excluding: model.touched)
        let expected = oldEntries.filter { !touched.contains($0.id) }
        if untouched.count != expected.count { fail("untouchedRows.count \(untouched.count), expected \(expected.count); \(context())") }
        for (rank, entry) in expected.enumerated() {
            if untouched.identifier(atRank: rank) != entry.id || untouched.section(atRank: rank) != entry.section {
                fail("untouched row of rank \(rank) is \(untouched.identifier(atRank: rank)), expected \(entry.id); \(context())")
            }
        }
        var rank = 0
        for entry in oldEntries {
            if touched.contains(entry.id) {
                if untouched.formerGap(of: entry.id) != rank { fail("formerGap(of: \(entry.id)) \(String(describing: untouched.formerGap(of: entry.id))), expected \(rank); \(context())") }
            } else {
                rank += 1
            }
        }
        for id in touched where !old.contains(id) && untouched.formerGap(of: id) != nil { fail("formerGap of absent \(id) is not nil; \(context())") }
        // The untouched rows must be where the model left them, in the same order: else
        // the fuzzer's own edit was wrong, not the library.
        let kept = model.rows.filter { !touched.contains($0.id) }
        if kept.map(\.id) != expected.map(\.id) { fail("fuzzer's model moved an untouched row; \(context())") }
    }

    /// The patched snapshot against the one built from scratch: sections, titles, items,
    /// summaries, and every identifier lookup (present ones and those the step removed).
    private func checkSnapshot(_ patched: ListSnapshot<Int, Int>, equals rebuilt: ListSnapshot<Int, Int>, _ context: () -> String) {
        if patched != rebuilt { fail("patched \(describe(patched)) != rebuilt \(describe(rebuilt)); \(context())") }
        if patched.entries != model.entries { fail("patched entries differ from the model's rows; \(context())") }
        if !patched.duplicates.isEmpty { fail("patched snapshot reports duplicates; \(context())") }
        for row in model.rows {
            let path = patched.path(of: row.id)
            if path != rebuilt.path(of: row.id) { fail("path(of: \(row.id)) \(String(describing: path)), rebuilt \(String(describing: rebuilt.path(of: row.id))); \(context())") }
            if let path, patched.identifier(at: path) != row.id { fail("identifier at \(path) is not \(row.id); \(context())") }
            if patched.summary(of: row.id) != row.summary { fail("summary(of: \(row.id)) is not \(row.summary); \(context())") }
        }
        for id in Set(model.touched) where !rebuilt.contains(id) {
            if patched.contains(id) || patched.path(of: id) != nil { fail("removed id \(id) still indexed; \(context())") }
        }
    }

    /// The patch's change set against a full diff: deletes, inserts, updates and section
    /// changes equal; moves may pick other rows among equally few (both are checked by the
    /// oracle, which requires the minimum). Then the batches staged from it replay.
    private func checkChanges(_ changes: ListChangeSet, to patched: ListSnapshot<Int, Int>, rebuilt: ListSnapshot<Int, Int>, _ context: () -> String) {
        let minimum = DiffOracle.check(changes, from: old, to: patched)
        let full = ListChangeSet(from: old, to: rebuilt)
        if changes.sectionDeletes != full.sectionDeletes || changes.sectionInserts != full.sectionInserts
            || changes.sectionMoves != full.sectionMoves {
            fail("section changes differ from the full diff: \(changes) vs \(full); \(context())")
        }
        if changes.itemDeletes != full.itemDeletes || changes.itemInserts != full.itemInserts || changes.itemUpdates != full.itemUpdates {
            fail("item deletes, inserts or updates differ from the full diff: \(changes) vs \(full); \(context())")
        }
        if changes.itemMoves.count != full.itemMoves.count { fail("\(changes.itemMoves.count) moves, the full diff \(full.itemMoves.count); \(context())") }
        if changes.isEmpty != (old == patched) { fail("change set isEmpty \(changes.isEmpty) but lists equal \(old == patched); \(context())") }
        checkUpdates(changes, minimum: minimum, from: old, to: patched, context: context) { style, batching in
            ListUpdate(changes: changes, old: old, new: patched, updateStyle: style, batching: batching)
        }
    }
}
